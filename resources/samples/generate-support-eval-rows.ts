/**
 * Writes the sample eval dataset: customer messages with the variables a support prompt fills in
 * (`customer_name`, `product`, `order_id`, `customer_message`), one JSON object a line:
 *
 *   npx tsx resources/samples/generate-support-eval-rows.ts [folder]
 *
 * Deterministic (a seeded generator, no clock), so running it again gives the same file; a test
 * runs it and compares. The rows hold no expected answers: the eval grades each reply with the
 * sample question set (resources/samples/README.md).
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { random } from './generate-support-samples';

const ROWS = 200;


const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

const names = ['Ana', 'Ben', 'Chen', 'Dara', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luca', 'Mei', 'Noor'];
const goods = ['blender', 'desk lamp', 'coffee grinder', 'rain jacket', 'backpack', 'kettle', 'wireless speaker'];

interface Kind {
  /** Products this kind of message is about (goods when absent). */
  products?: readonly string[];
  messages: readonly string[];
}

// {p} is the product, {n} the order number. Some messages name the order, some do not.
const kinds: readonly Kind[] = [
  {
    messages: [
      'My order #{n} was supposed to arrive last Tuesday and it still has not come.',
      'Where is my {p}? The tracking page has not changed for a week.',
      'The courier says the parcel was delivered, but nothing came to my door.',
      'I ordered a {p} ten days ago and it has not arrived yet.',
    ],
  },
  {
    products: ['Premium subscription', 'Family plan'],
    messages: [
      'I was charged twice for my {p} this month.',
      'Why did the price of my {p} go up without any notice?',
      'I cancelled my {p} in March but you charged my card again.',
    ],
  },
  {
    messages: [
      'The {p} I bought stopped working after two days.',
      'My new {p} arrived damaged: the lid is cracked.',
      'The {p} will not switch on at all. Is it faulty?',
    ],
  },
  {
    products: ['online account'],
    messages: [
      'I cannot log in; the password reset email never arrives.',
      'I am locked out of my {p} after too many attempts.',
      'The verification code for signing in never reaches my phone.',
    ],
  },
  {
    messages: [
      'The {p} I received is the wrong colour: I ordered black and got white.',
      'I got a {p} instead of the kettle I ordered.',
      'My order #{n} is missing a part: the {p} came without its cable.',
    ],
  },
  {
    products: ['mobile app'],
    messages: [
      'Your {p} crashes every time I open the settings page.',
      'Since the last update the {p} freezes on the start screen.',
      'I get an error message when I try to save my basket in the {p}.',
    ],
  },
  {
    messages: [
      'Do you have a shop in Lyon where I could see the {p} before buying?',
      'Can I change the name on my order #{n}? It is a gift.',
    ],
  },
];

export function buildEvalRows(): string {
  const rnd = random(20_261_127);
  const lines: string[] = [];
  for (let i = 0; i < ROWS; i++) {
    const kind = pick(rnd, kinds);
    const product = pick(rnd, kind.products ?? goods);
    const order = String(40_000 + Math.floor(rnd() * 60_000));
    const message = pick(rnd, kind.messages).replace('{p}', product).replace('{n}', order);
    lines.push(
      JSON.stringify({
        customer_name: pick(rnd, names),
        product,
        order_id: order,
        customer_message: message,
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

export const ROWS_FILE = 'support-eval-rows.jsonl';

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2] ?? import.meta.dirname;
  writeFileSync(join(folder, ROWS_FILE), buildEvalRows());
  console.log(`wrote ${ROWS_FILE} (${ROWS} rows) to ${folder}`);
}
