import { EVAL_RUN_USAGE, evalRun } from './eval-run';
import { JUDGE_RUN_USAGE, judgeRun } from './judge-run';

/** `gatehouse <command>`: the command line beside the app (docs/architecture.md, "Command line"). */
async function main(argv: string[]): Promise<number> {
  const [area, command, ...rest] = argv;
  const io = {
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
    env: process.env,
  };
  if (area === 'judge' && command === 'run') return judgeRun(rest, io);
  if (area === 'eval' && command === 'run') return evalRun(rest, io);
  io.err(`${JUDGE_RUN_USAGE}\n\n${EVAL_RUN_USAGE}`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
