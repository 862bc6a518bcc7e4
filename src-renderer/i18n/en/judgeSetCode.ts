/** The question set as code with its thresholds (features/judge/export). */
export const judgeSetCode = {
  'setCode.open': 'Code with thresholds',
  'setCode.dialog': 'The question set as code',
  'setCode.title': '“{name}” as code',
  'setCode.languages': 'Language',
  'setCode.lang.typescript': 'TypeScript',
  'setCode.lang.python': 'Python',
  'setCode.lang.curl': 'curl',
  'setCode.model': 'Judge model',
  'setCode.aliasWarning':
    '{model} is an alias: the version behind it changes, and thresholds tuned on one version may not hold on the next. Pin {pinned} for code you ship.',
  'setCode.thresholds': 'Noul answers are read at the tuned thresholds: {list}.',
  'setCode.untuned': 'No threshold has been tuned for this set yet: every noul answer is read at 0.5.',
  'setCode.noNoul': 'This set has no noul question: its answers are choices and scores, with no threshold.',
  'setCode.empty': 'This set has no questions yet: add one, then its code shows here.',
  'setCode.needs.typescript':
    'Save as judge.mts and run it with Node 23.6 or newer (node judge.mts; Node 22.6+: add --experimental-strip-types).',
  'setCode.needs.python': 'Needs the requests package (pip install requests).',
  'setCode.needs.curl':
    'The comment above the call lists the thresholds and a jq filter that reads the verdicts.',
};
