import { describe, expect, it } from 'vitest';
import { benchPushStrikeWeek, pushWeekTable } from './push-strike-week.js';

/** A tiny strike week (20 families, one inquiry) so CI keeps the benchmark working. */
describe('push strike week (tiny)', () => {
  it('saves SMS with push first and still reaches every family', async () => {
    const r = await benchPushStrikeWeek({ families: 20, days: 1, shares: [0, 0.6], stepMinutes: 15, seed: 'tiny' });
    const [none, push] = r.rows as [(typeof r.rows)[number], (typeof r.rows)[number]];
    console.log(pushWeekTable(r));
    expect(none.pushes).toBe(0);
    expect(none.escalations).toBe(0);
    expect(none.smsPerInquiry).toBeGreaterThanOrEqual(10);
    expect(push.pushFamilies).toBeGreaterThan(0);
    // Every push went through the push lane to the stand-in, which decrypted it.
    expect(push.pushesAccepted).toBe(push.pushes);
    expect(push.smsTotal).toBeLessThan(none.smsTotal);
    // Every family has SMS or e-mail: nobody stays unreached, the escalation catches the rest.
    expect(none.unreached).toBe(0);
    expect(push.unreached).toBe(0);
    // Without push, everybody is reached in the first step; with push, within the escalation time (+ one step).
    expect(none.inquiryReachMinutes.max).toBe(0);
    expect(push.inquiryReachMinutes.max).toBeLessThanOrEqual(120 + 15);
  }, 120_000);
});
