import { startChild } from './child-process';
import { median, type StreamRunner, viaGatewayClient, viaOpenAiClient, viaRawFetch } from './stream-bench';

export interface Run {
  firstTokenMs: number;
  totalMs: number;
  /** The bench process's CPU time (user + system) for this one read. */
  cpuMs: number;
}

export interface ClientSummary {
  name: string;
  firstMs: number;
  wholeMs: number;
  minWholeMs: number;
  maxWholeMs: number;
  cpuMs: number;
  /** Median over the baseline's median: first token, whole stream, CPU. */
  vsBaseline: [number, number, number];
}

const RUNNERS: [string, StreamRunner][] = [
  ['gateway client (app)', viaGatewayClient],
  ['raw fetch', viaRawFetch],
  ['openai client', viaOpenAiClient],
];

/**
 * The client part of `npm run bench`: one long streamed reply from the Sandbox, running in a
 * process of its own (its work is not on the bench's event loop), read by the app's gateway
 * client, raw fetch and the official openai client. Each round starts with a different client,
 * so warm-up and machine noise do not favour one. Prints medians, the spread of the whole
 * stream and CPU time; returns the reply's text for the markdown section.
 */
export async function runClientBench(projectRoot: string, runs: number, tokens: number): Promise<string> {
  const sandbox = await startChild(
    projectRoot,
    'src-main/sandbox/cli.ts',
    ['--port', '0', '--token-delay', '0'],
    /listening: (\S+)/,
  );
  const origin = sandbox.ready[1].replace(/\/v1\/?$/, '');
  const prompt = `Please write ${tokens} tokens for the benchmark.`;
  const results = new Map<string, Run[]>(RUNNERS.map(([n]) => [n, []]));
  let text: string;
  try {
    for (const [, run] of RUNNERS) await run(origin, prompt); // warm-up
    text = await fullReply(origin, prompt);
    for (let round = 0; round < runs; round++) {
      for (let k = 0; k < RUNNERS.length; k++) {
        const [name, run] = RUNNERS[(round + k) % RUNNERS.length];
        const cpu = process.cpuUsage();
        const timing = await run(origin, prompt);
        const used = process.cpuUsage(cpu);
        // A client that stopped early would look fast: every read must get the whole reply.
        if (timing.chars !== text.length)
          throw new Error(`${name} read ${timing.chars} of ${text.length} chars in round ${round + 1}`);
        results.get(name)!.push({ ...timing, cpuMs: (used.user + used.system) / 1000 });
      }
    }
  } finally {
    await sandbox.close();
  }
  printTable(results, runs, tokens);
  return text;
}

/** Per client: medians, the whole stream's min–max spread and the ratios to `baseline`. */
export function summarise(results: Map<string, Run[]>, baseline: string): ClientSummary[] {
  const med = (rs: Run[], k: keyof Run) => median(rs.map((r) => r[k]));
  const base = results.get(baseline)!;
  return [...results].map(([name, rs]) => {
    const totals = rs.map((r) => r.totalMs);
    return {
      name,
      firstMs: med(rs, 'firstTokenMs'),
      wholeMs: med(rs, 'totalMs'),
      minWholeMs: Math.min(...totals),
      maxWholeMs: Math.max(...totals),
      cpuMs: med(rs, 'cpuMs'),
      vsBaseline: [
        med(rs, 'firstTokenMs') / med(base, 'firstTokenMs'),
        med(rs, 'totalMs') / med(base, 'totalMs'),
        med(rs, 'cpuMs') / med(base, 'cpuMs'),
      ],
    };
  });
}

function printTable(results: Map<string, Run[]>, runs: number, tokens: number) {
  console.log(
    `Streamed ${tokens} tokens from the Sandbox (own process, no pacing), ${runs} rounds, order rotated:`,
  );
  console.log(
    'client                  first token   whole stream (min–max)        CPU    vs raw fetch (first / whole / CPU)',
  );
  for (const s of summarise(results, 'raw fetch')) {
    const spread = `(${s.minWholeMs.toFixed(0)}–${s.maxWholeMs.toFixed(0)})`;
    console.log(
      [
        s.name.padEnd(22),
        `${s.firstMs.toFixed(1).padStart(9)} ms`,
        `${s.wholeMs.toFixed(1).padStart(9)} ms ${spread}`.padEnd(26),
        `${s.cpuMs.toFixed(0).padStart(6)} ms`,
        `   ${s.vsBaseline.map((r) => `${r.toFixed(2)}x`).join(' / ')}`,
      ].join(' '),
    );
  }
}

async function fullReply(origin: string, text: string): Promise<string> {
  const res = await fetch(`${origin}/v1/chat/completions`, {
    method: 'POST',
    headers: { Authorization: 'Bearer sk-bench', 'Content-Type': 'application/json' },
    body: JSON.stringify({ model: 'sandbox-chat-1', messages: [{ role: 'user', content: text }] }),
  });
  const body = (await res.json()) as { choices: { message: { content: string } }[] };
  return body.choices[0].message.content;
}
