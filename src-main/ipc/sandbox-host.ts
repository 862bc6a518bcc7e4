import type { SandboxHost } from '../core/profiles/profile-service';

interface StartedSandbox {
  origin: string;
  /** Settles when the Sandbox has stopped by itself (its thread failed): the next use starts another. */
  ended?: Promise<void>;
  close(): Promise<void>;
}

/** Starts the built-in Sandbox on first use (loopback, random port) and remembers its address. */
export function lazySandboxHost(start: () => Promise<StartedSandbox>) {
  let running: Promise<StartedSandbox> | undefined;
  let origin: string | undefined;
  const host: SandboxHost & { close(): Promise<void> } = {
    origin: async () => {
      const starting = (running ??= start().then((s) => {
        origin = s.origin;
        void s.ended?.then(() => {
          if (running !== starting) return;
          running = undefined;
          origin = undefined;
        });
        return s;
      }));
      try {
        return (await running).origin;
      } catch (err) {
        running = undefined;
        throw err;
      }
    },
    current: () => origin,
    close: async () => {
      if (running) await (await running).close();
      running = undefined;
      origin = undefined;
    },
  };
  return host;
}
