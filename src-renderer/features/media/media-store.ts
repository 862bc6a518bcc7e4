import { create } from 'zustand';

export type MediaSection = 'images' | 'speech' | 'embeddings';

export interface ImageDraft {
  prompt: string;
  model: string;
  size: string;
  count: string;
  responseFormat: 'url' | 'b64_json';
  /** The extra-body-fields editor's text, as typed. */
  extra: string;
}
export interface SpeechDraft {
  text: string;
  model: string;
  voice: string;
  format: 'wav' | 'mp3' | 'opus' | 'aac' | 'flac' | 'pcm';
  speed: string;
  extra: string;
}
export interface EmbedDraft {
  inputs: string;
  model: string;
  dimensions: string;
  encodingFormat: 'float' | 'base64';
  extra: string;
}

/** Drafts live here so switching tabs or a failed request never loses what the user typed. */
interface MediaState {
  section: MediaSection;
  image: ImageDraft;
  speech: SpeechDraft;
  embed: EmbedDraft;
  setSection: (s: MediaSection) => void;
  setImage: (p: Partial<ImageDraft>) => void;
  setSpeech: (p: Partial<SpeechDraft>) => void;
  setEmbed: (p: Partial<EmbedDraft>) => void;
}

export const useMedia = create<MediaState>((set) => ({
  section: 'images',
  image: { prompt: '', model: '', size: '1024x1024', count: '1', responseFormat: 'url', extra: '' },
  speech: { text: '', model: '', voice: 'alloy', format: 'wav', speed: '1', extra: '' },
  embed: { inputs: '', model: '', dimensions: '', encodingFormat: 'float', extra: '' },
  setSection: (section) => set({ section }),
  setImage: (p) => set((s) => ({ image: { ...s.image, ...p } })),
  setSpeech: (p) => set((s) => ({ speech: { ...s.speech, ...p } })),
  setEmbed: (p) => set((s) => ({ embed: { ...s.embed, ...p } })),
}));

export type NumberProblem = 'required' | 'not-a-number' | 'range' | 'not-whole';

/** What is wrong with a typed number, as a reason code the form words (main checks again). */
export function numberProblem(
  raw: string,
  min: number,
  max: number,
  opts: { integer?: boolean; optional?: boolean } = {},
): NumberProblem | undefined {
  if (raw.trim() === '') return opts.optional ? undefined : 'required';
  const n = Number(raw);
  if (!Number.isFinite(n)) return 'not-a-number';
  if (opts.integer && !Number.isInteger(n)) return 'not-whole';
  return n < min || n > max ? 'range' : undefined;
}
