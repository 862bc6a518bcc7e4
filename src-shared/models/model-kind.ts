/** What a model is for; the picker groups by it and shows the current tab's kind first. */
export type ModelKind = 'chat' | 'embedding' | 'image' | 'speech' | 'video' | 'judge';

/** Display order of the groups after the current tab's own kind. */
export const MODEL_KINDS: readonly ModelKind[] = ['chat', 'embedding', 'image', 'speech', 'video', 'judge'];

/**
 * The rules, first match wins. Gateways rarely say what a model does, so the id is a guess:
 * more specific words come before broader ones ("video" before "image" so an image-to-video id
 * lands in video; "judge" first because judge ids often contain "chat"). `sd` only as a whole
 * word so ids such as "gpt-4-sdk" stay chat.
 */
export const KIND_RULES: readonly { kind: ModelKind; pattern: RegExp }[] = [
  { kind: 'judge', pattern: /judge|jev/i },
  { kind: 'embedding', pattern: /embed/i },
  {
    kind: 'video',
    pattern: /video|(^|[^a-z])vid(model|eo)?([^a-z]|$)|seedance|kling|(^|[^a-z])wan([^a-z]|$)|veo|sora/i,
  },
  { kind: 'speech', pattern: /tts|speech|audio|voice|whisper/i },
  { kind: 'image', pattern: /image|dall-?e|flux|(^|[^a-z])sd([^a-z]|$)|diffusion|imagen/i },
];

/** A field a gateway's list may carry ("type", "mode", …) saying what the model does. */
const FIELD_WORDS: readonly { kind: ModelKind; pattern: RegExp }[] = [
  { kind: 'embedding', pattern: /embed/i },
  { kind: 'video', pattern: /video/i },
  { kind: 'speech', pattern: /tts|speech|audio|transcri/i },
  { kind: 'image', pattern: /image/i },
  { kind: 'judge', pattern: /judge|rerank/i },
  { kind: 'chat', pattern: /chat|completion|text|llm/i },
];

/** The kind of one model: what the gateway said, else a guess from its id; chat by default. */
export function guessModelKind(model: { id: string; type?: string }): ModelKind {
  if (model.type) {
    const said = FIELD_WORDS.find((r) => r.pattern.test(model.type ?? ''));
    if (said) return said.kind;
  }
  return KIND_RULES.find((r) => r.pattern.test(model.id))?.kind ?? 'chat';
}
