import { ConfigError, type Config } from '../config.js';
import { DatabaseUnreachableError } from '../db/client.js';

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
  if (err instanceof ConfigError || err instanceof DatabaseUnreachableError) {
    console.error(err.message);
    process.exit(1);
  }
  console.error(err);
  process.exit(1);
}

