/** The extra-body-fields editor and the request preview, shared by every form. */
export const request = {
  'extra.title': 'Extra body fields',
  'extra.count': '({n} set)',
  'extra.label': 'Extra body fields (JSON object)',
  'extra.hint': 'Added to the request body after the form’s own fields, e.g. a seed or a vendor option.',
  'extra.note': 'The gateway’s spec does not show these fields, so the gateway may ignore or refuse them.',
  'extra.placeholder': '{ "seed": 42 }',
  'extra.rule.json': 'Extra body fields: not valid JSON — {detail}',
  'extra.rule.notObject': 'Extra body fields must be a JSON object such as {"seed": 42}, not {got}.',
  'extra.got.array': 'an array',
  'extra.got.null': 'null',
  'extra.got.string': 'a string',
  'extra.got.number': 'a number',
  'extra.got.boolean': 'true or false',
  'extra.rule.tooManyKeys': 'Extra body fields may hold at most {max} fields (this has {count}).',
  'extra.rule.tooLarge': 'Extra body fields must be at most {max} KB as JSON (this is {kb} KB).',
  'extra.rule.keyName':
    'extra.{key}: is not a plain field name — use letters, digits, _ . - (at most {max} characters).',
  'extra.rule.reserved': 'extra.{key}: is set by the form — change it there.',
  'extra.saved': 'Extra body fields:',
  'extra.blocked': 'Not sent: {problem}',
  'preview.title': 'Request body that will be sent',
  'preview.omitted': '{start}…({n} characters)',
  'preview.chatHistory':
    'Earlier turns of the conversation are sent too; the preview shows only the new one.',
};
