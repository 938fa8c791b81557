import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay, zonedInstant } from '@kita/shared';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { BERLIN, utcOffsetMinutes } from '../../../test/dates.js';
import { createEventViaApi } from '../../../test/factories-events.js';
import { closeViaApi, record, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { testSecretKey } from '../../../test/factories-accounts.js';
import { allocations, outboxMessages } from '../../db/schema.js';
import { openMessage, SECRET_PLACEHOLDER } from '../../notify/secrets.js';
import { countSmsSegments } from '../../notify/sms-text.js';
import { sendMessageFallbacks } from '../delivery/fallback.js';
import { CALENDAR_LINK_GRACE_DAYS } from './calendar.js';

/**
 * The place in the family's calendar (docs/domain.md "The place in the calendar"): the .ics file is
 * parsed back with ical.js, a separate iCalendar implementation. The inquiry's care period spans
 * the next change of the clocks in Berlin after the real now (a Friday 07:00 to the Tuesday 17:00
 * around the last Sunday of March or October), so the daily times must stay 07:00-17:00 on both
 * sides of it.
 */

const DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/** The Sunday (yyyy-mm-dd) of the next change of Berlin's UTC offset, at least 8 days after `from`. */
function nextClockChange(from: Date): string {
  for (let i = 8; i < 400; i++) {
    const day = zonedDay(new Date(from.getTime() + i * DAY), BERLIN);
    const offset = (d: string) => utcOffsetMinutes(zonedInstant(d, '12:00', BERLIN), BERLIN);
    if (offset(day) !== offset(addDays(day, -1))) return day;
  }
  throw new Error('no change of the clocks within a year');
}

const CHANGE = nextClockChange(new Date());
const FRIDAY = addDays(CHANGE, -2);
const TUESDAY = addDays(CHANGE, 2);
/** The Monday before, 10:00: the inquiry is made then, answers until Wednesday. */
const NOW = zonedInstant(addDays(CHANGE, -6), '10:00', BERLIN);

let t: TestContext;
let w: ResultsWorld;
let eventId: string;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  eventId = await createEventViaApi(t, w.headers.manager, {
    kitaId: w.home.kita.id,
    categoryId: w.home.kindergarten.id,
    eventType: 'future',
    opensAt: NOW.toISOString(),
    responseDeadline: new Date(NOW.getTime() + 2 * DAY).toISOString(),
    eventDate: zonedInstant(FRIDAY, '07:00', BERLIN).toISOString(),
    expireDate: zonedInstant(TUESDAY, '17:00', BERLIN).toISOString(),
    totalSlotsKindergarten: 4,
  });
  const k = w.kids;
  // Four red children take the four places; Dani (yellow) waits first in line.
  await record(t, w, eventId, [
    [k.mailKid.id, 'red'],
    [k.mailKid2.id, 'red'],
    [k.ulla.id, 'red'],
    [k.smsKid.id, 'red'],
    [k.dani.id, 'yellow'],
    [k.anonKid.id, 'green'],
  ]);
  const closed = await closeViaApi(t, w.headers.manager, eventId);
  expect(closed.statusCode).toBe(200);
});
afterAll(async () => t.close());

async function messageOf(kind: 'results' | 'slot_offered', parentId: string) {
  const [row] = await t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parentId), eq(outboxMessages.kind, kind)));
  return row!;
}

const linkIn = (text: string) => /http:\/\/kita\.test(\/api\/c\/[A-Za-z0-9_-]{44})\b/.exec(text)?.[1] ?? null;

function parse(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  const zone = cal.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return { cal, events: cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

const fetchByLink = (path: string) => t.app.inject({ url: path });
const fetchBySession = (parentId: string, headers: Record<string, string>, language = 'de') =>
  t.app.inject({ url: `/api/parents/${parentId}/calendar/${eventId}`, headers: { ...headers, 'accept-language': language } });

describe('the calendar file', () => {
  it('has daily care times in the Kita zone across the change of the clocks, with VTIMEZONE and location', async () => {
    const res = await fetchBySession(w.mail.parent.id, w.headers.mail);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('.ics');
    const { cal, events } = parse(res.body);
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe(BERLIN);
    // Anna's two children, nobody else's.
    expect(events.map((e) => e.summary).sort()).toEqual(['Notbetreuung Max – Kita Sonnenschein', 'Notbetreuung Mia – Kita Sonnenschein']);
    for (const e of events) {
      expect(e.startDate.zone?.tzid).toBe(BERLIN);
      expect(e.location).toContain('Kita Sonnenschein');
      expect(e.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
      expect(e.sequence).toBe(0);
      // DTSTAMP is the app clock, in UTC.
      expect((e.component.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().getTime()).toBe(Math.floor(NOW.getTime() / 1000) * 1000);
      const it = e.iterator();
      const days: string[] = [];
      for (let next = it.next(); next; next = it.next()) {
        const occurrence = e.getOccurrenceDetails(next);
        const day = zonedDay(occurrence.startDate.toJSDate(), BERLIN);
        days.push(day);
        // 07:00 to 17:00 Berlin time every day, before and after the clocks change.
        expect(occurrence.startDate.toJSDate().toISOString()).toBe(zonedInstant(day, '07:00', BERLIN).toISOString());
        expect(occurrence.endDate.toJSDate().toISOString()).toBe(zonedInstant(day, '17:00', BERLIN).toISOString());
      }
      expect(days).toEqual([FRIDAY, addDays(FRIDAY, 1), CHANGE, addDays(CHANGE, 1), TUESDAY]);
      // The same wall-clock time is a different UTC time on the two sides of the change.
      expect(utcOffsetMinutes(zonedInstant(FRIDAY, '07:00', BERLIN), BERLIN)).not.toBe(utcOffsetMinutes(zonedInstant(TUESDAY, '07:00', BERLIN), BERLIN));
    }
  });

  it('keeps the UID per child and inquiry across downloads', async () => {
    const first = parse((await fetchBySession(w.mail.parent.id, w.headers.mail)).body).events;
    t.clock.advance(3_600_000);
    const second = parse((await fetchBySession(w.mail.parent.id, w.headers.mail, 'en')).body).events;
    t.clock.set(NOW);
    expect(first.map((e) => e.uid).sort()).toEqual(second.map((e) => e.uid).sort());
    expect(first.map((e) => e.uid).sort()).toEqual([`${eventId}-${w.kids.mailKid2.id}@kita.test`, `${eventId}-${w.kids.mailKid.id}@kita.test`].sort());
    // The session's file follows the caller's language.
    expect(second.map((e) => e.summary).sort()).toEqual(['Emergency care Max – Kita Sonnenschein', 'Emergency care Mia – Kita Sonnenschein']);
  });

  it('answers only the own family through the session: another family, or none with a place, is not found', async () => {
    expect((await fetchBySession(w.carla.parent.id, w.headers.mail)).statusCode).toBe(404);
    // Ben's Noah has a place, Dora's Dani waits: no place, no file.
    expect((await fetchBySession(w.dora.parent.id, w.headers.dora)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/calendar/${eventId}` })).statusCode).toBe(401);
  });
});

describe('the calendar link in the result message', () => {
  it('is in the e-mail and the SMS of a family with a place, sealed at rest, and opens the family file in its language', async () => {
    const mail = await messageOf('results', w.carla.parent.id);
    // At rest: the placeholder, the flag, never the key.
    expect(mail.bodyText).toContain(SECRET_PLACEHOLDER);
    expect(mail.vars).toMatchObject({ calendar: 1 });
    expect(mail.vars).not.toHaveProperty('link');
    const opened = openMessage(mail, testSecretKey);
    const path = linkIn(opened.bodyText)!;
    expect(path).not.toBeNull();
    expect(opened.bodyHtml).toContain(`href="http://kita.test${path}"`);
    expect(opened.bodyText).toContain('Add to calendar');
    expect(mail.bodyText).not.toContain(path.slice('/api/c/'.length));

    const res = await fetchByLink(path);
    expect(res.statusCode).toBe(200);
    const { events } = parse(res.body);
    // Carla reads English (her stored language), and only Ülla is in her file.
    expect(events.map((e) => e.summary)).toEqual(['Emergency care Ülla Müller – Kita Sonnenschein']);

    const sms = openMessage(await messageOf('results', w.sms.parent.id), testSecretKey);
    expect(sms.channel).toBe('sms');
    expect(sms.bodyText).toMatch(/Calendar: http:\/\/kita\.test\/api\/c\/[A-Za-z0-9_-]{44}$/);
    // One child and the link: two SMS parts at most.
    expect(countSmsSegments(sms.bodyText).segments).toBeLessThanOrEqual(2);
    expect(sms.smsSegments).toBe(countSmsSegments(sms.bodyText).segments);
    // The history's button uses the same address.
    const history = (await t.app.inject({ url: `/api/parents/${w.carla.parent.id}/children/preferences`, headers: w.headers.carla })).json().data;
    expect(history[0].preferences[0]).toMatchObject({ eventId, hasSlot: 'JA', calendarLink: path });
  });

  it('is missing for a family without a place', async () => {
    const dora = openMessage(await messageOf('results', w.dora.parent.id), testSecretKey);
    expect(linkIn(dora.bodyText)).toBeNull();
    expect(dora.vars).not.toHaveProperty('calendar');
  });

  it('answers 404 for a wrong, foreign, malformed or expired key, the same as for nothing', async () => {
    const path = linkIn(openMessage(await messageOf('results', w.carla.parent.id), testSecretKey).bodyText)!;
    const key = path.slice('/api/c/'.length);
    // One character of the HMAC changed (in the middle: its last character also has spare bits).
    const flipped = key.slice(0, 30) + (key[30] === 'A' ? 'B' : 'A') + key.slice(31);
    // The same bytes spelled with the last character's spare bits set: not the key either.
    const lastValue = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(key.at(-1)!);
    const respelled = key.slice(0, -1) + 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'[lastValue + 1]!;
    const otherEvent = Buffer.from('00000000000040008000000000000000', 'hex').toString('base64url') + key.slice(22);
    for (const bad of [flipped, respelled, otherEvent, 'short', `${key}x`, '0'.repeat(44)]) {
      const res = await fetchByLink(`/api/c/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // A NUL is bad input like everywhere else (docs/quality.md "Security").
    expect((await fetchByLink('/api/c/%00')).statusCode).toBe(400);
    t.clock.set(new Date(zonedInstant(TUESDAY, '17:00', BERLIN).getTime() + (CALENDAR_LINK_GRACE_DAYS - 1) * DAY));
    expect((await fetchByLink(path)).statusCode).toBe(200);
    t.clock.set(new Date(zonedInstant(TUESDAY, '17:00', BERLIN).getTime() + CALENDAR_LINK_GRACE_DAYS * DAY));
    expect((await fetchByLink(path)).statusCode).toBe(404);
    t.clock.set(NOW);
  });

  it('is built again for the fallback on the other channel', async () => {
    const sms = await messageOf('results', w.sms.parent.id);
    const path = linkIn(openMessage(sms, testSecretKey).bodyText)!;
    await t.db.update(outboxMessages).set({ status: 'failed' }).where(eq(outboxMessages.id, sms.id));
    const made = await sendMessageFallbacks({ db: t.db, clock: t.clock, config: t.config, outbox: { kick: () => {} } });
    expect(made).toBeGreaterThanOrEqual(1);
    const [fallback] = await t.db.select().from(outboxMessages).where(eq(outboxMessages.fallbackOf, sms.id));
    expect(fallback!.channel).toBe('email');
    expect(fallback!.bodyText).toContain(SECRET_PLACEHOLDER);
    expect(fallback!.vars).toMatchObject({ calendar: 1 });
    expect(linkIn(openMessage(fallback!, testSecretKey).bodyText)).toBe(path);
  });
});

describe('a place given back', () => {
  it('cancels the event with the same UID and a higher SEQUENCE, and the family that moves up gets its link', async () => {
    const path = linkIn(openMessage(await messageOf('results', w.carla.parent.id), testSecretKey).bodyText)!;
    const before = parse((await fetchByLink(path)).body).events[0]!;
    const [a] = await t.db.select().from(allocations).where(and(eq(allocations.eventId, eventId), eq(allocations.childId, w.kids.ulla.id)));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/emergency-event/${eventId}/release-slot`,
      headers: w.headers.carla,
      payload: { childId: a!.childId, preferenceId: a!.preferenceId, parentId: a!.parentId },
    });
    expect(res.statusCode).toBe(200);

    const after = parse((await fetchByLink(path)).body).events;
    expect(after).toHaveLength(1);
    expect(after[0]!.uid).toBe(before.uid);
    expect(after[0]!.sequence).toBe(1);
    expect(after[0]!.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(after[0]!.summary).toMatch(/^Cancelled:/);
    // The history no longer offers the calendar for it.
    const history = (await t.app.inject({ url: `/api/parents/${w.carla.parent.id}/children/preferences`, headers: w.headers.carla })).json().data;
    expect(history[0].preferences[0]).toMatchObject({ released: true, calendarLink: null });

    // Dani moved up: "a place is free" carries Dora's own link, and her file has Dani.
    const offered = openMessage(await messageOf('slot_offered', w.dora.parent.id), testSecretKey);
    const doraPath = linkIn(offered.bodyText)!;
    expect(doraPath).not.toBeNull();
    expect(doraPath).not.toBe(path);
    const dora = parse((await fetchByLink(doraPath)).body).events;
    expect(dora.map((e) => [e.summary, e.sequence])).toEqual([['Notbetreuung Dani Dreier – Kita Sonnenschein', 0]]);
  });
});

describe('guessing keys', () => {
  it('is rate limited per client like the inquiry link: 429 with Retry-After after 30 wrong keys', async () => {
    const path = linkIn(openMessage(await messageOf('results', w.sms.parent.id), testSecretKey).bodyText)!;
    // A fresh window: the tests above tried keys too.
    t.clock.advance(16 * 60_000);
    // Valid keys give their try back: the family may open its link as often as it likes.
    for (let i = 0; i < 35; i++) expect((await fetchByLink(path)).statusCode).toBe(200);
    const wrong = path.slice(0, 30) + (path[30] === 'A' ? 'B' : 'A') + path.slice(31);
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await fetchByLink(wrong)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 404)).toBe(true);
    const limited = await fetchByLink(wrong);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.set(NOW);
  });
});
