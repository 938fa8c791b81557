/**
 * Fan-out (quality.md, issue 4): an immediate inquiry to 5,000 families on real PostgreSQL, half
 * by e-mail to a local SMTP server (smtp-server) and half by SMS to a local fake of Twilio's API,
 * through the app's REAL transports (nodemailer pool, Twilio adapter with its rate limiter set
 * high) and its outbox worker, until the last message is accepted. Figures: seconds from the
 * manager's POST to the last acceptance, messages per second, and the time of the POST itself
 * (event + 5,000 tokens + 5,000 outbox rows in one transaction). Aim: <= 30 s.
 *
 * Run alone: `node --import tsx bench/fanout.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * the PostgreSQL server; a fresh database is created and dropped).
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { categories, children, groups, kitas, parents, users } from '../apps/server/src/db/schema.js';
import { createTransports, closeTransports } from '../apps/server/src/notify/transports.js';
import { createUserSession } from '../apps/server/src/plugins/auth.js';
import type { ProvidersReply } from './lib/providers-process.js';
import { withFreshDatabase, writeBenchResult } from './lib/fresh-database.js';

const FAMILIES = 5000;
const TARGET_S = 30;

export interface FanoutResult {
  name: 'fanout';
  seconds: number;
  messagesPerSecond: number;
  createMs: number;
  messages: number;
  target: string;
  pass: boolean;
  emails: number;
  sms: number;
  failed: number;
}

async function seedFamilies(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const [kita] = await db.insert(kitas).values({ name: 'Kita Großstadt', location: 'Berlin' }).returning();
  const [category] = await db.insert(categories).values({ kitaId: kita!.id, name: 'Kindergarten' }).returning();
  const groupRows = await db
    .insert(groups)
    .values(['Bären', 'Füchse', 'Eulen', 'Löwen', 'Igel'].map((name) => ({ categoryId: category!.id, name })))
    .returning();
  for (let start = 0; start < FAMILIES; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, FAMILIES - start) }, (_, k) => start + k);
    const rows = await db
      .insert(parents)
      .values(
        batch.map((i) => {
          const sms = i % 2 === 1;
          return {
            kitaId: kita!.id,
            name: `Familie ${i}`,
            email: `familie${i}@fanout.example`,
            emailVerified: true,
            primaryPhone: sms ? `+4915${String(100_000_000 + i).padStart(9, '0')}` : null,
            primaryPhoneVerified: sms,
            preferredCommunication: sms ? 'sms' : 'email',
            language: i % 5 === 0 ? 'en' : 'de',
            status: 'approved',
          };
        }),
      )
      .returning({ id: parents.id });
    await db.insert(children).values(
      rows.map((p, k) => ({ parentId: p.id, groupId: groupRows[k % groupRows.length]!.id, name: `Kind ${start + k}`, dateOfBirth: '2021-05-04' })),
    );
  }
  const [manager] = await db
    .insert(users)
    .values({ name: 'Leitung', email: 'leitung@fanout.example', role: 'KitaManager', kitaId: kita!.id, passwordHash: 'x' })
    .returning();
  return { kitaId: kita!.id, categoryId: category!.id, managerId: manager!.id };
}

/** The SMTP server and the fake Twilio API in a child process (external, as in production). */
async function startProviders() {
  const child = fork(join(dirname(fileURLToPath(import.meta.url)), 'lib', 'providers-process.ts'), [], { execArgv: ['--import', 'tsx'] });
  const waiters: Array<(m: ProvidersReply) => void> = [];
  child.on('message', (m: ProvidersReply) => waiters.shift()?.(m));
  const next = () => new Promise<ProvidersReply>((resolve) => waiters.push(resolve));
  const ready = await next();
  if (ready.type !== 'ready') throw new Error('providers did not start');
  return {
    ...ready,
    async count() {
      const reply = next();
      child.send({ type: 'count' });
      const m = await reply;
      return m.type === 'count' ? m : { emails: 0, sms: 0 };
    },
    async stop() {
      child.send({ type: 'stop' });
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

export async function benchFanout(): Promise<FanoutResult> {
  const providers = await startProviders();
  try {
    return await withFreshDatabase('fanout', async (url) => {
      const database = await openDatabase({ url });
      const config = loadConfig({
        // test, not development: development keeps messages to `.example` addresses in the dev mailbox.
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATABASE_URL: url,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
        PUBLIC_URL: 'https://kita.example.org',
        SMTP_URL: providers.smtpUrl,
        TWILIO_ACCOUNT_SID: providers.accountSid,
        TWILIO_AUTH_TOKEN: providers.authToken,
        TWILIO_FROM: '+4930123456',
        TWILIO_API_URL: providers.twilioUrl,
        // A real provider is throttled to its contract; the benchmark measures our side.
        SMS_RATE_PER_SECOND: '100000',
      });
      const transports = createTransports(config);
      const app = await buildApp({ config, database, logger: false, serveWeb: false, transports });
      try {
        const world = await seedFamilies(database.db);
        const token = await createUserSession(app, world.managerId);
        app.outbox.start();
        let counted = { emails: 0, sms: 0 };
        const delivered = () => counted.emails + counted.sms;

        const start = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/api/emergency-event',
          headers: { authorization: `Bearer ${token}` },
          payload: { kitaId: world.kitaId, categoryId: world.categoryId, eventType: 'immediate', totalSlotsKindergarten: 500 },
        });
        const createMs = performance.now() - start;
        if (res.statusCode !== 201) throw new Error(`create event: ${res.statusCode} ${res.body}`);
        const deadline = start + 5 * 60_000;
        while (delivered() < FAMILIES && performance.now() < deadline) {
          await new Promise((r) => setTimeout(r, 20));
          counted = await providers.count();
        }
        const seconds = (performance.now() - start) / 1000;
        // Counted for the record: a failed delivery shows here, not as a faster run.
        const failed = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where status = 'failed'`);
        const messages = delivered();
        const result: FanoutResult = {
          name: 'fanout',
          seconds: Math.round(seconds * 100) / 100,
          messagesPerSecond: Math.round(messages / seconds),
          createMs: Math.round(createMs),
          messages,
          target: `all ${FAMILIES} accepted in <= ${TARGET_S} s`,
          pass: messages === FAMILIES && seconds <= TARGET_S,
          emails: counted.emails,
          sms: counted.sms,
          failed: Number(failed.rows[0]?.n ?? 0),
        };
        writeBenchResult(result.name, result);
        return result;
      } finally {
        await app.close();
        await closeTransports(transports);
        await database.close();
      }
    });
  } finally {
    await providers.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchFanout();
  console.log(`fan-out to ${FAMILIES} families (${r.emails} e-mails over SMTP, ${r.sms} SMS over the Twilio API):`);
  console.log(`  ${r.seconds} s until the last message was accepted, ${r.messagesPerSecond} messages/s; the POST itself took ${r.createMs} ms`);
  console.log(`  target ${r.target}: ${r.pass ? 'PASS' : 'MISS'}${r.failed ? ` (${r.failed} failed)` : ''}`);
}
