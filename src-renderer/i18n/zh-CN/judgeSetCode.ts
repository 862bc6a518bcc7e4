import type { judgeSetCode as en } from '../en/judgeSetCode';

/** 题集连同阈值导出为代码（features/judge/export）。 */
export const judgeSetCode: Record<keyof typeof en, string> = {
  'setCode.open': '带阈值的代码',
  'setCode.dialog': '题集代码',
  'setCode.title': '“{name}”的代码',
  'setCode.languages': '语言',
  'setCode.lang.typescript': 'TypeScript',
  'setCode.lang.python': 'Python',
  'setCode.lang.curl': 'curl',
  'setCode.model': '评审模型',
  'setCode.aliasWarning':
    '{model} 是别名：其背后的版本会变化，在一个版本上调好的阈值换了版本未必成立。要发布的代码请固定为 {pinned}。',
  'setCode.thresholds': '是非题的回答按调好的阈值判定：{list}。',
  'setCode.untuned': '此题集尚未调过阈值：每个是非题的回答都按 0.5 判定。',
  'setCode.noNoul': '此题集没有是非题：回答都是选项和分数，没有阈值。',
  'setCode.empty': '此题集还没有问题：添加一个后，这里会显示它的代码。',
  'setCode.needs.typescript':
    '保存为 judge.mts，用 Node 23.6 或更新版本运行（node judge.mts；Node 22.6+ 需加 --experimental-strip-types）。',
  'setCode.needs.python': '需要 requests 包（pip install requests）。',
  'setCode.needs.curl': '调用上方的注释列出了阈值，以及读取判定结果的 jq 过滤器。',
};
