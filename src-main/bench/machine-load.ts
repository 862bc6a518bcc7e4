import { availableParallelism, loadavg } from 'node:os';

/** How busy the machine was while a measure ran: figures on a loaded machine read differently. */
export interface MachineLoad {
  /** The highest one-minute load average seen from the start of the measure to its end. */
  load1: number;
  cpus: number;
}

/** The load now. */
export const machineLoad = (): MachineLoad => ({ load1: loadavg()[0], cpus: availableParallelism() });

/**
 * Watches the load while a measure runs (once a second, and at both ends); `stop` gives the
 * highest one-minute average seen.
 */
export function watchLoad(): { stop(): MachineLoad } {
  let worst = machineLoad();
  const timer = setInterval(() => {
    worst = { ...worst, load1: Math.max(worst.load1, loadavg()[0]) };
  }, 1_000);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return { ...worst, load1: Math.max(worst.load1, loadavg()[0]) };
    },
  };
}

/** Runs `work` and says how loaded the machine was meanwhile. */
export async function withLoad<T>(work: () => Promise<T>): Promise<{ value: T; load: MachineLoad }> {
  const watch = watchLoad();
  try {
    const value = await work();
    return { value, load: watch.stop() };
  } finally {
    watch.stop();
  }
}

/** `load 1.2/2 cpus`: the one-minute load average over the CPU count. */
export const loadText = (l: MachineLoad) => `load ${l.load1.toFixed(1)}/${l.cpus} cpus`;
