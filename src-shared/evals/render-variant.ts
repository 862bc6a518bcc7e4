import { streamedChatBody, type WireChatMessage } from '../request/chat-body';
import type { EvalTarget, PromptVariant } from './eval-definition';
import { type DatasetRow, fillTemplates } from './fill-template';

export type RenderedVariant = { ok: true; messages: WireChatMessage[] } | { ok: false; missing: string[] };

/**
 * A prompt variant for one dataset row, as chat messages: the system template (left out when
 * the variant has none) and the user template, filled from the row's variables. The expected
 * value is never among them (the definition refuses a prompt that uses it).
 */
export function renderVariant(variant: PromptVariant, row: DatasetRow): RenderedVariant {
  const filled = fillTemplates([variant.system, variant.user], row.variables);
  if (!filled.ok) return filled;
  const [system, user] = filled.texts;
  const messages: WireChatMessage[] = variant.system ? [{ role: 'system', content: system }] : [];
  messages.push({ role: 'user', content: user });
  return { ok: true, messages };
}

/**
 * The exact body a cell sends: Chat's own (streamedChatBody), so an eval's reply is what the
 * same prompt gets in Chat, and View code shows what was sent.
 */
export function evalRequestBody(variant: PromptVariant, target: EvalTarget, messages: WireChatMessage[]) {
  return streamedChatBody({ ...variant.params, model: target.model, messages });
}
