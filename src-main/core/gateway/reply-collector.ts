import type { ToolCall } from '../../../src-shared/chat/conversation';
import { ThinkTagSplitter, type SplitText } from './think-tags';
import { ToolCallAssembler } from './tool-calls';
import { LogprobCollector } from './logprob-collector';

type Rec = Record<string, unknown>;
export const asRecord = (v: unknown): Rec | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * Content as text: a string as sent, or an array of parts (`[{type: 'text', text}, …]`, as
 * Mistral and some proxies send it, in deltas and messages) joined; parts that are not text
 * (images) are left out. Undefined when there is no content.
 */
export function contentText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (!Array.isArray(v)) return undefined;
  return v.map((p) => (typeof p === 'string' ? p : str(asRecord(p)?.text))).join('');
}

/**
 * What one choice of a stream chunk (`delta`) or of a whole completion (`message`) carries, read
 * the one way the chat and the request log both read it.
 */
export function choiceParts(choice: Rec): {
  /** The delta or message itself, for the tool calls in it. */
  part?: Rec;
  /** A whole completion's message, not a fragment of a stream. */
  whole: boolean;
  reasoning: string;
  content: string;
  refusal: string;
  finishReason?: string;
} {
  const part = asRecord(choice.delta) ?? asRecord(choice.message);
  return {
    part,
    whole: !asRecord(choice.delta),
    // Prefer the DeepSeek field; a gateway that sends both carries the same text twice.
    reasoning: str(part?.reasoning_content) || str(part?.reasoning),
    content: contentText(part?.content) ?? str(choice.text),
    refusal: str(part?.refusal),
    finishReason: typeof choice.finish_reason === 'string' ? choice.finish_reason : undefined,
  };
}

export interface ReplyCallbacks {
  onDelta: (text: string) => void;
  onReasoning?: (text: string) => void;
  /** The answer given so far was reasoning (a stray leading `</think>`): it is sent again as reasoning. */
  onRetract?: () => void;
}

/**
 * Gathers one reply from stream chunks or a whole completion: the answer and, apart from it, the
 * reasoning. Reasoning models send it as `reasoning_content` (DeepSeek, Qwen, Kimi, GLM behind
 * OpenAI-compatible gateways), as `reasoning` (OpenRouter), or inside `content` between
 * `<think>` tags; one chunk may carry reasoning and content together.
 */
export class ReplyCollector {
  text = '';
  reasoning = '';
  deltaCount = 0;
  finishReason?: string;
  firstTokenMs?: number;
  firstReasoningMs?: number;
  /** The model's refusal, kept apart from the answer (empty when it did not refuse). */
  refusal = '';
  private readonly tags = new ThinkTagSplitter();
  private readonly calls = new ToolCallAssembler();
  /** Token probabilities, when the request asked for them (`logprobs`). */
  readonly logprobs = new LogprobCollector();

  constructor(
    private readonly elapsed: () => number,
    private readonly callbacks: ReplyCallbacks,
  ) {}

  /** One choice of a chunk (`delta`) or of a whole completion (`message`). */
  readChoice(choice: Rec): void {
    const { part, whole, reasoning, content, refusal, finishReason } = choiceParts(choice);
    this.addReasoning(reasoning);
    this.addContent(content);
    this.refusal += refusal;
    this.calls.read(part, whole);
    this.logprobs.read(choice.logprobs);
    if (finishReason !== undefined) this.finishReason = finishReason;
  }

  /** The tool calls asked for so far, assembled. */
  get toolCalls(): ToolCall[] {
    return this.calls.list;
  }

  /** Anything kept: answer, reasoning, refusal or a tool call. */
  get said(): boolean {
    return !!(this.text || this.reasoning || this.refusal || this.calls.list.length);
  }

  /** The reply is over: a held-back half tag was plain text after all. */
  end(): void {
    this.emit(this.tags.end());
  }

  /** ms from the first reasoning token to the first answer token (or to `totalMs` if none came). */
  thinkingMs(totalMs: number): number | undefined {
    if (this.firstReasoningMs === undefined) return undefined;
    return (this.firstTokenMs ?? totalMs) - this.firstReasoningMs;
  }

  private addContent(text: string) {
    if (text) this.emit(this.tags.push(text));
  }

  private emit(split: SplitText) {
    if (split.retracted) this.retract();
    this.addReasoning(split.reasoning);
    if (!split.content) return;
    // After thinking, the blank lines before the answer (after </think>) are not its first token.
    const afterThinking = !this.text && this.reasoning !== '';
    if (afterThinking && !split.content.trim()) return;
    const content = afterThinking ? split.content.replace(/^\s+/, '') : split.content;
    this.firstTokenMs ??= this.elapsed();
    this.text += content;
    this.deltaCount++;
    this.callbacks.onDelta(content);
  }

  /**
   * The answer so far was thinking after all (a stream that began inside it, think-tags.ts): it
   * moves to the reasoning. The window already showed it as answer; the saved reply is right.
   */
  private retract() {
    const moved = this.text;
    this.text = '';
    this.deltaCount = 0;
    this.firstReasoningMs ??= this.firstTokenMs;
    this.firstTokenMs = undefined;
    this.callbacks.onRetract?.();
    this.addReasoning(moved);
  }

  private addReasoning(text: string) {
    if (!text) return;
    this.firstReasoningMs ??= this.elapsed();
    this.reasoning += text;
    this.callbacks.onReasoning?.(text);
  }
}
