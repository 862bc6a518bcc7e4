import { chatParamsSchema } from './conversation';

/**
 * Request fields that were typed as extra body fields before the chat form had fields of its
 * own for them, in the order they are lifted (`top_logprobs` needs `logprobs` first, and
 * `tool_choice` and `parallel_tool_calls` need `tools`).
 */
export const LIFTED_CHAT_FIELDS = [
  'seed',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'reasoning_effort',
  'logprobs',
  'top_logprobs',
  'response_format',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
] as const;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A saved conversation's or preset's params and extras, with each extra the form now owns moved
 * into the params where the form's own rule accepts it (docs/architecture.md, "How to add a
 * migration"). One the rule refuses stays an extra, so nothing is lost: sending it then says
 * "is set by the form — change it there", naming the field.
 */
export function liftFormFields(
  params: unknown,
  extra: unknown,
): { params: Json; extra: Json | undefined; moved: string[] } {
  const nextParams: Json = isObject(params) ? { ...params } : {};
  if (!isObject(extra)) return { params: nextParams, extra: extra as Json | undefined, moved: [] };
  const nextExtra: Json = { ...extra };
  const moved: string[] = [];
  for (const key of LIFTED_CHAT_FIELDS) {
    if (!(key in nextExtra) || key in nextParams) continue;
    const candidate = { ...nextParams, [key]: nextExtra[key] };
    if (!chatParamsSchema.safeParse(candidate).success) continue;
    nextParams[key] = nextExtra[key];
    delete nextExtra[key];
    moved.push(key);
  }
  return { params: nextParams, extra: nextExtra, moved };
}
