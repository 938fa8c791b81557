import { ConfigError, type Config } from '../config.js';
import { StartupError } from '../db/startup-error.js';

/**
 * Demo data only under an explicit NODE_ENV=development (never in production, whatever SEED_DEMO
 * says), and only into an empty database: `auto` = the embedded one, `always` = PostgreSQL too.
 */
export function demoSeedWanted(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO' | 'embedded'>): boolean {
  if (config.NODE_ENV !== 'development') return false;
  return config.SEED_DEMO === 'always' || (config.SEED_DEMO === 'auto' && config.embedded);
}

/** Configuration and database problems end the process with one clear line, not a stack trace. */
export function exitOnStartupError(err: unknown): never {
  if (err instanceof ConfigError || err instanceof StartupError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
}

/** A failed listen() as one line: the port is taken or may not be used by this user. */
export function listenError(err: unknown, host: string, port: number, setting: string): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new StartupError(`Port ${port} on ${host} is in use by another process (stop it, or set ${setting})`);
  if (code === 'EACCES') return new StartupError(`Port ${port} on ${host} may not be opened by this user (use a port above 1023, or set ${setting})`);
  if (code === 'EADDRNOTAVAIL') return new StartupError(`HOST ${host} is not an address of this machine (set HOST)`);
  return err;
}

/**
 * Graceful shutdown of an entry point (main.ts, worker.ts): on the first SIGTERM or SIGINT, log
 * `message`, run `stop` (stop taking work, finish what is in flight, close connections) and exit.
 * `stopping()` tells a health check that the process is on its way out.
 */
export function onShutdown(log: { info(obj: object, msg: string): void }, message: string, stop: () => Promise<void>): { stopping(): boolean } {
  let stopping = false;
  const run = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, message);
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void run('SIGTERM'));
  process.on('SIGINT', () => void run('SIGINT'));
  return { stopping: () => stopping };
}
