/** Files attached to chat messages (docs/architecture.md, "Chat attachments"). */
export const chatAttachments = {
  'chat.attach': 'Attach files',
  'chat.attachHint': 'Images (PNG, JPEG, WebP, GIF) and text files — or paste or drop them here',
  'chat.attachDrop': 'Drop files to attach them',
  'chat.attachments': 'Attached files',
  'chat.attachRemove': 'Remove {name}',
  'chat.attachReading': 'Adding {name}…',
  'chat.attachFailed': '{name} was not added: {reason}',
  'chat.attachUnsupported':
    'only images (PNG, JPEG, WebP, GIF) and text files (code, Markdown, CSV, JSON, plain text) can be attached',
  'chat.attachTooLarge': 'it is {size}; the limit is {limit}',
  'chat.attachTooMany': 'a message holds at most {count} files',
  'chat.attachDownscale': 'Downscale to {px} px long side',
  'chat.attachDownscaleHint': 'Applies to images added from now on; GIFs are sent as they are',
  'chat.attachDetail': 'Image detail',
  'chat.attachDetailAuto': 'auto',
  'chat.attachDetailLow': 'low',
  'chat.attachDetailHigh': 'high',
  'chat.attachmentImage': 'Open {name} ({width}×{height})',
  'chat.attachmentText': '{name}, {size}',
  'chat.attachmentViewer': 'Image {name}',
  'chat.attachmentClose': 'Close',
  'chat.imageRefusedHint':
    'This model may not take images: pick a model that does, or edit the question to send it without them.',
} as const;
