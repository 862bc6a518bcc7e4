import type { ChatMessage } from './chat-schema';
import { contentText } from './chat-tools';

/**
 * When a chat request reads as a customer-support task, and what it asks for
 * (docs/architecture.md, "The Sandbox", support replies). The cue is deliberately simple:
 *
 * - the last user message has a line starting `Customer:` or `Customer message:` (also
 *   `customer_message:`); the customer's message is the text after it, up to a blank line or a
 *   `Name:` / `Customer name:` / `Product:` / `Order:` line; or
 * - a system or developer message speaks of a customer (or of customer support), and the whole
 *   last user message (less such labelled lines) is the customer's message.
 *
 * The instructions are the system and developer messages plus the last user message without the
 * customer's own words, so a customer who writes "refund" asks nothing of the reply.
 */
export interface SupportTask {
  customerMessage: string;
  customerName?: string;
  product?: string;
  orderId?: string;
  instructions: Instructions;
}

/** The instruction vocabulary: each asked for (+1), forbidden (−1) or not mentioned. */
export type Instruction = 'apologise' | 'thank' | 'brief' | 'ask' | 'refund' | 'steps' | 'resolve';
export type Instructions = Partial<Record<Instruction, 1 | -1>>;

/** Loose English matches for each instruction (docs/architecture.md lists them). */
export const INSTRUCTION_WORDS: readonly [Instruction, RegExp][] = [
  ['apologise', /\b(apolog\w*|sorry)\b/gi],
  ['thank', /\bthank\w*/gi],
  ['brief', /\b(brief\w*|short|shorter|concise\w*|succinct\w*|terse)\b/gi],
  ['ask', /\b(ask|asks|asking)\b|\bclarif\w*|\border (number|id)\b/gi],
  ['refund', /\b(refund\w*|money back|credit|compensat\w*|reimburs\w*)\b/gi],
  ['steps', /\b(steps?|step-by-step)\b/gi],
  ['resolve', /\b(resolv\w*|solv\w*|fix|fixes|fixing)\b/gi],
];
const NEGATION = /^(not|no|never|don't|dont|without|avoid)$/i;

const CUSTOMER_LABEL = /^[ \t]*customer(?:[ _]message|'s message)?[ \t]*:[ \t]*/im;
const OTHER_LABEL = /^[ \t]*(?:customer[ _]?name|name|product|order(?:[ _]?(?:id|number|no\.?))?)[ \t]*:/i;
const NAME_LINE = /^[ \t]*(?:customer[ _]?name|name)[ \t]*:[ \t]*(.+)$/im;
const PRODUCT_LINE = /^[ \t]*product[ \t]*:[ \t]*(.+)$/im;
const ORDER_LINE = /^[ \t]*order(?:[ _]?(?:id|number|no\.?))?[ \t]*:[ \t]*#?[ \t]*(\S+)/im;
const ORDER_IN_TEXT = /#\s?(\d{4,})|\border (?:number |no\.? )?#?(\d{4,})/i;
const SPEAKS_OF_CUSTOMERS = /\bcustomers?\b|\bcustomer[- ]support\b|\bsupport agent\b/i;

/** The support task in these messages, or undefined when they do not read as one. */
export function supportTaskOf(messages: readonly ChatMessage[]): SupportTask | undefined {
  const lastUser = messages.findLast((m) => m.role === 'user');
  if (!lastUser) return undefined;
  const userText = contentText(lastUser.content);
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => contentText(m.content))
    .join('\n');

  let customerMessage: string;
  let rest: string;
  const label = CUSTOMER_LABEL.exec(userText);
  if (label) {
    const after = userText.slice(label.index + label[0].length).split('\n');
    const end = after.findIndex((line, i) => i > 0 && (line.trim() === '' || OTHER_LABEL.test(line)));
    const taken = end < 0 ? after : after.slice(0, end);
    customerMessage = taken.join('\n').trim();
    rest = `${userText.slice(0, label.index)}\n${(end < 0 ? [] : after.slice(end)).join('\n')}`;
  } else if (SPEAKS_OF_CUSTOMERS.test(system)) {
    const lines = userText.split('\n');
    customerMessage = lines
      .filter((l) => !OTHER_LABEL.test(l))
      .join('\n')
      .trim();
    rest = '';
  } else return undefined;
  if (customerMessage === '') return undefined;

  const order = ORDER_LINE.exec(userText) ?? ORDER_IN_TEXT.exec(customerMessage);
  return {
    customerMessage,
    customerName: NAME_LINE.exec(userText)?.[1].trim() || undefined,
    product: PRODUCT_LINE.exec(userText)?.[1].trim() || undefined,
    orderId: order ? (order[1] ?? order[2]) : undefined,
    // Labelled lines are data ("Order ID: 123" is no request to ask for an order id).
    instructions: instructionsIn(
      [system, ...rest.split('\n').filter((l) => !OTHER_LABEL.test(l))].join('\n'),
    ),
  };
}

/**
 * The instructions a text names: an instruction is asked for when any mention is not negated,
 * forbidden when every mention has "not", "never", "don't", "avoid"… among the three words
 * before it ("do not apologise", "never offer a refund").
 */
export function instructionsIn(text: string): Instructions {
  const out: Instructions = {};
  for (const [name, pattern] of INSTRUCTION_WORDS) {
    for (const m of text.matchAll(pattern)) {
      const before = text.slice(0, m.index).match(/[\p{L}']+/gu) ?? [];
      const negated = before.slice(-3).some((w) => NEGATION.test(w));
      if (!negated) {
        out[name] = 1;
        break;
      }
      out[name] = -1;
    }
  }
  return out;
}
