import type { log as en } from '../en/log';

export const log: Record<keyof typeof en, string> = {
  'log.title': '请求日志',
  'log.empty': '本次会话还没有调用网关。',
  'log.clear': '清空日志',
  'log.copyCurl': '复制为 curl',
  'log.curlNote': '该命令从 $GATEWAY_API_KEY 读取密钥。',
  'log.requestBody': '请求体',
  'log.responseStart': '响应（开头）',
  'log.headers': '请求头',
  'log.timings': '首字节 {first} 毫秒 · 结束 {end} 毫秒',
  'log.sizes': '发送 {req} B · 接收 {res} B',
  'log.requestId': '网关请求 ID：{requestId}',
  'log.pending': '进行中',
  'log.failed': '失败',
  'log.close': '关闭请求日志',
  'log.filter': '筛选日志',
  'log.filterPlaceholder': '筛选：chat、429、5xx、failed…',
  'log.noMatch': '没有符合筛选条件的调用。',
};
