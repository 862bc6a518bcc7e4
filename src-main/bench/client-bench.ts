import { startChild } from './child-process';
import { median, type StreamRunner, viaGatewayClient, viaOpenAiClient, viaRawFetch } from './stream-bench';

interface Run {
  firstTokenMs: number;
  totalMs: number;
  /** The bench process's CPU time (user + system) for this one read. */
  cpuMs: number;
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
        results.get(name)!.push({ ...timing, cpuMs: (used.user + used.system) / 1000 });
      }
    }
  } finally {
    await sandbox.close();
  }
  printTable(results, runs, tokens);
  return text;
}

function printTable(results: Map<string, Run[]>, runs: number, tokens: number) {
  const med = (rs: Run[], k: keyof Run) => median(rs.map((r) => r[k]));
  const base = results.get('raw fetch')!;
  console.log(
    `Streamed ${tokens} tokens from the Sandbox (own process, no pacing), ${runs} rounds, order rotated:`,
  );
  console.log(
    'client                  first token   whole stream (min–max)        CPU    vs raw fetch (first / whole / CPU)',
  );
  for (const [name, rs] of results) {
    const totals = rs.map((r) => r.totalMs);
    const ratio = (k: keyof Run) => (med(rs, k) / med(base, k)).toFixed(2);
    console.log(
      [
        name.padEnd(22),
        `${med(rs, 'firstTokenMs').toFixed(1).padStart(9)} ms`,
        `${med(rs, 'totalMs').toFixed(1).padStart(9)} ms (${Math.min(...totals).toFixed(0)}–${Math.max(...totals).toFixed(0)})`.padEnd(
          26,
        ),
        `${med(rs, 'cpuMs').toFixed(0).padStart(6)} ms`,
        `   ${ratio('firstTokenMs')}x / ${ratio('totalMs')}x / ${ratio('cpuMs')}x`,
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
