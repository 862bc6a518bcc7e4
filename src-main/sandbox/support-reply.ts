import type { Rng } from './seed';
import {
  APOLOGIES,
  CLOSINGS,
  ORDER_QUESTION,
  REFUND_OFFERS,
  THANKS,
  topicOf,
  type SupportTopic,
} from './support-phrases';
import type { Instruction, SupportTask } from './support-task';

/**
 * How a Sandbox chat model writes support replies (docs/architecture.md, "The Sandbox"): how
 * often it follows an instruction the prompt gives (a seeded draw per request and instruction),
 * what it does unasked, and whether it writes the greeting, background and closing around the
 * core of the reply.
 */
export interface SupportStyle {
  /** The chance that an instruction asked for (or forbidden) is obeyed. */
  follows: number;
  /** The chance of each part when the prompt does not mention it (or when it is not obeyed). */
  unasked: Record<Instruction | 'progress', number>;
  /** Greeting, background answer and closing: false writes only the core of the reply. */
  full: boolean;
  /** Steps given when asked. */
  steps: number;
}

const CHAT_1: SupportStyle = {
  follows: 0.9,
  unasked: {
    apologise: 0.2,
    thank: 0.3,
    brief: 0,
    ask: 0.25,
    refund: 0.05,
    steps: 0.1,
    resolve: 0.15,
    progress: 0.5,
  },
  full: true,
  steps: 3,
};
const MINI: SupportStyle = {
  follows: 0.6,
  unasked: {
    apologise: 0.1,
    thank: 0.1,
    brief: 0,
    ask: 0.15,
    refund: 0.02,
    steps: 0.05,
    resolve: 0.1,
    progress: 0.3,
  },
  full: false,
  steps: 2,
};
/** By chat model; a model not listed writes as `sandbox-chat-1`. */
export const SUPPORT_STYLES: Readonly<Record<string, SupportStyle>> = {
  'sandbox-chat-1': CHAT_1,
  'sandbox-chat-mini': MINI,
  'sandbox-chat-reasoning': { ...CHAT_1, follows: 0.95 },
};

/** What went into a reply: the topic read and the parts written. */
export interface SupportPlan {
  topic: string;
  parts: Record<Instruction | 'progress', boolean>;
}

/**
 * Whether a part is written: asked for, the model obeys (`follows`) or else writes it as unasked;
 * forbidden, it obeys by leaving it out, or else writes it as unasked; not mentioned, as unasked.
 */
function decide(task: SupportTask, style: SupportStyle, name: Instruction, rng: Rng): boolean {
  const said = task.instructions[name];
  const obeys = rng.next() < style.follows;
  const unasked = rng.next() < style.unasked[name];
  if (said === 1) return obeys || unasked;
  if (said === -1) return !obeys && unasked;
  return unasked;
}

export function planSupportReply(task: SupportTask, model: string, rng: Rng): SupportPlan {
  const style = SUPPORT_STYLES[model] ?? CHAT_1;
  const names: Instruction[] = ['apologise', 'thank', 'brief', 'ask', 'refund', 'steps', 'resolve'];
  // Every draw is made whatever the instructions, so one instruction's wording does not move another's.
  const parts = Object.fromEntries(
    names.map((n) => [n, decide(task, style, n, rng)]),
  ) as SupportPlan['parts'];
  parts.progress = !parts.resolve && rng.next() < style.unasked.progress;
  return { topic: topicOf(task.customerMessage).name, parts };
}

/**
 * A support reply built from the customer's message (its topic, the product, order and name the
 * request gives) with the parts `planSupportReply` chose, below a line saying it is the
 * Sandbox's. Never reads labels or expected answers: only the request's messages.
 */
export function buildSupportReply(
  task: SupportTask,
  model: string,
  rng: Rng,
): { text: string; plan: SupportPlan } {
  const style = SUPPORT_STYLES[model] ?? CHAT_1;
  const plan = planSupportReply(task, model, rng);
  const topic = topicOf(task.customerMessage);
  const fill = (s: string) => fillIn(s, topic, task);
  const { parts } = plan;
  const full = style.full && !parts.brief;
  const lines: string[] = [];

  if (full) lines.push(task.customerName ? `Hello ${task.customerName}.` : 'Hello.');
  if (parts.apologise) lines.push(rng.pick(APOLOGIES));
  else if (parts.thank) lines.push(rng.pick(THANKS));
  if (full || !(parts.resolve || parts.progress)) lines.push(fill(topic.answer));
  if (parts.resolve) lines.push(fill(topic.fix));
  else if (parts.progress) lines.push(fill(topic.progress));
  let text = lines.join(' ');
  if (parts.steps) {
    const steps = topic.steps.slice(0, parts.brief ? 2 : style.steps);
    text += `\n\nHere is what you can do:\n${steps.map((s, i) => `${i + 1}. ${fill(s)}`).join('\n')}\n\n`;
  } else text += ' ';
  const after: string[] = [];
  if (parts.refund) after.push(rng.pick(REFUND_OFFERS));
  if (parts.ask) after.push(task.orderId ? fill(topic.question) : ORDER_QUESTION);
  if (full) after.push(rng.pick(CLOSINGS));
  text = (text + after.join(' ')).trim();
  return {
    text: `**Sandbox support reply** from \`${model}\` (canned phrases, not a model):\n\n${text}`,
    plan,
  };
}

function fillIn(s: string, topic: SupportTopic, task: SupportTask): string {
  return s
    .replace(/\{product\}/g, task.product ?? topic.product)
    .replace(/order #\{order\}/g, task.orderId ? `order #${task.orderId}` : 'your order');
}
