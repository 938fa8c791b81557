/**
 * Fan-out: an immediate inquiry to 5,000 families on real PostgreSQL, half by
 * e-mail to a local SMTP server (smtp-server) and half by SMS to a local fake of Twilio's API,
 * through the app's REAL transports (pooled nodemailer, Twilio adapter with its rate limit lifted)
 * and its outbox worker, until the last message is accepted. Figures: seconds from the manager's
 * POST to the last acceptance, and the time of the POST itself (event + 5,000 tokens + 5,000
 * outbox rows in one transaction). Aims: <= 15 s, and >= 0.5 of a bare-transport baseline measured
 * in the same run: the same 5,000 messages sent by nodemailer (pooled, as many connections as the
 * app) and fetch straight to the same sinks, as many in flight per channel as the worker's lanes.
 * Realistic case: 150 SMS families with the DEFAULT SMS rate (SMS_RATE_PER_SECOND=10): the SMS
 * throughput after the first burst as a share of that rate (aim >= 0.95).
 *
 * Run alone: `node --import tsx bench/fanout.ts` (BENCH_DATABASE_URL or TEST_DATABASE_URL names
 * the PostgreSQL server; a fresh database is created and dropped).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { createTransports, closeTransports } from '../apps/server/src/notify/transports.js';
import { createUserSession } from '../apps/server/src/plugins/auth.js';
import { cpuMsPer, describeCpu, startCpuMeter, type CpuShares } from './lib/cpu-share.js';
import { providerEnv, seedKita, type KitaWorld } from './lib/families-world.js';
import { benchServerUrl, withFreshDatabase, writeBenchResult } from './lib/fresh-database.js';
import { startProviders, type Providers } from './lib/providers.js';

const FAMILIES = 5000;
const TARGET_S = 15;
const BASELINE_SHARE = 0.5;
/** The realistic case: families of which every one is reached by SMS, at the default rate. */
const RATE_FAMILIES = 150;
const DEFAULT_SMS_RATE = 10;
/** Deliveries in flight per channel: the outbox worker's default concurrency per lane. */
const IN_FLIGHT = 10;
/** The SMTP pool size: the app's default (createSmtpTransport). */
const SMTP_CONNECTIONS = 5;

export interface FanoutResult {
  name: 'fanout';
  seconds: number;
  messagesPerSecond: number;
  baselineSeconds: number;
  shareOfBaseline: number;
  createMs: number;
  messages: number;
  target: string;
  pass: boolean;
  emails: number;
  sms: number;
  failed: number;
  loadAverage1m: number[];
  cpu: { app: CpuShares; bare: CpuShares };
  /** CPU ms per message by process group, through the app (creation included) and bare. */
  cpuMsPerMessage: { app: Record<string, number>; bare: Record<string, number> };
  reason?: string;
}

export interface SmsRateResult {
  name: 'fanout-sms-rate';
  shareOfRate: number;
  smsPerSecond: number;
  configuredRate: number;
  sms: number;
  seconds: number;
  target: string;
  pass: boolean;
  reason?: string;
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function appConfig(url: string, providers: Providers, smsRate?: number) {
  return loadConfig({
    // test, not development: development keeps messages to `.example` addresses in the dev mailbox.
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    PUBLIC_URL: 'https://kita.example.org',
    ...providerEnv(providers),
    // Unset = the configured default (the realistic case); the throughput case lifts the limit.
    ...(smsRate ? { SMS_RATE_PER_SECOND: String(smsRate) } : {}),
  });
}

/** The same messages straight through nodemailer and fetch to the same sinks: no app, no database. */
async function bareTransports(providers: Providers, messages: Array<{ channel: string; recipient: string; subject: string | null; body_text: string; body_html: string | null }>) {
  const u = new URL(providers.smtpUrl);
  const mailer = nodemailer.createTransport({ host: u.hostname, port: Number(u.port), secure: false, pool: true, maxConnections: SMTP_CONNECTIONS });
  const twilioUrl = `${providers.twilioUrl}/2010-04-01/Accounts/${providers.accountSid}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${providers.accountSid}:${providers.authToken}`).toString('base64')}`;
  const lane = async (rows: typeof messages, send: (m: (typeof messages)[number]) => Promise<unknown>) => {
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < rows.length) await send(rows[next++]!);
    }));
  };
  const start = performance.now();
  try {
    await Promise.all([
      lane(messages.filter((m) => m.channel === 'email'), (m) =>
        mailer.sendMail({ from: 'no-reply@kita.example.org', to: m.recipient, subject: m.subject ?? '', text: m.body_text, ...(m.body_html ? { html: m.body_html } : {}) })),
      lane(messages.filter((m) => m.channel === 'sms'), async (m) => {
        const res = await fetch(twilioUrl, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: m.recipient, From: '+4930123456', Body: m.body_text }),
        });
        await res.text();
        if (!res.ok) throw new Error(`fake Twilio ${res.status}`);
      }),
    ]);
    return (performance.now() - start) / 1000;
  } finally {
    mailer.close();
  }
}

/** One immediate inquiry to the seeded families through the real app; resolves when `expected` more messages arrived. */
async function fanOutThroughApp(url: string, database: Awaited<ReturnType<typeof openDatabase>>, providers: Providers, world: KitaWorld, expected: number, smsRate?: number, onCount?: (c: { emails: number; sms: number }, at: number) => void) {
  const config = appConfig(url, providers, smsRate);
  const transports = createTransports(config);
  const app = await buildApp({ config, database, logger: false, serveWeb: false, transports });
  try {
    const token = await createUserSession(app, world.managerId);
    const before = await providers.count();
    app.outbox.start();
    let counted = before;
    const delivered = () => counted.emails + counted.sms - before.emails - before.sms;
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/emergency-event',
      headers: { authorization: `Bearer ${token}` },
      payload: { kitaId: world.kitaId, categoryId: world.categoryId, eventType: 'immediate', totalSlotsKindergarten: 500 },
    });
    const createMs = performance.now() - start;
    if (res.statusCode !== 201) throw new Error(`create event: ${res.statusCode} ${res.body}`);
    const eventId = res.json().data.eventId as string;
    const deadline = start + 3 * 60_000;
    while (delivered() < expected && performance.now() < deadline) {
      await sleep(20);
      counted = await providers.count();
      onCount?.({ emails: counted.emails - before.emails, sms: counted.sms - before.sms }, performance.now());
    }
    const seconds = (performance.now() - start) / 1000;
    return { seconds, createMs, eventId, emails: counted.emails - before.emails, sms: counted.sms - before.sms };
  } finally {
    await app.close();
    await closeTransports(transports);
  }
}

export async function benchFanout(): Promise<[FanoutResult, SmsRateResult]> {
  const providers = await startProviders();
  try {
    return await withFreshDatabase('fanout', async (url) => {
      const database = await openDatabase({ url });
      try {
        const world = await seedKita(database.db, { name: 'Kita Großstadt', families: FAMILIES, domain: 'fanout.example', someEnglish: true });
        const dbName = new URL(url).pathname.slice(1);
        // The app runs in this process (with the outbox worker); the sinks in theirs.
        const appMeter = await startCpuMeter(benchServerUrl(), dbName, { app: () => [process.pid], providers: () => [providers.pid] });
        const a = await fanOutThroughApp(url, database, providers, world, FAMILIES, 100_000);
        const appCpu = await appMeter.stop();
        // Counted for the record: a failed delivery shows here, not as a faster run.
        const failed = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where status = 'failed'`);
        const sent = await database.db.execute<{ channel: string; recipient: string; subject: string | null; body_text: string; body_html: string | null }>(
          sql`select channel, recipient, subject, body_text, body_html from outbox_messages where event_id = ${a.eventId}`,
        );
        const bareMeter = await startCpuMeter(benchServerUrl(), dbName, { sender: () => [process.pid], providers: () => [providers.pid] });
        const baselineSeconds = await bareTransports(providers, sent.rows);
        const bareCpu = await bareMeter.stop();
        const messages = a.emails + a.sms;
        const share = baselineSeconds / a.seconds;
        const perMessage = { app: cpuMsPer(appCpu, messages), bare: cpuMsPer(bareCpu, sent.rows.length) };
        const costs = `CPU ms per message through the app ${JSON.stringify(perMessage.app)}, bare ${JSON.stringify(perMessage.bare)}`;
        const reasons: string[] = [];
        if (messages !== FAMILIES) reasons.push(`${messages} of ${FAMILIES} accepted`);
        if (a.seconds > TARGET_S) reasons.push(`${round(a.seconds)} s > ${TARGET_S} s (the bare transports alone took ${round(baselineSeconds)} s); app run: ${describeCpu(appCpu)}; bare run: ${describeCpu(bareCpu)}; ${costs}`);
        if (share < BASELINE_SHARE) reasons.push(`${round(share)} of the bare transports' throughput; app run: ${describeCpu(appCpu)}; bare run: ${describeCpu(bareCpu)}`);
        const fanout: FanoutResult = {
          name: 'fanout',
          seconds: round(a.seconds),
          messagesPerSecond: Math.round(messages / a.seconds),
          baselineSeconds: round(baselineSeconds),
          shareOfBaseline: round(share),
          createMs: Math.round(a.createMs),
          messages,
          target: `${FAMILIES} in <= ${TARGET_S} s, >= ${BASELINE_SHARE} of bare`,
          pass: reasons.length === 0,
          emails: a.emails,
          sms: a.sms,
          failed: Number(failed.rows[0]?.n ?? 0),
          loadAverage1m: [appCpu.loadAverage1m, bareCpu.loadAverage1m],
          cpu: { app: appCpu, bare: bareCpu },
          cpuMsPerMessage: perMessage,
          ...(reasons.length ? { reason: reasons.join('; ') } : {}),
        };

        // Realistic: the configured default SMS rate; throughput after the first burst (the bucket's size).
        const rateWorld = await seedKita(database.db, { name: 'Kita Randbezirk', families: RATE_FAMILIES, firstFamily: FAMILIES, allSms: true, domain: 'rate.example' });
        let burstAt: { n: number; t: number } | null = null;
        let lastAt = { n: 0, t: 0 };
        const r = await fanOutThroughApp(url, database, providers, rateWorld, RATE_FAMILIES, undefined, (c, at) => {
          if (!burstAt && c.sms >= DEFAULT_SMS_RATE) burstAt = { n: c.sms, t: at };
          if (c.sms > lastAt.n) lastAt = { n: c.sms, t: at };
        });
        const b = burstAt as { n: number; t: number } | null;
        const smsPerSecond = b && lastAt.t > b.t ? (lastAt.n - b.n) / ((lastAt.t - b.t) / 1000) : 0;
        const shareOfRate = smsPerSecond / DEFAULT_SMS_RATE;
        const rate: SmsRateResult = {
          name: 'fanout-sms-rate',
          shareOfRate: round(shareOfRate),
          smsPerSecond: round(smsPerSecond),
          configuredRate: DEFAULT_SMS_RATE,
          sms: r.sms,
          seconds: round(r.seconds),
          target: 'SMS throughput >= 0.95 of the rate',
          pass: shareOfRate >= 0.95 && r.sms === RATE_FAMILIES,
          ...(shareOfRate >= 0.95 ? {} : { reason: `${round(smsPerSecond)} SMS/s of ${DEFAULT_SMS_RATE}` }),
        };
        writeBenchResult('fanout', { fanout, smsRate: rate });
        return [fanout, rate];
      } finally {
        await database.close();
      }
    });
  } finally {
    await providers.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [r, rate] = await benchFanout();
  console.log(`fan-out to ${FAMILIES} families (${r.emails} e-mails over SMTP, ${r.sms} SMS over the Twilio API), load average ${r.loadAverage1m.join(' → ')}:`);
  console.log(`  app run: ${describeCpu(r.cpu.app)}; bare run: ${describeCpu(r.cpu.bare)}`);
  console.log(`  CPU ms per message: through the app ${JSON.stringify(r.cpuMsPerMessage.app)}, bare ${JSON.stringify(r.cpuMsPerMessage.bare)}`);
  console.log(`  app: ${r.seconds} s until the last message was accepted (${r.messagesPerSecond}/s; the POST took ${r.createMs} ms)`);
  console.log(`  bare nodemailer + fetch, same messages: ${r.baselineSeconds} s; the app reaches ${r.shareOfBaseline} of it`);
  console.log(`  target ${r.target}: ${r.pass ? 'PASS' : `MISS: ${r.reason}`}${r.failed ? ` (${r.failed} failed)` : ''}`);
  console.log(`  default SMS rate ${rate.configuredRate}/s: ${rate.smsPerSecond} SMS/s after the burst = ${rate.shareOfRate} of the rate (${rate.sms} SMS in ${rate.seconds} s) ${rate.pass ? 'PASS' : `MISS: ${rate.reason}`}`);
}
