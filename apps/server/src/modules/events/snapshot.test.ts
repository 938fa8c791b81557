import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppWith, type TestContext } from '../../../test/app.js';
import { createEventViaApi, eventWorld, futureDates, inquiryToken, linkHeader, type EventWorld, NOW, DAY } from '../../../test/factories-events.js';
import { createChild, createParent } from '../../../test/factories.js';
import { ddMM } from '../../../test/dates.js';
import { eventChildren, outboxMessages } from '../../db/schema.js';
import { parentRecipient } from '../../notify/messages.js';
import { channelSql } from './snapshot.js';

/**
 * The snapshot of an inquiry (docs/domain.md "Inquiries"): who is asked is recorded at opening;
 * late joiners are added and invited at once; children that leave keep a note; a finished inquiry
 * never changes, whatever happens to families, children and groups afterwards.
 */

let t: TestContext;
let w: EventWorld;

beforeAll(async () => ({ t, w } = await testAppWith(eventWorld, { now: NOW })));
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = w.headers.manager) =>
  t.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });

async function openFuture(categoryId = w.home.kindergarten.id, slots: Record<string, number> = { totalSlotsKindergarten: 2 }) {
  return createEventViaApi(t, w.headers.manager, {
    kitaId: w.home.kita.id,
    categoryId,
    eventType: 'future',
    ...futureDates(NOW, new Date(NOW.getTime() + 2 * DAY)),
    ...slots,
  });
}

const snapshotOf = (eventId: string) => t.db.select().from(eventChildren).where(eq(eventChildren.eventId, eventId));
const inquiriesTo = (eventId: string, parentId: string) =>
  t.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.parentId, parentId), eq(outboxMessages.kind, 'inquiry')));
const details = async (eventId: string) => (await inject('GET', `/emergency-event/${eventId}`)).json().data;

describe('the snapshot at opening', () => {
  it('records the eligible children with names, group, family and channel', async () => {
    const id = await openFuture();
    const rows = await snapshotOf(id);
    const byChild = new Map(rows.map((r) => [r.childId, r]));
    // Anna's two children by e-mail, Ben's Kindergarten child by SMS, the anonymous family without channel.
    expect([...byChild.keys()].sort()).toEqual([w.kids.mailKid.id, w.kids.mailKid2.id, w.kids.smsKid.id, w.kids.anonKid.id].sort());
    expect(byChild.get(w.kids.mailKid.id)).toMatchObject({ childName: 'Mia', parentName: 'Anna Mail', groupName: 'Bären', channel: 'email', joinReason: 'opening', leftAt: null });
    expect(byChild.get(w.kids.smsKid.id)!.channel).toBe('sms');
    expect(byChild.get(w.kids.anonKid.id)!.channel).toBeNull();
    const d = await details(id);
    expect(d.eventDetails).toMatchObject({ eligibleCount: 4, threshold: 2, lateJoiners: 0, leftCount: 0 });
    expect(d.eventDetails.parentsWithoutChannel).toEqual([{ parentId: w.anon.parent.id, name: 'Anonyme Familie' }]);
  });

  it('computes the channel in SQL exactly like parentRecipient', async () => {
    const cases = [];
    for (const isAnonymous of [false, true])
      for (const email of [null, '', 'a@b.de'])
        for (const primaryPhone of [null, '+4917011111111'])
          for (const primaryPhoneVerified of [false, true])
            for (const preferredCommunication of [null, 'email', 'sms'])
              cases.push({ isAnonymous, email, primaryPhone, primaryPhoneVerified, preferredCommunication });
    for (const c of cases) {
      const r = await t.db.execute<{ channel: string | null }>(sql`
        select ${channelSql} as channel
          from (select ${c.isAnonymous}::boolean as is_anonymous, ${c.email}::text as email, ${c.primaryPhone}::text as primary_phone,
                       ${c.primaryPhoneVerified}::boolean as primary_phone_verified, ${c.preferredCommunication}::text as preferred_communication) p`);
      expect(r.rows[0]!.channel, JSON.stringify(c)).toBe(parentRecipient({ ...c, language: 'de' })?.channel ?? null);
    }
  });
});

describe('late joiners', () => {
  it('a family approved while the inquiry is open joins it, is invited at once and can answer from its link', async () => {
    const id = await openFuture();
    const late = await createParent(t.db, w.home.kita.id, { name: 'Spät Registriert', status: 'registered', isActive: false });
    const lateKid = await createChild(t.db, late.parent.id, w.home.kgGroup.id, 'Lotta');
    expect((await snapshotOf(id)).some((r) => r.childId === lateKid.id)).toBe(false);

    expect((await inject('POST', `/parents/${late.parent.id}/approve`)).statusCode).toBe(200);
    const row = (await snapshotOf(id)).find((r) => r.childId === lateKid.id)!;
    expect(row).toMatchObject({ joinReason: 'approved', leftAt: null, channel: 'email' });
    const sent = await inquiriesTo(id, late.parent.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toBe(`inquiry:${id}:${late.parent.id}`);
    // The message names the care day and the deadline (two days after NOW, a Monday: care from
    // 22:00Z+12h, deadline 11:00 Berlin).
    expect(sent[0]!.bodyText).toContain(`Notbetreuung am Mo, ${ddMM(new Date(NOW.getTime() + 2 * DAY))}`);
    expect(sent[0]!.bodyText).toContain(`bis Mo, ${ddMM(new Date(NOW.getTime() + 2 * DAY))}, 11:00 Uhr`);

    const link = await linkHeader(t, await inquiryToken(t, id, late.parent.id));
    const view = await t.app.inject({ url: `/api/auth/${id}/parents/${late.parent.id}`, headers: link });
    expect(view.json().data.children.map((c: { childName: string }) => c.childName)).toEqual(['Lotta']);
    const answer = await t.app.inject({
      method: 'POST', url: '/api/preference', headers: link,
      payload: { eventId: id, preferences: [{ childId: lateKid.id, preferenceType: 'green' }] },
    });
    expect(answer.statusCode).toBe(200);
    const d = await details(id);
    expect(d.eventDetails).toMatchObject({ eligibleCount: 5, lateJoiners: 1 });
    expect(d.children.find((c: { childId: string }) => c.childId === lateKid.id)).toMatchObject({ joinReason: 'approved', preferenceType: 'green' });
  });

  it('a family without a channel approved while open is listed for the manager', async () => {
    const id = await openFuture();
    const late = await createParent(t.db, w.home.kita.id, {
      name: 'Ohne Kontakt', status: 'registered', isActive: false, email: null, preferredCommunication: null,
    });
    await createChild(t.db, late.parent.id, w.home.kgGroup.id, 'Karl');
    expect((await inject('POST', `/parents/${late.parent.id}/approve`)).statusCode).toBe(200);
    expect(await inquiriesTo(id, late.parent.id)).toHaveLength(0);
    const d = await details(id);
    expect(d.eventDetails.parentsWithoutChannel.map((p: { name: string }) => p.name)).toContain('Ohne Kontakt');
  });

  it('a child added to an invited family joins without a second message and shows on the family link', async () => {
    const id = await openFuture();
    const before = await inquiriesTo(id, w.mail.parent.id);
    expect(before).toHaveLength(1);
    const res = await inject('POST', '/children', { childName: 'Nele', dateOfBirth: '2021-06-01', groupId: w.home.kgGroup.id, parentId: w.mail.parent.id });
    expect(res.statusCode).toBe(201);
    const nele = res.json().data.childId as string;
    expect((await snapshotOf(id)).find((r) => r.childId === nele)).toMatchObject({ joinReason: 'child_added', childName: 'Nele' });
    expect(await inquiriesTo(id, w.mail.parent.id)).toHaveLength(1);
    const view = await t.app.inject({ url: `/api/auth/${id}/parents/${w.mail.parent.id}`, headers: w.headers.mail });
    expect(view.json().data.children.map((c: { childName: string }) => c.childName)).toContain('Nele');
    await inject('DELETE', `/children/${nele}`);
  });

  it('a child moved to a group of another category leaves one inquiry with a note and joins the other', async () => {
    const kg = await openFuture();
    const kr = await openFuture(w.home.krippe.id, { totalSlotsKrippe: 1 });
    const child = (await inject('POST', '/children', { childName: 'Wanda', dateOfBirth: '2021-06-01', groupId: w.home.kgGroup.id, parentId: w.mail.parent.id })).json().data;
    expect((await snapshotOf(kg)).find((r) => r.childId === child.childId)!.leftAt).toBeNull();

    const moved = await inject('PUT', `/children/${child.childId}`, { childName: 'Wanda', dateOfBirth: '2021-06-01', groupId: w.home.krGroup.id, parentId: w.mail.parent.id });
    expect(moved.statusCode).toBe(200);
    expect((await snapshotOf(kg)).find((r) => r.childId === child.childId)).toMatchObject({ leaveReason: 'group_changed', leftAt: NOW });
    expect((await snapshotOf(kr)).find((r) => r.childId === child.childId)).toMatchObject({ joinReason: 'group_changed', groupName: 'Mäuse', leftAt: null });
    // Anna had no Krippe child before: she is asked now.
    expect(await inquiriesTo(kr, w.mail.parent.id)).toHaveLength(1);
    const d = await details(kg);
    expect(d.children.find((c: { childId: string }) => c.childId === child.childId)).toMatchObject({ leaveReason: 'group_changed' });
    expect(d.eventDetails.leftCount).toBeGreaterThanOrEqual(1);
    await inject('DELETE', `/children/${child.childId}`);
  });

  it('a child removed while open leaves with a note, is not counted and cannot be answered for', async () => {
    const id = await openFuture();
    const child = (await inject('POST', '/children', { childName: 'Rudi', dateOfBirth: '2021-06-01', groupId: w.home.kgGroup.id, parentId: w.mail.parent.id })).json().data;
    const counted = (await details(id)).eventDetails.eligibleCount;
    expect((await inject('DELETE', `/children/${child.childId}`)).statusCode).toBe(200);
    expect((await snapshotOf(id)).find((r) => r.childId === child.childId)).toMatchObject({ leaveReason: 'child_removed', childName: 'Rudi' });
    const d = await details(id);
    expect(d.eventDetails.eligibleCount).toBe(counted - 1);
    expect(d.children.find((c: { childId: string }) => c.childId === child.childId)).toMatchObject({ leaveReason: 'child_removed' });
    const res = await inject('POST', `/emergency-event/${id}/preferences`, { preferences: [{ childId: child.childId, preferenceType: 'red' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('CHILD_NOT_ELIGIBLE');
  });

  it('changes nothing in finished inquiries', async () => {
    const id = await openFuture();
    expect((await inject('POST', `/emergency-event/${id}/close`)).statusCode).toBe(200);
    const before = await snapshotOf(id);
    const late = await createParent(t.db, w.home.kita.id, { name: 'Nach Schluss', status: 'registered', isActive: false });
    await createChild(t.db, late.parent.id, w.home.kgGroup.id, 'Ole');
    await inject('POST', `/parents/${late.parent.id}/approve`);
    expect(await snapshotOf(id)).toEqual(before);
    expect(await inquiriesTo(id, late.parent.id)).toHaveLength(0);
  });
});

describe('deleting families', () => {
  it('erases a family that took part in an inquiry: its snapshot rows stay, under a pseudonym', async () => {
    // A family that joins the open inquiries of the earlier tests when approved.
    const fam = await createParent(t.db, w.home.kita.id, { name: 'Geht Wieder', status: 'registered', isActive: false });
    await createChild(t.db, fam.parent.id, w.home.kgGroup.id, 'Gustav');
    expect((await inject('POST', `/parents/${fam.parent.id}/approve`)).statusCode).toBe(200);
    const before = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from event_children where parent_id = ${fam.parent.id}`);
    expect(Number(before.rows[0]!.n)).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parents/${fam.parent.id}`, headers: { ...w.headers.manager, 'accept-language': 'de' } });
    expect(res.statusCode).toBe(200);
    const after = await t.db.execute<{ n: number; names: string[] }>(
      sql`select count(*)::int as n, array_agg(distinct parent_name) as names from event_children where parent_id = ${fam.parent.id}`,
    );
    expect(after.rows[0]).toEqual({ n: before.rows[0]!.n, names: ['gelöschte Familie 1'] });
  });

  it('deletes a registration that never took part', async () => {
    const res = await inject('DELETE', `/parents/${w.pending.parent.id}`);
    expect(res.statusCode).toBe(200);
  });
});

describe('one running inquiry per category', () => {
  it('asks for confirmation naming the first inquiry, and creates the second only with it', async () => {
    const other = await createTestApp({ now: NOW });
    try {
      const ow = await eventWorld(other);
      const body = { kitaId: ow.home.kita.id, categoryId: ow.home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 1 };
      const first = await other.app.inject({ method: 'POST', url: '/api/emergency-event', headers: ow.headers.manager, payload: body });
      expect(first.statusCode).toBe(201);
      const second = await other.app.inject({ method: 'POST', url: '/api/emergency-event', headers: { ...ow.headers.manager, 'accept-language': 'de' }, payload: body });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ code: 'EVENT_OVERLAP' });
      expect(second.json().message).toContain(`„am Sa, ${ddMM(NOW)}“`);
      // Another category, or care days that do not overlap, need no confirmation.
      const krippe = await other.app.inject({ method: 'POST', url: '/api/emergency-event', headers: ow.headers.manager, payload: { ...body, categoryId: ow.home.krippe.id } });
      expect(krippe.statusCode).toBe(201);
      const confirmed = await other.app.inject({ method: 'POST', url: '/api/emergency-event', headers: ow.headers.manager, payload: { ...body, confirmOverlap: true } });
      expect(confirmed.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});

describe('a finished inquiry never changes', () => {
  type Op = { kind: 'renameChild' | 'renameParent' | 'renameGroup' | 'moveChild' | 'deleteChild' | 'addChild' | 'approveFamily'; n: number };
  const ops = fc.array(
    fc.record({
      kind: fc.constantFrom('renameChild', 'renameParent', 'renameGroup', 'moveChild', 'deleteChild', 'addChild', 'approveFamily'),
      n: fc.nat(1000),
    }) as fc.Arbitrary<Op>,
    { minLength: 1, maxLength: 6 },
  );

  it('keeps its report byte for byte and its page unchanged, whatever is edited or deleted afterwards', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(ops, async (list) => {
        round++;
        // A fresh family world per round inside the same Kita: its own group, so rounds do not interfere.
        const group = (await inject('POST', '/groups', { groupName: `Runde ${round}`, categoryId: w.home.kindergarten.id })).json().data;
        const families = [];
        for (let i = 0; i < 3; i++) {
          const p = await createParent(t.db, w.home.kita.id, { name: `Familie ${round}-${i}` });
          const kids = [await createChild(t.db, p.parent.id, group.groupId, `Kind ${round}-${i}a`), await createChild(t.db, p.parent.id, group.groupId, `Kind ${round}-${i}b`)];
          families.push({ parent: p.parent, kids });
        }
        const id = await openFuture(w.home.kindergarten.id, { totalSlotsKindergarten: 3 });
        for (const [i, f] of families.entries()) {
          await inject('POST', `/emergency-event/${id}/preferences`, { preferences: [{ childId: f.kids[0]!.id, preferenceType: (['red', 'yellow', 'green'] as const)[i % 3] }] });
        }
        expect((await inject('POST', `/emergency-event/${id}/close`)).statusCode).toBe(200);
        const report = async () => (await inject('GET', `/emergency-event/${id}/report`)).body;
        // The event page: its figures and every row as the manager reads it (answer ids aside:
        // a deleted child's answer row goes with it, its colour stays in the allocation).
        const details = async () => {
          const d = (await inject('GET', `/emergency-event/${id}`)).json().data;
          const rows = d.children.map((c: Record<string, unknown>) => [c.childName, c.parentName, c.groupName, c.preferenceType, c.hasSlot, c.rank, c.credit, c.leftAt]);
          return JSON.stringify({ ...d.eventDetails, rows });
        };
        const [r0, d0] = [await report(), await details()];

        let changed = 0;
        for (const op of list) {
          let res;
          const f = families[op.n % families.length]!;
          const kid = f.kids[op.n % f.kids.length]!;
          if (op.kind === 'renameChild') {
            res = await inject('PUT', `/children/${kid.id}`, { childName: `Neu ${op.n}`, dateOfBirth: '2021-05-04', groupId: kid.groupId, parentId: f.parent.id });
          } else if (op.kind === 'renameParent') {
            res = await inject('PUT', `/parents/${f.parent.id}`, { name: `Umbenannt ${op.n}`, email: f.parent.email, kitaId: w.home.kita.id, language: 'de' });
          } else if (op.kind === 'renameGroup') {
            res = await inject('PUT', `/groups/${group.groupId}`, { groupName: `Gruppe ${op.n}`, categoryId: w.home.kindergarten.id });
          } else if (op.kind === 'moveChild') {
            res = await inject('PUT', `/children/${kid.id}`, { childName: kid.name, dateOfBirth: '2021-05-04', groupId: w.home.krGroup.id, parentId: f.parent.id });
          } else if (op.kind === 'deleteChild') {
            res = await inject('DELETE', `/children/${kid.id}`);
          } else if (op.kind === 'addChild') {
            res = await inject('POST', '/children', { childName: `Dazu ${op.n}`, dateOfBirth: '2021-05-04', groupId: group.groupId, parentId: f.parent.id });
          } else {
            const p = await createParent(t.db, w.home.kita.id, { name: `Neu ${op.n}`, status: 'registered', isActive: false });
            await createChild(t.db, p.parent.id, group.groupId, `Neukind ${op.n}`);
            res = await inject('POST', `/parents/${p.parent.id}/approve`);
          }
          // Every change went through (a child deleted by an earlier step is simply not found).
          expect([200, 201, 404]).toContain(res.statusCode);
          if (res.statusCode !== 404) changed++;
        }
        expect(changed).toBeGreaterThan(0);
        expect(await report()).toBe(r0);
        expect(await details()).toBe(d0);
      }),
      { numRuns: 6, seed: 11 },
    );
    // Six rounds of families, an inquiry, its close and up to six changes each.
  }, 180_000);
});

describe('answering inside the app', () => {
  it('lists the open inquiries of the logged-in parent, who answers them with the login session', async () => {
    const id = await openFuture();
    const res = await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/open-inquiries`, headers: w.headers.mail });
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.find((v: { event: { eventId: string } }) => v.event.eventId === id);
    expect(mine.children.map((c: { childName: string }) => c.childName).sort()).toEqual(['Max', 'Mia']);
    expect(mine.event.responseDeadline).toBe(futureDates(NOW, new Date(NOW.getTime() + 2 * DAY)).responseDeadline);
    const answer = await t.app.inject({
      method: 'POST', url: '/api/preference', headers: w.headers.mail,
      payload: { eventId: id, preferences: [{ childId: w.kids.mailKid.id, preferenceType: 'red' }] },
    });
    expect(answer.statusCode).toBe(200);
    // Another family and finished inquiries see nothing here (404); staff and link sessions, roles
    // that may never use the route, get 403 (it answered 404 before).
    expect((await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/open-inquiries`, headers: w.headers.sms })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/open-inquiries`, headers: w.headers.manager })).statusCode).toBe(403);
    const link = await linkHeader(t, await inquiryToken(t, id, w.mail.parent.id));
    expect((await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/open-inquiries`, headers: link })).statusCode).toBe(403);
    await inject('POST', `/emergency-event/${id}/close`);
    const after = (await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/open-inquiries`, headers: w.headers.mail })).json().data;
    expect(after.some((v: { event: { eventId: string } }) => v.event.eventId === id)).toBe(false);
  });
});
