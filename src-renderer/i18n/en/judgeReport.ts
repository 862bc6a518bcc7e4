/** "Save report…" in the Agreement and Drift views (docs/architecture.md, "Reports"). */
export const judgeReport = {
  'judge.report.save': 'Save report…',
  'judge.report.saving': 'Saving report…',
  'judge.report.written': 'Report written to {path}',
  'judge.report.hintAgreement':
    'One HTML file with every figure, its interval and the charts; it loads nothing, so it can be sent as it is.',
  'judge.report.hintDrift':
    'One HTML file with the paired statistics, their intervals and the flipped cases; it loads nothing, so it can be sent as it is.',
};
