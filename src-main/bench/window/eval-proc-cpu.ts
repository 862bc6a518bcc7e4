import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_S = 100;

/**
 * The CPU time, in ms, of the app process's main thread and of the whole process (its workers and
 * the in-app Sandbox's sockets included), from /proc: the eval bench prints main's own CPU beside
 * its wall time, since a loaded machine stretches the clock but not the CPU a thread used
 * (docs/architecture.md, "Benchmarks"). Null off Linux.
 */
export function procCpuMs(pid: number): { mainMs: number; processMs: number } | null {
  const ticks = (path: string) => {
    // Fields after the command's closing parenthesis: state is 3rd, utime 14th, stime 15th.
    const text = readFileSync(path, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS_PER_S;
  };
  try {
    return { mainMs: ticks(`/proc/${pid}/task/${pid}/stat`), processMs: ticks(`/proc/${pid}/stat`) };
  } catch {
    return null;
  }
}
