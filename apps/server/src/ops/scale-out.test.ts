import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { categories, children, groups, kitas, parents, users } from '../db/schema.js';
import { hashPassword } from '../lib/passwords.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-providers.js';
import { freshDatabase, type FreshDatabase } from '../../test/fresh-database.js';
import { freePort, startProcess, type Started } from '../../test/processes.js';
import { LEGAL_ENV } from '../../test/legal-env.js';

/**
 * Scale-out on PostgreSQL: three app processes (WORKER=off) and two outbox workers, all
 * compiled and started at the same moment on an EMPTY database; an inquiry to FAMILIES families,
 * every answer sent round-robin over the three apps, two closes at the same instant on two apps,
 * releases. Every message goes through the real Twilio adapter to a local fake of Twilio's API.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const FAMILIES = Number(process.env.SCALE_OUT_FAMILIES || 2000);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const PASSWORD = 'Leitung-Skalierung-1';

describe.skipIf(!adminUrl)(`scale-out: 3 app processes + 2 workers, ${FAMILIES} families`, () => {
  let db: FreshDatabase;
  let twilio: FakeTwilio;
  let database: Database;
  const procs: Started[] = [];
  const ports: number[] = [];
  const figures: Record<string, number | string> = {};
  const dist = path.join(repo, 'apps/server', `.build-test-${process.pid}`);

  beforeAll(async () => {
    // A private build inside the repository (bare imports resolve from its node_modules).
    execFileSync(process.execPath, ['scripts/build-server.mjs', dist], { cwd: repo, stdio: 'pipe' });
    db = await freshDatabase(adminUrl!, 'kita_scale');
    twilio = await startFakeTwilio();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await database?.close();
    await twilio?.close();
    await db?.drop();
    rmSync(dist, { recursive: true, force: true });
  }, 120_000);

  it('every process starts, each message is sent exactly once, one allocation, every answer stored, ledger = credits', async () => {
    const env = {
      NODE_ENV: 'production', ...LEGAL_ENV,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: db.url,
      JWT_SECRET: 'a7e3c9f1b5d2084e6c1a9f3e7b5d0c2a4e6f8a0b',
      PUBLIC_URL: 'https://kita.example.org',
      SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
      FAQ_URL: 'https://www.stadt-test.de/kita-faq',
      SMTP_URL: 'smtp://127.0.0.1:1',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN: twilio.authToken,
      TWILIO_FROM: '+4915700000000',
      TWILIO_API_URL: twilio.url,
      SMS_RATE_PER_SECOND: '100000',
    };
    for (let i = 0; i < 5; i++) ports.push(await freePort());
    const t0 = performance.now();
    const started = await Promise.allSettled([
      ...[0, 1, 2].map((i) =>
        startProcess({ args: [path.join(dist, 'main.js')], cwd: repo, port: ports[i]!, readyPath: '/api/health/ready', timeoutMs: 150_000, env: { ...env, PORT: String(ports[i]), WORKER: 'off' } }),
      ),
      ...[3, 4].map((i) =>
        startProcess({ args: [path.join(dist, 'worker.js')], cwd: repo, port: ports[i]!, readyPath: '/health', timeoutMs: 150_000, env: { ...env, WORKER_HEALTH_PORT: String(ports[i]) } }),
      ),
    ]);
    for (const s of started) if (s.status === 'fulfilled') procs.push(s.value);
    expect(started.map((s) => (s.status === 'fulfilled' ? 'started' : String(s.reason)))).toEqual(Array(5).fill('started'));
    figures.allStartedMs = Math.round(performance.now() - t0);
    const phase = (name: string) => console.log(`scale-out: ${name} ${JSON.stringify(figures)}`);
    phase('started');
    const apps = ports.slice(0, 3).map((p) => `http://127.0.0.1:${p}`);

    // The Kita and its families (direct inserts: the families are not what is measured).
    database = await openDatabase({ url: db.url, migrate: false, poolSize: 4 });
    const d = database.db;
    const [kita] = await d.insert(kitas).values({ name: 'Kita Skalierung', location: 'Berlin' }).returning();
    const [category] = await d.insert(categories).values({ kitaId: kita!.id, name: 'Kindergarten' }).returning();
    const [group] = await d.insert(groups).values({ categoryId: category!.id, name: 'Bären' }).returning();
    const childOf = new Map<string, string>();
    for (let start = 0; start < FAMILIES; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, FAMILIES - start) }, (_, k) => start + k);
      const rows = await d
        .insert(parents)
        .values(batch.map((i) => ({
          kitaId: kita!.id, name: `Familie ${i}`, primaryPhone: `+4915${String(200_000_000 + i)}`, primaryPhoneVerified: true,
          preferredCommunication: 'sms', language: 'de', status: 'approved', isActive: true,
        })))
        .returning({ id: parents.id });
      const kids = await d
        .insert(children)
        .values(rows.map((p, k) => ({ parentId: p.id, groupId: group!.id, name: `Kind ${start + k}`, dateOfBirth: '2021-05-04' })))
        .returning({ id: children.id, parentId: children.parentId });
      for (const c of kids) childOf.set(c.parentId, c.id);
    }
    await d.insert(users).values({ name: 'Leitung', email: 'leitung@skalierung.example', role: 'KitaManager', kitaId: kita!.id, passwordHash: await hashPassword(PASSWORD) });
    const login = await post(apps[0]!, '/api/auth/login', { email: 'leitung@skalierung.example', password: PASSWORD });
    const manager = { authorization: `Bearer ${login.data.token}` };

    // The inquiry: created on app 1, opened by a sweeper of any app, delivered by the two workers.
    const t1 = performance.now();
    const now = Date.now();
    const created = await post(apps[0]!, '/api/emergency-event', {
      kitaId: kita!.id, categoryId: category!.id, eventType: 'future',
      // Care from the day after tomorrow; answers until tomorrow (the test closes it earlier).
      eventDate: new Date(now + 2 * 86_400_000).toISOString(), expireDate: new Date(now + 3 * 86_400_000).toISOString(),
      responseDeadline: new Date(now + 86_400_000).toISOString(), totalSlotsKindergarten: Math.floor(FAMILIES / 4),
    }, manager);
    const eventId: string = created.data.eventId ?? created.data.id;
    await until(() => twilio.messages.length >= FAMILIES, 150_000, () => `inquiry SMS: ${twilio.messages.length}/${FAMILIES}`);
    figures.inquirySeconds = round((performance.now() - t1) / 1000);
    phase('inquiry delivered');

    // Every family answers through its own link, round-robin over the three apps.
    const t2 = performance.now();
    const links = twilio.messages.map((m) => /\/p\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]);
    expect(links.every(Boolean)).toBe(true);
    const kinds = ['red', 'yellow', 'green', 'red'] as const;
    await pool(links as string[], 24, async (token, i) => {
      const app = apps[i % 3]!;
      const link = await post(app, `/api/auth/verify-token?token=${token}`, undefined);
      const childId = childOf.get(link.data.parentId)!;
      await post(app, '/api/preference', { eventId, preferences: [{ childId, preferenceType: kinds[i % 4] }] }, { authorization: `Bearer ${link.data.token}` });
    });
    figures.answersSeconds = round((performance.now() - t2) / 1000);
    figures.answersPerSecond = round(FAMILIES / ((performance.now() - t2) / 1000));
    phase('answers stored');

    // Two closes at the same instant on two different processes: exactly one allocates.
    const t3 = performance.now();
    const closes = await Promise.all([apps[1]!, apps[2]!].map((app) => post(app, `/api/emergency-event/${eventId}/close`, {}, manager)));
    figures.closeMs = Math.round(performance.now() - t3);
    expect(closes.map((c) => c.data.closedNow).sort()).toEqual([false, true]);
    await until(() => twilio.messages.length >= 2 * FAMILIES, 150_000, () => `result SMS: ${twilio.messages.length - FAMILIES}/${FAMILIES}`);
    figures.resultsSeconds = round((performance.now() - t3) / 1000);

    // Releases on each app: the place moves to the first family on the waitlist.
    const placed = await d.execute<{ child_id: string; parent_id: string; preference_id: string }>(
      sql`select child_id, parent_id, preference_id from allocations where event_id = ${eventId} and has_slot order by rank limit 3`,
    );
    const released = await Promise.all(placed.rows.map((r, i) =>
      post(apps[i % 3]!, `/api/emergency-event/${eventId}/release-slot`, { childId: r.child_id, parentId: r.parent_id, preferenceId: r.preference_id }, manager)));
    const promoted = released.filter((r) => r.data.promoted).length;
    // Each family whose place the Kita gave back is told so; each family that moved up is offered the place.
    const givenBack = placed.rows.length;
    await until(() => twilio.messages.length >= 2 * FAMILIES + promoted + givenBack, 60_000, () => 'slot offers');
    await until(async () => Number((await d.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages where status <> 'sent'`)).rows[0]!.n) === 0, 30_000, () => 'outbox drained');

    // Each message exactly once: every outbox row was accepted once by the provider, nothing more.
    const rows = Number((await d.execute<{ n: number }>(sql`select count(*)::int as n from outbox_messages`)).rows[0]!.n);
    expect(rows).toBe(2 * FAMILIES + promoted + givenBack);
    expect(twilio.messages).toHaveLength(rows);
    const perPhone = new Map<string, number>();
    for (const m of twilio.messages) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
    expect(perPhone.size).toBe(FAMILIES);
    expect([...perPhone.values()].filter((n) => n !== 2)).toHaveLength(promoted + givenBack);

    // One allocation, every answer stored.
    const facts = (await d.execute<{ answers: number; allocations: number; closes: number; status: string; placed: number }>(sql`
      select (select count(*)::int from preferences where event_id = ${eventId}) as answers,
             (select count(*)::int from allocations where event_id = ${eventId}) as allocations,
             (select count(*)::int from audit_log where entity_id = ${eventId}::text and action like '%close%') as closes,
             (select status from events where id = ${eventId}) as status,
             (select count(*)::int from allocations where event_id = ${eventId} and has_slot) as placed`)).rows[0]!;
    expect(facts).toMatchObject({ answers: FAMILIES, allocations: FAMILIES, status: 'finished', placed: Math.floor(FAMILIES / 4) });
    expect(facts.closes).toBe(1);

    // The credits each app shows equal the ledger sums.
    const ledger = new Map((await d.execute<{ parent_id: string; sum: number }>(sql`select parent_id, sum(amount)::int as sum from credit_ledger group by parent_id`)).rows.map((r) => [r.parent_id, Number(r.sum)]));
    for (const app of apps) {
      const list = await get(app, `/api/parents?kitaId=${kita!.id}`, manager);
      expect(list.data).toHaveLength(FAMILIES);
      for (const p of list.data as { parentId?: string; id?: string; credits: number }[]) expect(p.credits).toBe(ledger.get((p.parentId ?? p.id)!) ?? 0);
    }
    figures.families = FAMILIES;
    figures.messages = rows;
    console.log(`scale-out figures: ${JSON.stringify(figures)}`);
  }, 420_000);
});

const round = (n: number) => Math.round(n * 10) / 10;

async function post(base: string, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes are checked by the assertions
  const json: any = await res.json();
  if (res.status >= 300) throw new Error(`POST ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function get(base: string, url: string, headers: Record<string, string>): Promise<{ data: unknown[] }> {
  const res = await fetch(`${base}${url}`, { headers });
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: unknown[] };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function pool<T>(items: T[], size: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i]!, i);
    }
  }));
}
