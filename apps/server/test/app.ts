import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database, Db } from '../src/db/client.js';
import type { Clock } from '../src/lib/clock.js';
import type { Transport } from '../src/notify/transport.js';
import { openTestDatabase } from './database.js';

/** A clock the test moves by hand. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: Database;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'postgres://unused/for-tests',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://kita.test',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/**
 * The frame of most API test files: the app on a fresh database plus the world the file's tests
 * share, built by `world` (eventWorld, resultsWorld, structureWorld, newKitaId, ...):
 * `beforeAll(async () => ({ t, w } = await testAppWith(eventWorld, { now: NOW })));`
 */
export async function testAppWith<W>(world: (t: TestContext) => Promise<W>, opts: Parameters<typeof createTestApp>[0] = {}): Promise<{ t: TestContext; w: W }> {
  const t = await createTestApp(opts);
  return { t, w: await world(t) };
}

/** Builds the real app on a fresh database; no port is opened (use app.inject). */
export async function createTestApp(
  opts: { env?: Record<string, string>; transports?: { email: Transport; sms: Transport }; now?: Date } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const config = testConfig(opts.env);
  const clock = new TestClock(opts.now);
  const app = await buildApp({ config, database, clock, logger: false, serveWeb: false, transports: opts.transports });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
