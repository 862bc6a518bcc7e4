import { LIFTED_CHAT_FIELDS } from '../request/extra-body';
import { chatParamsSchema } from './conversation';

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
