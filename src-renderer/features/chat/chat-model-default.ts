/** A model id that names a chat model, by the words gateways' chat models usually carry. */
export const looksLikeChat = (id: string) =>
  /chat|gpt|instruct|llama|qwen|claude|deepseek|glm|kimi|doubao/i.test(id);

/**
 * The model a new comparison column starts on: a chat model no other column uses yet, else the
 * first chat model, else the first model; empty when the list is.
 */
export function nextCompareModel(ids: readonly string[], used: ReadonlySet<string>): string {
  const chat = ids.filter(looksLikeChat);
  return chat.find((id) => !used.has(id)) ?? chat[0] ?? ids[0] ?? '';
}
