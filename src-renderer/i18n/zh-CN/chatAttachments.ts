import type { chatAttachments as en } from '../en/chatAttachments';

/** 聊天消息的附件（docs/architecture.md，“Chat attachments”）。 */
export const chatAttachments: Record<keyof typeof en, string> = {
  'chat.attach': '添加附件',
  'chat.attachHint': '图片（PNG、JPEG、WebP、GIF）和文本文件——也可以粘贴或拖放到这里',
  'chat.attachDrop': '松开即可添加文件',
  'chat.attachments': '已添加的文件',
  'chat.attachRemove': '移除 {name}',
  'chat.attachReading': '正在添加 {name}…',
  'chat.attachFailed': '{name} 未添加：{reason}',
  'chat.attachUnsupported':
    '只能添加图片（PNG、JPEG、WebP、GIF）和文本文件（代码、Markdown、CSV、JSON、纯文本）',
  'chat.attachTooLarge': '文件大小为 {size}，上限为 {limit}',
  'chat.attachTooMany': '一条消息最多 {count} 个文件',
  'chat.attachDownscale': '缩小到长边 {px} 像素',
  'chat.attachDownscaleHint': '对之后添加的图片生效；GIF 按原样发送',
  'chat.attachDetail': '图片细节',
  'chat.attachDetailAuto': '自动',
  'chat.attachDetailLow': '低',
  'chat.attachDetailHigh': '高',
  'chat.attachmentImage': '查看 {name}（{width}×{height}）',
  'chat.attachmentText': '{name}，{size}',
  'chat.attachmentViewer': '图片 {name}',
  'chat.attachmentClose': '关闭',
  'chat.imageRefusedHint': '这个模型可能不接受图片：换一个支持图片的模型，或编辑问题、去掉图片后再发送。',
};
