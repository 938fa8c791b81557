import { and, eq } from 'drizzle-orm';
import { endOfZonedDay } from '@kita/shared';
import { outboxMessages } from '../src/db/schema.js';
import { openMessage } from '../src/notify/secrets.js';
import { testSecretKey } from './factories-accounts.js';
import type { TestContext } from './app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from './factories.js';
import { nextZonedWeekday } from './dates.js';

/**
 * 11:00 in Berlin on a Saturday in winter time (10:00Z), a week or more after the real now: the
 * clock of the event, answer and results tests, on whatever date the suite runs (test/dates.ts).
 */
export const NOW = nextZonedWeekday(6, '11:00');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * A Kita with the cast the event tests need: staff of this and another Kita, parents reachable by
 * e-mail and SMS, an anonymous family, and families that are not eligible (registered, inactive,
 * Krippe only).
 */
export async function eventWorld(t: TestContext) {
  const home = await createKita(t.db, 'Kita Sonnenschein');
  const away = await createKita(t.db, 'Kita Anderswo');
  const admin = await createStaff(t.db, 'Admin');
  const manager = await createStaff(t.db, 'KitaManager', home.kita.id);
  const otherManager = await createStaff(t.db, 'KitaManager', away.kita.id);

  const mail = await createParent(t.db, home.kita.id, { name: 'Anna Mail' });
  const mailKid = await createChild(t.db, mail.parent.id, home.kgGroup.id, 'Mia');
  const mailKid2 = await createChild(t.db, mail.parent.id, home.kgGroup.id, 'Max');
  const sms = await createParent(t.db, home.kita.id, {
    name: 'Ben Sms',
    preferredCommunication: 'sms',
    primaryPhone: '+4917012345678',
    primaryPhoneVerified: true,
    language: 'en',
  });
  const smsKid = await createChild(t.db, sms.parent.id, home.kgGroup.id, 'Noah');
  const smsBaby = await createChild(t.db, sms.parent.id, home.krGroup.id, 'Lina');
  const anon = await createParent(t.db, home.kita.id, {
    name: 'Anonyme Familie',
    email: null,
    preferredCommunication: null,
    isAnonymous: true,
    withUser: false,
  });
  const anonKid = await createChild(t.db, anon.parent.id, home.kgGroup.id, 'Paul');
  const pending = await createParent(t.db, home.kita.id, { name: 'Neu Registriert', status: 'registered' });
  await createChild(t.db, pending.parent.id, home.kgGroup.id, 'Ella');
  const inactive = await createParent(t.db, home.kita.id, { name: 'Inaktiv', isActive: false });
  await createChild(t.db, inactive.parent.id, home.kgGroup.id, 'Emil');
  const foreign = await createParent(t.db, away.kita.id, { name: 'Fremde Familie' });
  const foreignKid = await createChild(t.db, foreign.parent.id, away.kgGroup.id, 'Finn');

  return {
    home,
    away,
    admin,
    manager,
    otherManager,
    mail,
    sms,
    anon,
    pending,
    inactive,
    foreign,
    kids: { mailKid, mailKid2, smsKid, smsBaby, anonKid, foreignKid },
    headers: {
      admin: await authHeader(t.app, admin.id),
      manager: await authHeader(t.app, manager.id),
      otherManager: await authHeader(t.app, otherManager.id),
      mail: await authHeader(t.app, mail.user!.id),
      sms: await authHeader(t.app, sms.user!.id),
      foreign: await authHeader(t.app, foreign.user!.id),
    },
  };
}
export type EventWorld = Awaited<ReturnType<typeof eventWorld>>;

/**
 * Creates an event through the API and returns its id (fails the test on a non-201). Tests run
 * several inquiries of one category side by side, so the overlap is confirmed unless the body says
 * otherwise (overlap.test.ts tests the refusal).
 */
export async function createEventViaApi(t: TestContext, headers: Record<string, string>, body: Record<string, unknown>): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/emergency-event', headers, payload: { confirmOverlap: true, ...body } });
  if (res.statusCode !== 201) throw new Error(`create event: ${res.statusCode} ${res.body}`);
  return res.json().data.eventId as string;
}

/** The raw preference token of the inquiry sent to a parent (read from the outbox, like /dev/mailbox). */
export async function inquiryToken(t: TestContext, eventId: string, parentId: string): Promise<string> {
  const rows = await t.db
    .select({ bodyText: outboxMessages.bodyText, secret: outboxMessages.secret })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parentId), eq(outboxMessages.kind, 'inquiry')));
  const match = (rows[0] && openMessage(rows[0], testSecretKey).bodyText)?.match(/\/p\/([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no inquiry for parent ${parentId}`);
  return match[1]!;
}

/** Exchanges a preference token for a link session and returns its bearer header. */
export async function linkHeader(t: TestContext, token: string): Promise<Record<string, string>> {
  const res = await t.app.inject({ method: 'POST', url: `/api/auth/verify-token?token=${encodeURIComponent(token)}` });
  if (res.statusCode !== 200) throw new Error(`verify-token: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().data.token}` };
}

/**
 * The dates of a future inquiry sent at `sendAt` with answers until `deadline` (docs/domain.md "Inquiries"):
 * care starts 12 hours after the deadline and lasts one day: until the following midnight of the
 * Kita's zone (care-days.ts: an end at 00:00 makes the day before the last care day). Tests
 * written for the first version (eventDate = sending, expireDate = closing) map their two instants
 * through this.
 */
export function futureDates(sendAt: Date, deadline: Date, timeZone = 'Europe/Berlin') {
  const eventDate = new Date(deadline.getTime() + 12 * HOUR);
  return {
    opensAt: sendAt.toISOString(),
    responseDeadline: deadline.toISOString(),
    eventDate: eventDate.toISOString(),
    expireDate: endOfZonedDay(eventDate, timeZone).toISOString(),
  };
}
