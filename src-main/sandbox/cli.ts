import { CLI_USAGE, parseCliArgs } from './cli-args';
import { startSandbox } from './server';

const parsed = parseCliArgs(process.argv.slice(2));
if (parsed.kind === 'help') {
  console.log(CLI_USAGE);
  process.exit(0);
}
if (parsed.kind === 'error') {
  console.error(`sandbox: ${parsed.message}\n\n${CLI_USAGE}`);
  process.exit(2);
}

try {
  const server = await startSandbox(parsed.options);
  const { options } = parsed;
  console.log(`Sandbox gateway listening: ${server.baseUrl}`);
  console.log(
    'Note: this is a local stand-in for the Model Gateway, not a model; replies are canned and deterministic.',
  );
  const extras = [
    options.rateLimit !== undefined && `rate limit ${options.rateLimit}/s per key`,
    options.balanceYuan !== undefined && `balance ${options.balanceYuan} yuan`,
    options.fault && `fault ${options.fault}`,
    options.tokenDelayMs !== undefined && `token delay ${options.tokenDelayMs} ms`,
    options.exactPace && 'exact pace',
  ].filter(Boolean);
  if (extras.length > 0) console.log(`Settings: ${extras.join(', ')}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Sandbox gateway stopping (${signal})`);
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  const reason = code === 'EADDRINUSE' ? 'the port is already in use (try --port 0)' : (err as Error).message;
  console.error(`sandbox: could not start: ${reason}`);
  process.exit(1);
}
