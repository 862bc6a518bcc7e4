/** 一致性与漂移视图中的「保存报告…」（docs/architecture.md, "Reports"）。 */
export const judgeReport = {
  'judge.report.save': '保存报告…',
  'judge.report.saving': '正在保存报告…',
  'judge.report.written': '报告已写入 {path}',
  'judge.report.hintAgreement': '一个 HTML 文件，包含每个数字、其区间与图表；它不加载任何内容，可直接发送。',
  'judge.report.hintDrift':
    '一个 HTML 文件，包含配对统计、其区间与翻转的用例；它不加载任何内容，可直接发送。',
};
