import type { SandboxHost } from '../core/profiles/profile-service';

/** Starts the built-in Sandbox on first use (loopback, random port) and remembers its address. */
export function lazySandboxHost(start: () => Promise<{ origin: string; close(): Promise<void> }>) {
  let running: Promise<{ origin: string; close(): Promise<void> }> | undefined;
  let origin: string | undefined;
  const host: SandboxHost & { close(): Promise<void> } = {
    origin: async () => {
      running ??= start().then((s) => {
        origin = s.origin;
        return s;
      });
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
