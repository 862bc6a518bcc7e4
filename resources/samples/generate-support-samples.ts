/**
 * Writes the sample question set for judging support replies and its labelled test cases:
 *
 *   npx tsx resources/samples/generate-support-samples.ts [folder]
 *
 * Deterministic (a seeded generator, no clock), so running it again gives the same files; a
 * test runs it and compares. Each reply is put together from parts whose labels are known — the
 * opening sets the tone, the body how far the problem is resolved, optional sentences offer a
 * refund or ask for details — so the expected answers follow from the text.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CASES = 300;

const questionSet = {
  schema: 'gatehouse.question-set',
  version: 1,
  set: {
    name: 'Support reply review',
    questions: [
      {
        name: 'resolves',
        type: 'choice',
        instructions: "Does the agent's reply resolve the customer's problem?",
        options: [
          { name: 'resolved', description: 'The reply fixes the problem or states exactly what was done to fix it.' },
          { name: 'partly', description: 'The reply makes progress but leaves part of the problem open.' },
          { name: 'not_addressed', description: 'The reply does not deal with the problem the customer raised.' },
        ],
        levels: [],
      },
      {
        name: 'tone',
        type: 'choice',
        instructions: "What is the tone of the agent's reply towards the customer?",
        options: [
          { name: 'polite', description: 'Courteous and warm: greets, thanks or apologises where it fits.' },
          { name: 'neutral', description: 'Matter-of-fact, neither warm nor rude.' },
          { name: 'rude', description: 'Dismissive, blaming or impatient with the customer.' },
        ],
        levels: [],
      },
      {
        name: 'helpfulness',
        type: 'score',
        instructions: 'How helpful is the reply to this customer, all things considered?',
        options: [],
        levels: [
          'Useless or harmful: the customer is no better off.',
          'Barely helpful: little the customer can act on.',
          'Somewhat helpful: a useful step, but gaps remain.',
          'Helpful: the customer knows what happens next.',
          'Excellent: complete, clear and considerate.',
        ],
      },
      {
        name: 'offers_refund',
        type: 'noul',
        instructions: 'The reply offers the customer a refund, a credit or money back.',
        options: [],
        levels: [],
      },
      {
        name: 'asks_for_details',
        type: 'noul',
        instructions: 'The reply asks the customer for more information before it can go on.',
        options: [],
        levels: [],
      },
    ],
  },
};

/** mulberry32: small, fast and the same on every platform (the eval rows' generator uses it too). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Tone = 'polite' | 'neutral' | 'rude';
type Resolution = 'resolved' | 'partly' | 'not_addressed';

interface Problem {
  customer: string;
  resolved: string;
  partly: string;
  /** A reply that talks past the problem. */
  off: string;
}

const names = ['Ana', 'Ben', 'Chen', 'Dara', 'Elif', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Luca'];

const problems: Problem[] = [
  {
    customer: 'My order #{n} was supposed to arrive last Tuesday and it still has not come.',
    resolved: 'I have tracked order #{n}: it was held at the depot, and it is now out for delivery and will reach you tomorrow.',
    partly: 'I can see order #{n} left our warehouse, and I have asked the carrier where it is now.',
    off: 'You can find our opening hours and store locations on our website.',
  },
  {
    customer: 'I was charged twice for my subscription this month.',
    resolved: 'I found the duplicate charge and have reversed it; it will show on your statement within 3 to 5 days.',
    partly: 'I can see two payments on your account and have passed them to our billing team to check.',
    off: 'Our subscription gives you access to every premium feature for one monthly price.',
  },
  {
    customer: 'The blender I bought stopped working after two days.',
    resolved: 'I have arranged a replacement blender; it ships today, and a courier will collect the faulty one.',
    partly: 'Faulty units in their first month are covered, and I have opened a warranty case for you.',
    off: 'Our blenders come in four colours and all have a five-speed motor.',
  },
  {
    customer: 'I cannot log in; the password reset email never arrives.',
    resolved: 'Your reset emails were being blocked by a typo in your address; I have corrected it and sent a new link just now.',
    partly: 'I have sent the reset link again; if it is not in your inbox, it may be in spam.',
    off: 'Strong passwords use a mix of letters, numbers and symbols.',
  },
  {
    customer: 'The jacket I received is the wrong size: I ordered a medium and got a large.',
    resolved: 'I have sent a medium jacket by express delivery, and the enclosed label lets you return the large for free.',
    partly: 'I am sorry about the mix-up; I have checked and mediums are back in stock next week.',
    off: 'Our jackets are made of recycled materials and are machine washable.',
  },
  {
    customer: 'Your app crashes every time I open the settings page.',
    resolved: 'This was a bug in version 4.2; we released a fix this morning, so updating the app to 4.2.1 solves it.',
    partly: 'Our developers know about crashes on the settings page and are working on a fix.',
    off: 'You can change your notification preferences from your profile.',
  },
];

const openings: Record<Tone, string[]> = {
  polite: [
    'Hi {name}, thank you for getting in touch, and I am sorry for the trouble.',
    'Hello {name}, thanks for your patience, and apologies for the inconvenience.',
    'Dear {name}, I am sorry to hear this and happy to help.',
  ],
  neutral: ['Hello {name}.', 'Hi {name}, regarding your message:', '{name},'],
  rude: [
    'Hi. As our help pages already explain,',
    'You should have read the instructions first.',
    'We get this question all the time.',
  ],
};

const closings: Record<Tone, string[]> = {
  polite: ['Thank you for your understanding, and have a lovely day.', 'Please let me know if there is anything else I can do.'],
  neutral: ['Regards, Support.', 'Support team.'],
  rude: ['There is nothing more we can do.', 'Please do not open another ticket about this.'],
};

const REFUND = 'I have also refunded the delivery fee to your original payment method.';
const CREDIT = 'As an apology, I have added a 10 euro credit to your account.';
const ASK = [
  'Could you send me a photo of the product and your order number?',
  'Could you tell me which device and app version you are using?',
  'Can you confirm the email address on your account?',
];

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)];

/** Helpfulness from the parts: resolution first, then tone, a refund and a fair question. */
function helpfulness(resolution: Resolution, tone: Tone, refund: boolean, asks: boolean): number {
  let level = resolution === 'resolved' ? 4 : resolution === 'partly' ? 3 : 1;
  if (tone === 'polite' && resolution !== 'not_addressed') level += 1;
  if (tone === 'rude') level -= 1;
  if (refund && resolution !== 'resolved') level += 1;
  if (asks && resolution === 'not_addressed') level += 1;
  return Math.min(5, Math.max(1, level));
}

export function buildSamples(): { setText: string; casesText: string } {
  const rnd = random(20_260_301);
  const lines: string[] = [];
  for (let i = 0; i < CASES; i++) {
    const problem = pick(rnd, problems);
    const name = pick(rnd, names);
    const order = String(40_000 + Math.floor(rnd() * 60_000));
    const tone = pick(rnd, ['polite', 'polite', 'neutral', 'neutral', 'rude'] as const);
    const resolution = pick(rnd, ['resolved', 'resolved', 'partly', 'not_addressed'] as const);
    const refund = rnd() < 0.25;
    // A reply that resolved the problem seldom needs to ask anything.
    const asks = rnd() < (resolution === 'resolved' ? 0.05 : 0.4);
    const fill = (s: string) => s.replace('{name}', name).replace(/\{n\}/g, order);
    const body = resolution === 'resolved' ? problem.resolved : resolution === 'partly' ? problem.partly : problem.off;
    const reply = [
      fill(pick(rnd, openings[tone])),
      fill(body),
      ...(refund ? [pick(rnd, [REFUND, CREDIT])] : []),
      ...(asks ? [pick(rnd, ASK)] : []),
      pick(rnd, closings[tone]),
    ].join(' ');
    const customer = fill(problem.customer);
    // A third of the states are JSON objects, the rest the exchange as text.
    const state =
      rnd() < 0.33 ? { customer_message: customer, agent_reply: reply } : `Customer: ${customer}\n\nAgent: ${reply}`;
    const level = helpfulness(resolution, tone, refund, asks);
    lines.push(
      JSON.stringify({
        state,
        resolves: resolution,
        tone,
        helpfulness: level,
        offers_refund: refund,
        asks_for_details: asks,
        ...(i % 25 === 0 ? { note: 'generated sample: the labels follow from the parts the reply was built from' } : {}),
      }),
    );
  }
  return { setText: `${JSON.stringify(questionSet, null, 2)}\n`, casesText: `${lines.join('\n')}\n` };
}

export const SET_FILE = 'support-replies.question-set.json';
export const CASES_FILE = 'support-replies.cases.jsonl';

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const folder = process.argv[2] ?? import.meta.dirname;
  const { setText, casesText } = buildSamples();
  writeFileSync(join(folder, SET_FILE), setText);
  writeFileSync(join(folder, CASES_FILE), casesText);
  console.log(`wrote ${SET_FILE} and ${CASES_FILE} (${CASES} cases) to ${folder}`);
}
