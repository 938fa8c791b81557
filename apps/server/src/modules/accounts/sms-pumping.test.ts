import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { createKita } from '../../../test/factories.js';
import { providerEnv, startFakeTwilio, startSmtpSink, type FakeTwilio, type SmtpSink } from '../../../test/fake-providers.js';
import { expireRegistrations } from './registration-expiry.js';

/**
 * The anonymous SMS cost attack: one anonymous client spends a simulated
 * day (on the app clock) doing everything it can to make the product send SMS: a phone-only
 * registration whenever one is accepted, at six Kitas in turn, and a new code for every
 * registration it made as often as it is allowed. The SMS reach the Twilio stand-in through the
 * real outbox worker. Before the fix one address caused 15,240 SMS a day; now the total stays
 * within the anonymous budget (MESSAGE_BUDGET_ANONYMOUS_PER_HOUR / _PER_DAY, defaults 60 / 300).
 */

const STEP_MS = 5 * 60_000;
const HOURS = 24;
const ATTACKER = '203.0.113.7';

let smtp: SmtpSink;
let twilio: FakeTwilio;
let t: TestContext;
let kitas: Array<Awaited<ReturnType<typeof createKita>>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  twilio = await startFakeTwilio();
  // The defaults of config.ts: nothing here is tuned for the test.
  t = await createTestApp({ env: providerEnv(smtp, twilio) });
  // The budgets count per clock hour and per UTC day: the simulated day is one such day.
  const day = 24 * 3600_000;
  t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / day) * day));
  // A deployment with six Kitas: the attacker registers at each in turn (their ids are on public QR codes).
  kitas = [];
  for (let i = 0; i < 6; i++) kitas.push(await createKita(t.db, `Kita ${i + 1}`));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await twilio.close();
});

async function drain() {
  for (let i = 0; i < 20; i++) if ((await t.app.outbox.runOnce()) === 0) return;
}

describe('one anonymous client for a simulated day', () => {
  it('causes no more SMS than the anonymous budget allows, per hour and per day', async () => {
    const anonymousPerHour = t.config.MESSAGE_BUDGET_ANONYMOUS_PER_HOUR ?? 60;
    const anonymousPerDay = t.config.MESSAGE_BUDGET_ANONYMOUS_PER_DAY ?? 300;
    // The attacker is smart: it retries exactly when Retry-After says it may, and drops what is refused for good.
    const registrations: Array<{ parentId: string; phone: string; nextAt: number }> = [];
    const perHour: number[] = [];
    const perStep: number[] = [];
    const answers = new Map<string, number>();
    const count = (res: { statusCode: number; json(): { code?: string } }) => {
      const key = res.statusCode < 300 ? String(res.statusCode) : `${res.statusCode} ${res.json().code}`;
      answers.set(key, (answers.get(key) ?? 0) + 1);
    };
    const retryAt = (res: { headers: Record<string, unknown> }, now: number) => now + Math.max(1, Number(res.headers['retry-after'] ?? 60)) * 1000;
    let seq = 0;
    let requests = 0;
    let registerAt = 0;
    const end = t.clock.now().getTime() + HOURS * 3600_000;
    for (let hour = 0; hour < HOURS; hour++) {
      const before = twilio.messages.length;
      for (let step = 0; step < 3600_000 / STEP_MS; step++) {
        const now = t.clock.now().getTime();
        // One registration attempt per Kita while the per-client limit lets it through.
        for (const kita of kitas) {
          if (now < registerAt) break;
          const phone = `+49151${String(++seq).padStart(8, '0')}`;
          const reg = await t.app.inject({
            method: 'POST',
            url: '/api/auth/register',
            remoteAddress: ATTACKER,
            payload: {
              name: 'X', email: null, primaryPhoneNumber: phone, kitaId: kita.kita.id, preferredCommunication: 'sms', language: 'de',
              password: 'Sonnenblume-11', confirmPassword: 'Sonnenblume-11',
              children: [{ childName: 'Y', dateOfBirth: '2021-04-03', groupId: kita.kgGroup.id }],
            },
          });
          requests++;
          count(reg);
          if (reg.statusCode === 201) registrations.push({ parentId: reg.json().data.parentId, phone, nextAt: now });
          else if (reg.json().code === 'RATE_LIMITED') registerAt = retryAt(reg, now);
        }
        for (const r of registrations) {
          if (now < r.nextAt) continue;
          const res = await t.app.inject({ method: 'POST', url: `/api/auth/${r.parentId}/otp`, remoteAddress: ATTACKER, payload: { phoneNumber: r.phone } });
          requests++;
          count(res);
          r.nextAt = res.statusCode === 200 ? now : res.json().code === 'RATE_LIMITED' ? retryAt(res, now) : end;
        }
        const stepBefore = twilio.messages.length;
        await drain();
        perStep.push(twilio.messages.length - stepBefore);
        t.clock.advance(STEP_MS);
      }
      // The periodic job, as the runner calls it.
      await expireRegistrations(t.app);
      perHour.push(twilio.messages.length - before);
    }
    const sent = twilio.messages.length;
    const caused = Number(
      (await t.db.select({ n: sql<number>`count(*)` }).from(outboxMessages).where(sql`${outboxMessages.channel} = 'sms'`))[0]!.n,
    );
    // Fixed windows: any 60 minutes that straddle two clock hours may see up to twice the hourly budget.
    const span = 3600_000 / STEP_MS;
    const sliding = Math.max(...perStep.map((_, i) => perStep.slice(i, i + span).reduce((a, b) => a + b, 0)));
    // The figures of the report.
    console.log(
      `[sms-pumping] ${requests} requests, ${registrations.length} registrations accepted; SMS queued ${caused}, sent ${sent} in ${HOURS} h; ` +
        `per clock hour max ${Math.max(...perHour)}, any 60 min max ${sliding}, last hour ${perHour.at(-1)}; answers ${JSON.stringify(Object.fromEntries(answers))}`,
    );
    expect(Math.max(...perHour)).toBeLessThanOrEqual(anonymousPerHour);
    expect(sliding).toBeLessThanOrEqual(2 * anonymousPerHour);
    expect(sent).toBeLessThanOrEqual(anonymousPerDay);
    // Nothing is lost: what the budget held still waits in the outbox.
    const waiting = Number(
      (await t.db.select({ n: sql<number>`count(*)` }).from(outboxMessages).where(sql`${outboxMessages.channel} = 'sms' and ${outboxMessages.status} = 'pending'`))[0]!
        .n,
    );
    expect(sent + waiting).toBe(caused);
  }, 600_000);
});
