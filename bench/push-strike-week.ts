/**
 * A strike week with push first (docs/domain.md "Push first"): one Kita, N families (half SMS,
 * half e-mail), five planned inquiries (Monday to Friday, each sent at 08:00 with answers until
 * 20:00 and care the next morning) and their results, at a push share of 0 %, 30 %, 60 % and 90 %.
 * Side by side: SMS written per inquiry and per results round, and how long until every family
 * was reached (reached = the push opened, or an SMS or e-mail handed to its provider).
 *
 * Runs the REAL server code on PGlite with the app's clock moved in steps: the fan-out at the
 * opening time, the reminder, the close at the deadline, push first and the escalation job are
 * the app's own jobs (`openDueEvents`, `sendDueReminders`, `closeDueEvents`, `escalatePushes`).
 * Each step the outbox worker's lanes deliver what is queued: pushes over HTTP to the push service
 * stand-in (apps/server/test/push-service.ts: VAPID checked, payload decrypted as a browser would),
 * SMS and e-mail through the test transports; "opened" is what POST push/opened records.
 *
 * Families who got a push open it: 70 % within the escalation time, 20 % later (up to 6 hours
 * after it), 10 % never. A family reached answers (after reading the SMS or e-mail: within
 * 5 to 90 minutes, 90 % of them). Seeded (bench/lib/rng.ts), so a run is reproducible.
 *
 * `npm run bench:push` writes bench/results/push-strike-week.json and .md (about a minute).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../apps/server/test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../apps/server/test/factories.js';
import { createEventViaApi, futureDates } from '../apps/server/test/factories-events.js';
import { nextZonedWeekday } from '../apps/server/test/dates.js';
import { outboxMessages, pushSubscriptions } from '../apps/server/src/db/schema.js';
import { openDueEvents } from '../apps/server/src/modules/events/service.js';
import { closeDueEvents } from '../apps/server/src/modules/results/close.js';
import { sendDueReminders } from '../apps/server/src/modules/delivery/service.js';
import { escalatePushes } from '../apps/server/src/modules/delivery/escalation.js';
import { DEFAULT_ESCALATION, escalationDelayMs } from '../apps/server/src/modules/delivery/escalation-delay.js';
import { startPushService } from '../apps/server/test/push-service.js';
import { rngFrom, type Rng } from './lib/rng.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

export interface PushWeekOptions {
  families: number;
  days: number;
  shares: number[];
  stepMinutes: number;
  seed: string;
}

export const DEFAULT_OPTIONS: PushWeekOptions = { families: 200, days: 5, shares: [0, 0.3, 0.6, 0.9], stepMinutes: 10, seed: 'push-strike-week' };

interface Spread {
  p50: number;
  p90: number;
  max: number;
}

export interface PushShareResult {
  pushShare: number;
  families: number;
  pushFamilies: number;
  inquiries: number;
  /** SMS messages written (inquiry + reminder + their escalations), per inquiry. */
  smsPerInquiry: number;
  /** SMS messages written for the results, per inquiry. */
  smsPerResults: number;
  smsTotal: number;
  /** Billed SMS segments over the week. */
  smsSegments: number;
  emails: number;
  pushes: number;
  /** Pushes the push service stand-in accepted (201) and decrypted. */
  pushesAccepted: number;
  escalations: number;
  /** Minutes from the opening until each family was reached, over every inquiry. */
  inquiryReachMinutes: Spread;
  /** Minutes from the close until each family was reached with its results. */
  resultsReachMinutes: Spread;
  /** (event, family) pairs never reached (a push never opened and no SMS/e-mail: cannot happen with a channel). */
  unreached: number;
}

export interface PushWeekResult {
  name: 'push-strike-week';
  options: PushWeekOptions;
  rows: PushShareResult[];
  seconds: number;
}

const spread = (values: number[]): Spread => {
  if (values.length === 0) return { p50: 0, p90: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const r = (v: number) => Math.round(v * 10) / 10;
  return { p50: r(at(0.5)), p90: r(at(0.9)), max: r(sorted[sorted.length - 1]!) };
};

/** When a family opens a push: 70 % within the escalation time, 20 % later, 10 % never (null). */
function openDelay(rng: Rng, escalationMs: number): number | null {
  const u = rng.next();
  if (u < 0.7) return rng.next() * escalationMs;
  if (u < 0.9) return escalationMs + rng.next() * 6 * HOUR;
  return null;
}

async function runShare(share: number, opts: PushWeekOptions): Promise<PushShareResult> {
  const rng = rngFrom(`${opts.seed}:${share}`);
  // Monday 08:00 in Berlin a week or more ahead; the inquiries are created an hour before.
  const T0 = nextZonedWeekday(1, '08:00');
  const pushService = await startPushService();
  const t: TestContext = await createTestApp({
    now: new Date(T0.getTime() - HOUR),
    // The stand-in listens on 127.0.0.1; the SMS rate is lifted (the week is simulated, not waited for).
    env: { PUSH_SERVICE_HOSTS: '127.0.0.1', SMS_RATE_PER_SECOND: '100000' },
  });
  try {
    const home = await createKita(t.db, 'Kita Streikwoche');
    const staffId = (await createStaff(t.db, 'KitaManager', home.kita.id)).id;
    let manager = await authHeader(t.app, staffId);
    // The manager's session ends after a while on the app's clock: a fresh one every hour of it.
    let managerAt = t.clock.now().getTime();
    const managerHeader = async (now: number) => {
      if (now - managerAt >= HOUR) {
        manager = await authHeader(t.app, staffId);
        managerAt = now;
      }
      return manager;
    };
    const family = new Map<string, { childId: string; push: boolean }>();
    let pushFamilies = 0;
    for (let i = 0; i < opts.families; i++) {
      const sms = i % 2 === 0;
      const { parent } = await createParent(t.db, home.kita.id, {
        name: `Familie ${i}`,
        withUser: false,
        ...(sms
          ? { preferredCommunication: 'sms', primaryPhone: `+49170${String(1_000_000 + i)}`, primaryPhoneVerified: true, email: null, emailVerified: false }
          : { preferredCommunication: 'email', email: `familie${i}@streik.test`, emailVerified: true }),
      });
      const child = await createChild(t.db, parent.id, home.kgGroup.id, `Kind ${i}`);
      const push = rng.chance(share);
      if (push) {
        pushFamilies++;
        // A browser's subscription at the stand-in (what POST push/subscriptions stores).
        const sub = pushService.subscriber({ id: `familie-${i}` }).subscription;
        await t.db.insert(pushSubscriptions).values({
          parentId: parent.id,
          endpoint: sub.endpoint,
          p256dh: sub.keys.p256dh,
          auth: sub.keys.auth,
          label: 'Browser',
          createdAt: t.clock.now(),
        });
      }
      family.set(parent.id, { childId: child.id, push });
    }

    const events: Array<{ id: string; opensAt: Date; deadline: Date; careStartsAt: Date; opened?: boolean; closed?: boolean; reminded?: boolean }> = [];
    for (let d = 0; d < opts.days; d++) {
      const opensAt = new Date(T0.getTime() + d * DAY);
      const deadline = new Date(opensAt.getTime() + 12 * HOUR);
      const dates = futureDates(opensAt, deadline);
      const id = await createEventViaApi(t, manager, {
        kitaId: home.kita.id,
        categoryId: home.kindergarten.id,
        eventType: 'future',
        totalSlotsKindergarten: Math.floor(opts.families / 4),
        ...dates,
      });
      events.push({ id, opensAt, deadline, careStartsAt: new Date(dates.eventDate) });
    }
    const eventOf = new Map(events.map((e) => [e.id, e]));

    // Per (event, family): when reached in the answer window and with the results; planned actions.
    const reached = new Map<string, number>();
    const resultsReached = new Map<string, number>();
    const answered = new Set<string>();
    type Action = { at: number; kind: 'open'; messageId: string; key: string; phase: 'inquiry' | 'results' } | { at: number; kind: 'answer'; key: string };
    let actions: Action[] = [];
    const keyOf = (eventId: string, parentId: string) => `${eventId}|${parentId}`;
    const reach = (map: Map<string, number>, key: string, at: number) => {
      if (!map.has(key)) map.set(key, at);
    };
    const planAnswer = (key: string, at: number) => {
      if (!answered.has(key) && rng.chance(0.9)) actions.push({ at: at + (5 + rng.next() * 85) * MIN, kind: 'answer', key });
    };

    /** The family answers (its one child), while the inquiry is open. */
    const answer = async (key: string, now: number) => {
      const [eventId, parentId] = key.split('|') as [string, string];
      if (answered.has(key) || now >= eventOf.get(eventId)!.deadline.getTime()) return;
      answered.add(key);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/emergency-event/${eventId}/preferences`,
        headers: await managerHeader(now),
        payload: { preferences: [{ childId: family.get(parentId)!.childId, preferenceType: rng.chance(0.4) ? 'red' : 'green' }] },
      });
      if (res.statusCode !== 200) throw new Error(`answer: ${res.statusCode} ${res.body}`);
    };

    const end = T0.getTime() + (opts.days - 1) * DAY + 25 * HOUR;
    const seen = new Set<string>();
    let steps = 0;
    const loopStarted = performance.now();
    for (let now = T0.getTime(); now <= end; now += opts.stepMinutes * MIN) {
      steps++;
      t.clock.set(new Date(now));
      // The app's jobs, each run when it can have work (they run every few seconds in the app).
      if (events.some((e) => !e.opened && now >= e.opensAt.getTime())) {
        await openDueEvents(t.app);
        for (const e of events) if (now >= e.opensAt.getTime()) e.opened = true;
      }
      if (events.some((e) => !e.closed && now >= e.deadline.getTime())) {
        await closeDueEvents(t.app);
        for (const e of events) if (now >= e.deadline.getTime()) e.closed = true;
      }
      if (events.some((e) => !e.reminded && now >= e.opensAt.getTime() + 10 * HOUR)) {
        await sendDueReminders(t.app);
        for (const e of events) if (now >= e.opensAt.getTime() + 10 * HOUR) e.reminded = true;
      }
      await escalatePushes(t.app);
      // The outbox worker's lanes deliver what is queued: pushes to the push service stand-in
      // (encrypted, VAPID-signed, decrypted there), SMS and e-mail through the test transports.
      const before = new Date(Date.now() - 1000);
      for (const lane of ['push', 'sms', 'email'] as const) while ((await t.app.outbox.runOnce(lane)) > 0);
      const delivered = (
        await t.db
          .select({ id: outboxMessages.id, channel: outboxMessages.channel, kind: outboxMessages.kind, eventId: outboxMessages.eventId, parentId: outboxMessages.parentId })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, 'sent'), gte(outboxMessages.sentAt, before)))
      ).filter((m) => !seen.has(m.id));
      for (const m of delivered) seen.add(m.id);
      for (const m of delivered) {
        if (!m.eventId || !m.parentId || !eventOf.has(m.eventId)) continue;
        const e = eventOf.get(m.eventId)!;
        const key = keyOf(m.eventId, m.parentId);
        const phase = m.kind === 'inquiry' || m.kind === 'reminder' ? 'inquiry' : 'results';
        if (m.channel === 'push') {
          const delay = openDelay(
            rng,
            escalationDelayMs(
              { kind: m.kind as 'inquiry', eventType: 'future', sentAt: new Date(now), answersCloseAt: e.deadline, careStartsAt: e.careStartsAt },
              DEFAULT_ESCALATION,
            ),
          );
          if (delay !== null) actions.push({ at: now + delay, kind: 'open', messageId: m.id, key, phase });
        } else {
          reach(phase === 'inquiry' ? reached : resultsReached, key, now);
          if (phase === 'inquiry') planAnswer(key, now);
        }
      }
      // What the families do until now.
      const due = actions.filter((a) => a.at <= now);
      actions = actions.filter((a) => a.at > now);
      const opened: string[] = [];
      for (const a of due) {
        if (a.kind === 'open') {
          opened.push(a.messageId);
          reach(a.phase === 'inquiry' ? reached : resultsReached, a.key, a.at);
          // Opened from the push: the family answers right there.
          if (a.phase === 'inquiry') await answer(a.key, now);
        } else {
          await answer(a.key, now);
        }
      }
      // The notification (or the link) was opened: POST push/opened records it on the push.
      if (opened.length > 0) await t.db.update(outboxMessages).set({ openedAt: new Date(now) }).where(inArray(outboxMessages.id, opened));
    }

    if (process.env.BENCH_VERBOSE) process.stderr.write(`share ${share}: ${steps} steps in ${Math.round(performance.now() - loopStarted)} ms\n`);
    const rows = await t.db
      .select({ channel: outboxMessages.channel, status: outboxMessages.status, kind: outboxMessages.kind, segments: outboxMessages.smsSegments, escalationOf: outboxMessages.escalationOf })
      .from(outboxMessages)
      .where(inArray(outboxMessages.eventId, events.map((e) => e.id)));
    const sms = rows.filter((r) => r.channel === 'sms');
    const inquirySms = sms.filter((r) => r.kind === 'inquiry' || r.kind === 'reminder').length;
    const resultsSms = sms.filter((r) => r.kind === 'results' || r.kind === 'slot_offered').length;
    const inquiryReach: number[] = [];
    const resultsReach: number[] = [];
    let unreached = 0;
    for (const e of events) {
      for (const parentId of family.keys()) {
        const key = keyOf(e.id, parentId);
        const r = reached.get(key);
        if (r === undefined) unreached++;
        else inquiryReach.push((r - e.opensAt.getTime()) / MIN);
        const rr = resultsReached.get(key);
        if (rr === undefined) unreached++;
        else resultsReach.push((rr - e.deadline.getTime()) / MIN);
      }
    }
    return {
      pushShare: share,
      families: opts.families,
      pushFamilies,
      inquiries: events.length,
      smsPerInquiry: Math.round((inquirySms / events.length) * 10) / 10,
      smsPerResults: Math.round((resultsSms / events.length) * 10) / 10,
      smsTotal: sms.length,
      smsSegments: sms.reduce((n, r) => n + (r.segments ?? 1), 0),
      emails: rows.filter((r) => r.channel === 'email').length,
      pushes: rows.filter((r) => r.channel === 'push').length,
      pushesAccepted: pushService.messages.filter((m) => m.status === 201 && m.payload !== null).length,
      escalations: rows.filter((r) => r.escalationOf).length,
      inquiryReachMinutes: spread(inquiryReach),
      resultsReachMinutes: spread(resultsReach),
      unreached,
    };
  } finally {
    await t.close();
    await pushService.close();
  }
}

export async function benchPushStrikeWeek(opts: PushWeekOptions = DEFAULT_OPTIONS): Promise<PushWeekResult> {
  const started = performance.now();
  const rows: PushShareResult[] = [];
  for (const share of opts.shares) rows.push(await runShare(share, opts));
  return { name: 'push-strike-week', options: opts, rows, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** The short table for bench/results/push-strike-week.md. */
export function pushWeekTable(r: PushWeekResult): string {
  const lines = [
    `Strike week: ${r.options.families} families (half SMS, half e-mail), ${r.options.days} planned inquiries (12 h answer window) and their results; push first with the default escalation (half the window, at most 120 min).`,
    '',
    '| push share | SMS per inquiry | SMS per results | SMS in the week | saved vs SMS only | escalations | reached after opening p50 / p90 / max (min) | results reached p50 / p90 / max (min) |',
    '|---|---|---|---|---|---|---|---|',
  ];
  const base = r.rows.find((x) => x.pushShare === 0)?.smsTotal ?? null;
  for (const x of r.rows) {
    const saved = base ? `${Math.round((1 - x.smsTotal / base) * 100)} %` : '–';
    const s = (v: Spread) => `${v.p50} / ${v.p90} / ${v.max}`;
    lines.push(
      `| ${Math.round(x.pushShare * 100)} % | ${x.smsPerInquiry} | ${x.smsPerResults} | ${x.smsTotal} | ${saved} | ${x.escalations} | ${s(x.inquiryReachMinutes)} | ${s(x.resultsReachMinutes)} |`,
    );
  }
  lines.push('', `Run time ${r.seconds} s. Reached: push opened, or SMS/e-mail handed to its provider (the app's clock moved in steps of ${r.options.stepMinutes} min; pushes through the push lane to the push service stand-in).`);
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await benchPushStrikeWeek();
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  writeFileSync(path.join(dir, 'push-strike-week.json'), `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(path.join(dir, 'push-strike-week.md'), pushWeekTable(result));
  process.stdout.write(pushWeekTable(result));
}
