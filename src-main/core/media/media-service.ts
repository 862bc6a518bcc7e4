import { randomUUID } from 'node:crypto';
import { createEmbeddings } from '../gateway/embeddings-api';
import type { GatewayClient } from '../gateway/gateway-client';
import type { GatewayTarget } from '../gateway/gateway-urls';
import {
  decodeBase64Image,
  decodeDataUrl,
  downloadImage,
  type GeneratedImage,
  generateImages,
} from '../gateway/images-api';
import { createSpeech } from '../gateway/speech-api';
import type { ProfileService } from '../profiles/profile-service';
import { AppFailure, invalidInput } from '../../../src-shared/result';
import {
  embeddingsRequestBody,
  imagesRequestBody,
  speechRequestBody,
} from '../../../src-shared/media/media-request';
import type { MediaEntryRepository } from '../db/record-repositories';
import type { Repositories } from '../db/repositories';
import type { DesktopActions } from './desktop-actions';
import { analyzeEmbeddings } from '../../../src-shared/media/embedding-math';
import { sniffAudio, sniffImage } from './image-sniff';
import {
  type EmbeddingEntry,
  type EmbeddingEntryView,
  EMBEDDING_PREVIEW_VALUES,
  EMBEDDING_TEXT_KEPT,
} from '../../../src-shared/media/embedding-entry';
import {
  type ImageEntry,
  type ImageEntryView,
  type MediaEntry,
  type MediaEntryView,
  type SpeechEntry,
  type SpeechEntryView,
} from '../../../src-shared/media/media-history';
import {
  embeddingsRunSchema,
  type EmbeddingsRunInput,
  ENTRY_ID_PATTERN,
  imageGenerateSchema,
  type ImageGenerateInput,
  speechCreateSchema,
  type SpeechCreateInput,
} from '../../../src-shared/media/media-inputs';
import type { MediaLibrary, MediaUrlFor } from './media-library';
import { pcmToWav } from './wav';
import type { MediaEvents, VectorsGone } from '../../../src-shared/media/media-views';

export type MediaEmit = <K extends keyof MediaEvents>(name: K, payload: MediaEvents[K]) => void;

/**
 * Vectors stay in main; the window asks for them only to copy. The cache is bounded by floats
 * (32 MB as Float32), not by runs: one run of 500 × 3,072 already holds 1.5 M floats.
 */
export const MAX_CACHED_FLOATS = 8_000_000;
const REMEMBERED_DROPS = 100;
const round4 = (x: number | null) => (x === null ? null : Math.round(x * 10_000) / 10_000);
const round6 = (x: number) => Math.round(x * 1e6) / 1e6;

export class MediaService {
  private runs = new Map<string, { inputs: string[]; vectors: Float32Array[]; floats: number }>();
  private cachedFloats = 0;
  private dropped = new Map<string, Exclude<VectorsGone, 'unknown'>>();

  constructor(
    private readonly deps: {
      client: GatewayClient;
      profiles: ProfileService;
      library: MediaLibrary;
      history: MediaEntryRepository;
      mediaUrl: MediaUrlFor;
      desktop: DesktopActions;
      emit?: MediaEmit;
      now?: () => number;
      maxCachedFloats?: number;
    },
  ) {}

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  view(entry: ImageEntry): ImageEntryView;
  view(entry: SpeechEntry): SpeechEntryView;
  view(entry: EmbeddingEntry): EmbeddingEntryView;
  view(entry: MediaEntry): MediaEntryView;
  view(entry: MediaEntry): MediaEntryView {
    if (entry.kind === 'image') {
      return { ...entry, urls: entry.files.map((f) => (f.rel ? this.deps.mediaUrl(f.rel) : null)) };
    }
    if (entry.kind === 'embedding') {
      if (this.runs.has(entry.id)) return { ...entry, vectorsKept: true };
      return { ...entry, vectorsKept: false, vectorsGone: this.dropped.get(entry.id) ?? 'unknown' };
    }
    return { ...entry, url: this.deps.mediaUrl(entry.rel) };
  }

  /**
   * Generates, then downloads or decodes every image into the library at once (result URLs
   * expire) and records the generation in the history. One image that cannot be fetched is
   * noted on its own; the others are kept.
   */
  async generateImages(raw: ImageGenerateInput): Promise<ImageEntryView> {
    const input = imageGenerateSchema.parse(raw);
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const request = imagesRequestBody(input);
    const results = await generateImages(this.deps.client, target, request);
    const id = `img-${this.now()}-${randomUUID().slice(0, 8)}`;
    const count = results.length;
    const files = await Promise.all(
      results.map(async (item, i): Promise<ImageEntry['files'][number]> => {
        const file = await this.fetchImage(target, item, `images/${id}/${i}`);
        this.deps.emit?.('media.image', {
          entryId: id,
          index: i,
          count,
          url: file.rel ? this.deps.mediaUrl(file.rel) : null,
          error: file.error,
        });
        return file;
      }),
    );
    const entry: ImageEntry = {
      id,
      kind: 'image',
      createdAt: this.now(),
      profileId,
      model: input.model,
      prompt: input.prompt,
      params: { size: input.size, n: input.n, responseFormat: input.responseFormat },
      extra: input.extra,
      revisedPrompt: results.find((r) => r.revisedPrompt && r.revisedPrompt !== input.prompt)?.revisedPrompt,
      files,
    };
    this.deps.history.put(entry);
    return this.view(entry);
  }

  /** One result into the library; a problem with it is kept as that image's note, not thrown. */
  private async fetchImage(
    target: GatewayTarget,
    item: GeneratedImage,
    base: string,
  ): Promise<ImageEntry['files'][number]> {
    if (!item.url && !item.b64) {
      return { error: 'The gateway listed this image without a URL or base64 data.' };
    }
    try {
      const bytes = item.b64
        ? /^data:/i.test(item.b64)
          ? decodeDataUrl(item.b64)
          : decodeBase64Image(item.b64)
        : await downloadImage(this.deps.client, target, item.url!);
      const kind = sniffImage(bytes);
      if (!kind) return { error: 'The gateway sent data that is not a PNG, JPEG, WebP or GIF image.' };
      const rel = this.deps.library.write(`${base}.${kind.ext}`, bytes);
      return { rel, width: kind.width, height: kind.height };
    } catch (err) {
      return { error: err instanceof Error ? err.message : String(err) };
    }
  }

  /** Raw PCM is wrapped into WAV (24 kHz mono 16-bit, the OpenAI-compatible default) so it plays. */
  async speak(raw: SpeechCreateInput): Promise<SpeechEntryView> {
    const input = speechCreateSchema.parse(raw);
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const request = speechRequestBody(input);
    const { bytes, contentType } = await createSpeech(this.deps.client, target, request);
    if (bytes.byteLength === 0) {
      throw new AppFailure({ code: 'bad_response', message: 'The gateway sent an empty audio reply.' });
    }
    const kind = sniffAudio(bytes, contentType, input.format);
    const wrappedPcm = kind === 'pcm';
    const container = wrappedPcm ? 'wav' : (kind ?? 'bin');
    const data = wrappedPcm ? pcmToWav(bytes) : bytes;
    const id = `tts-${this.now()}-${randomUUID().slice(0, 8)}`;
    const rel = this.deps.library.write(`speech/${id}.${container}`, data);
    const entry: SpeechEntry = {
      id,
      kind: 'speech',
      createdAt: this.now(),
      profileId,
      model: input.model,
      text: input.text,
      params: { voice: input.voice, format: input.format, speed: input.speed },
      extra: input.extra,
      rel,
      container,
      wrappedPcm,
      unplayable: kind === undefined,
      bytes: data.byteLength,
    };
    this.deps.history.put(entry);
    return this.view(entry);
  }

  /**
   * Runs the embeddings and records the run in the history. The row keeps what the panel shows
   * and a short preview of each vector; the whole vectors stay in memory for "Copy" only.
   */
  async embed(raw: EmbeddingsRunInput): Promise<EmbeddingEntryView> {
    const input = embeddingsRunSchema.parse(raw);
    const profileId = this.deps.profiles.activeId();
    const target = await this.deps.profiles.target(profileId);
    const request = embeddingsRequestBody(input);
    const result = await createEmbeddings(this.deps.client, target, request);
    const analysis = analyzeEmbeddings(result.vectors);
    const id = `emb-${this.now()}-${randomUUID().slice(0, 8)}`;
    const entry: EmbeddingEntry = {
      id,
      kind: 'embedding',
      createdAt: this.now(),
      profileId,
      model: result.model ?? input.model,
      params: { model: input.model, dimensions: input.dimensions, encodingFormat: input.encodingFormat },
      extra: input.extra,
      inputs: analysis.items.map((item) => ({
        ...item,
        norm: round6(item.norm),
        text: input.inputs[item.index].slice(0, EMBEDDING_TEXT_KEPT),
        chars: input.inputs[item.index].length,
        preview: Array.from(result.vectors[item.index].subarray(0, EMBEDDING_PREVIEW_VALUES), round6),
      })),
      matrix: analysis.matrix.map((row) => row.map(round4)),
      problems: analysis.problems,
      usage: result.usage,
      cost: result.cost,
    };
    this.keepVectors(id, input.inputs, result.vectors);
    this.deps.history.put(entry);
    return this.view(entry);
  }

  /** Caches a run's vectors, evicting the oldest runs past the float budget. */
  private keepVectors(runId: string, inputs: string[], vectors: Float32Array[]): void {
    const max = this.deps.maxCachedFloats ?? MAX_CACHED_FLOATS;
    const floats = vectors.reduce((s, v) => s + v.length, 0);
    if (floats > max) {
      this.noteDropped(runId, 'too-large');
      return;
    }
    this.runs.set(runId, { inputs, vectors, floats });
    this.cachedFloats += floats;
    for (const [oldId, old] of this.runs) {
      if (this.cachedFloats <= max) break;
      this.runs.delete(oldId);
      this.cachedFloats -= old.floats;
      this.noteDropped(oldId, 'evicted');
    }
  }

  /** Forgets a deleted run's vectors, so Copy cannot bring back what the user deleted. */
  private forgetVectors(runId: string): void {
    const run = this.runs.get(runId);
    if (run) this.cachedFloats -= run.floats;
    this.runs.delete(runId);
    this.dropped.delete(runId);
  }

  private noteDropped(runId: string, why: Exclude<VectorsGone, 'unknown'>): void {
    this.dropped.set(runId, why);
    if (this.dropped.size > REMEMBERED_DROPS) this.dropped.delete(this.dropped.keys().next().value as string);
  }

  /** The vectors of a recent run as JSON, for the clipboard. */
  vectorsJson(runId: string): string {
    const run = this.runs.get(runId);
    if (!run) {
      const reason: VectorsGone = this.dropped.get(runId) ?? 'unknown';
      throw new AppFailure({
        code: 'not_found',
        message:
          reason === 'too-large'
            ? 'That run was too large to keep its vectors in memory — run fewer inputs to copy them.'
            : reason === 'evicted'
              ? 'Those vectors were dropped to make room for newer runs — run the embeddings again.'
              : 'Those vectors are no longer in memory — run the embeddings again.',
        details: { vectorsGone: reason },
      });
    }
    return JSON.stringify(
      run.inputs.map((text, i) => ({ input: text, embedding: Array.from(run.vectors[i]) })),
    );
  }

  history(kind?: MediaEntry['kind']): MediaEntryView[] {
    return this.deps.history.listKind(kind).map((e) => this.view(e));
  }

  private entry(id: string): MediaEntry {
    // The id becomes a file and folder name: never build a path from anything else.
    if (!ENTRY_ID_PATTERN.test(id)) throw invalidInput('id', 'must hold only letters, digits, _ and -');
    const e = this.deps.history.get(id);
    if (!e) throw new AppFailure({ code: 'not_found', message: 'That history entry no longer exists.' });
    return e;
  }

  deleteEntry(id: string): void {
    const e = this.entry(id); // checks the id's shape first
    this.deps.history.delete(id);
    if (e.kind === 'image') this.deps.library.remove(`images/${id}`);
    else if (e.kind === 'speech') this.deps.library.remove(e.rel);
    else this.forgetVectors(id); // an embeddings run has no file: its row was all of it
  }

  clear(kind: MediaEntry['kind']): number {
    const all = this.deps.history.listKind(kind);
    for (const e of all) this.deleteEntry(e.id);
    return all.length;
  }

  /** Save dialog for one file of an entry; resolves to where it went, or null when cancelled. */
  async save(id: string, index = 0): Promise<string | null> {
    const e = this.entry(id);
    if (e.kind === 'embedding')
      throw new AppFailure({ code: 'not_found', message: 'An embeddings run has no file to save.' });
    const rel = e.kind === 'image' ? e.files[index]?.rel : e.rel;
    if (!rel)
      throw new AppFailure({
        code: 'not_found',
        message: 'That file was never downloaded, so it cannot be saved.',
      });
    return this.deps.desktop.saveFileAs(this.deps.library.resolve(rel), suggestedName(e, rel, index));
  }

  /** Saves every image of a generation, one dialog each; stops at the first cancel. */
  async saveAll(id: string): Promise<string[]> {
    const e = this.entry(id);
    if (e.kind !== 'image') return [(await this.save(id)) ?? ''].filter(Boolean);
    const saved: string[] = [];
    for (let i = 0; i < e.files.length; i++) {
      if (!e.files[i].rel) continue;
      const path = await this.save(id, i);
      if (path === null) break;
      saved.push(path);
    }
    return saved;
  }
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'media'
  );
}

function suggestedName(e: ImageEntry | SpeechEntry, rel: string, index: number): string {
  const ext = rel.slice(rel.lastIndexOf('.') + 1);
  const stamp = new Date(e.createdAt).toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return e.kind === 'image'
    ? `${slug(e.prompt)}-${stamp}-${index + 1}.${ext}`
    : `speech-${slug(e.text)}-${stamp}.${ext}`;
}

/** One-line wiring for services.ts: the history lives in the content database. */
export function createMediaService(env: {
  repos: Pick<Repositories, 'media'>;
  mediaUrl: MediaUrlFor;
  desktop: DesktopActions;
  emit?: MediaEmit;
  now?: () => number;
  maxCachedFloats?: number;
  client: GatewayClient;
  profiles: ProfileService;
  media: MediaLibrary;
}): MediaService {
  return new MediaService({
    client: env.client,
    profiles: env.profiles,
    library: env.media,
    history: env.repos.media,
    mediaUrl: env.mediaUrl,
    desktop: env.desktop,
    emit: env.emit,
    now: env.now,
    maxCachedFloats: env.maxCachedFloats,
  });
}
