import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay } from '@kita/shared';
import { translate } from '@kita/shared/i18n';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader } from '../../../test/factories.js';
import { DAY, inquiryToken, linkHeader, NOW } from '../../../test/factories-events.js';
import { closeViaApi, futureEvent, ledgerSum, record, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { allocations, auditLog, priorityConfirmations } from '../../db/schema.js';
import type { AllocationReason } from '../allocation/allocate.js';
import { addDays } from './service.js';

/**
 * Verified priority over the API: the Kita's groups, confirming and ending a family's priority,
 * scope and discretion (the group reaches only the Kita's managers and Admins), and the close
 * serving confirmed red children first while the confirmation is in force at the close instant.
 */

let t: TestContext;
let w: ResultsWorld;
let dir: string;
let link: Record<string, string>;
let groups: Array<{ groupId: string; name: string; position: number }>;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  dir = mkdtempSync(path.join(tmpdir(), 'kita-priority-'));
  const open = await futureEvent(t, w, 1);
  link = await linkHeader(t, await inquiryToken(t, open, w.mail.parent.id));
  groups = (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-groups`, headers: w.headers.manager })).json().data;
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const today = () => zonedDay(t.clock.now(), 'Europe/Berlin');
const confirm = (parentId: string, payload: Record<string, unknown>, headers: Record<string, string> = w.headers.manager) =>
  t.app.inject({ method: 'POST', url: `/api/parents/${parentId}/priority`, headers, payload });
const end = (parentId: string, headers: Record<string, string> = w.headers.manager) => t.app.inject({ method: 'DELETE', url: `/api/parents/${parentId}/priority`, headers });
const readPriority = (parentId: string, headers: Record<string, string>) => t.app.inject({ url: `/api/parents/${parentId}/priority`, headers });
const groupNames = () => groups.map((g) => g.name);
const mentionsAGroup = (body: string) => groupNames().some((name) => body.includes(name));

function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('priority groups of a Kita', () => {
  it('starts every Kita with the three default groups, in order', () => {
    expect(groups.map((g) => [g.position, g.name])).toEqual([
      [1, 'Kindeswohl'],
      [2, 'Alleinerziehend und berufstätig'],
      [3, 'Kritische Infrastruktur'],
    ]);
  });

  it('lets the manager reorder, rename and add groups, keeps ids and audits the change', async () => {
    const [g1, g2, g3] = groups;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/kitas/${w.home.kita.id}/priority-groups`,
      headers: w.headers.manager,
      payload: {
        groups: [
          { groupId: g1!.groupId, name: 'Kindeswohl', description: 'Mit dem Jugendamt abgestimmt' },
          { groupId: g3!.groupId, name: 'Kritische Infrastruktur' },
          { groupId: g2!.groupId, name: 'Alleinerziehend und berufstätig' },
          { name: 'Pflege eines Angehörigen', description: 'Bescheinigung der Pflegekasse' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data as typeof groups;
    expect(after.map((g) => [g.position, g.name])).toEqual([
      [1, 'Kindeswohl'],
      [2, 'Kritische Infrastruktur'],
      [3, 'Alleinerziehend und berufstätig'],
      [4, 'Pflege eines Angehörigen'],
    ]);
    expect(after[1]!.groupId).toBe(g3!.groupId);
    const audits = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'priority_groups'), eq(auditLog.entityId, w.home.kita.id)));
    expect(audits).toHaveLength(1);
    groups = after;
  });

  it('refuses more than five groups, twice the same name and a group of another Kita, changing nothing', async () => {
    const put = (payload: object, headers = w.headers.manager) =>
      t.app.inject({ method: 'PUT', url: `/api/kitas/${w.home.kita.id}/priority-groups`, headers, payload });
    const six = await put({ groups: Array.from({ length: 6 }, (_, i) => ({ name: `Gruppe ${i}` })) });
    expect(six.statusCode).toBe(400);
    expect(six.json().code).toBe('VALIDATION_FAILED');
    expect((await put({ groups: [{ name: 'A' }, { name: 'a' }] })).json().code).toBe('VALIDATION_FAILED');
    const away = (await t.app.inject({ url: `/api/kitas/${w.away.kita.id}/priority-groups`, headers: w.headers.admin })).json().data;
    const foreign = await put({ groups: [{ groupId: away[0].groupId, name: 'Fremd' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('PRIORITY_GROUP_NOT_IN_KITA');
    expect((await put({ groups: [] }, w.headers.otherManager)).statusCode).toBe(404);
    const now = (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-groups`, headers: w.headers.manager })).json().data;
    expect(now.map((g: { name: string }) => g.name)).toEqual(groupNames());
  });
});

describe('confirming a family', () => {
  it('confirms with a group, a validity end and an internal note; audits without the note', async () => {
    const res = await confirm(w.mail.parent.id, { groupId: groups[1]!.groupId, validUntil: addDays(today(), 60), note: 'Bescheinigung Arbeitgeber gesehen' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      parentId: w.mail.parent.id,
      childId: null,
      validUntil: addDays(today(), 60),
      active: true,
      endingSoon: false,
      group: { groupId: groups[1]!.groupId, name: 'Kritische Infrastruktur', position: 2 },
      note: 'Bescheinigung Arbeitgeber gesehen',
    });
    const [a] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'priority_confirmation'), eq(auditLog.action, 'create')));
    expect(a!.details).toMatchObject({ parentId: w.mail.parent.id, groupId: groups[1]!.groupId, notePresent: true });
    expect(JSON.stringify(a!.details)).not.toContain('Bescheinigung');
  });

  it('refuses a past or far end, a group of another Kita and a child of another family, changing nothing', async () => {
    const before = await t.db.select().from(priorityConfirmations);
    const bad = async (payload: Record<string, unknown>, code: string, status = 400) => {
      const res = await confirm(w.sms.parent.id, { groupId: groups[0]!.groupId, validUntil: addDays(today(), 10), ...payload });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    };
    await bad({ validUntil: addDays(today(), -1) }, 'PRIORITY_VALID_UNTIL');
    await bad({ validUntil: addDays(today(), 400) }, 'PRIORITY_VALID_UNTIL');
    // A day that does not exist, inside the allowed range: the 31st of the next month with 30 days.
    let missing = '';
    for (let d = 1; !missing; d++) {
      const day = addDays(today(), d);
      if (day.endsWith('-30') && addDays(day, 1).endsWith('-01')) missing = `${day.slice(0, 8)}31`;
    }
    await bad({ validUntil: missing }, 'PRIORITY_VALID_UNTIL');
    const away = (await t.app.inject({ url: `/api/kitas/${w.away.kita.id}/priority-groups`, headers: w.headers.admin })).json().data;
    await bad({ groupId: away[0].groupId }, 'PRIORITY_GROUP_NOT_IN_KITA');
    await bad({ childId: w.kids.mailKid.id }, 'PRIORITY_CHILD_NOT_IN_FAMILY');
    const messages = await confirm(w.sms.parent.id, { groupId: groups[0]!.groupId, validUntil: addDays(today(), -1) }, { ...w.headers.manager, 'accept-language': 'en' });
    expect(messages.json().message).toMatch(/between today and 366 days ahead/);
    expect(await t.db.select().from(priorityConfirmations)).toEqual(before);
  });

  it('refuses removing a group while a family is confirmed for it', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/kitas/${w.home.kita.id}/priority-groups`,
      headers: w.headers.manager,
      payload: { groups: groups.filter((g) => g.position !== 2).map((g) => ({ groupId: g.groupId, name: g.name })) },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PRIORITY_GROUP_IN_USE');
    expect(res.json().message).toContain('Kritische Infrastruktur');
  });
});

describe('discretion: who sees the group', () => {
  it('the Kita\'s manager and the Admin see the group and the note', async () => {
    for (const headers of [w.headers.manager, w.headers.admin]) {
      const c = (await readPriority(w.mail.parent.id, headers)).json().data.confirmation;
      expect(c.group.name).toBe('Kritische Infrastruktur');
      expect(c.note).toBe('Bescheinigung Arbeitgeber gesehen');
    }
  });

  it('the family sees that it is confirmed and until when, never the group or the note', async () => {
    const res = await readPriority(w.mail.parent.id, w.headers.mail);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.confirmation).toMatchObject({ validUntil: addDays(today(), 60), active: true, group: null, note: null });
    expect(mentionsAGroup(res.body)).toBe(false);
    expect(res.body).not.toContain('Bescheinigung');
  });

  it('another family, a link holder, a manager of another Kita and anonymous callers see nothing', async () => {
    const codes = {
      otherParent: (await readPriority(w.mail.parent.id, w.headers.carla)).statusCode,
      link: (await readPriority(w.mail.parent.id, link)).statusCode,
      otherManager: (await readPriority(w.mail.parent.id, w.headers.otherManager)).statusCode,
      anonymous: (await readPriority(w.mail.parent.id, {})).statusCode,
      otherManagerList: (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-confirmations`, headers: w.headers.otherManager })).statusCode,
      parentList: (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-confirmations`, headers: w.headers.mail })).statusCode,
      parentGroups: (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-groups`, headers: w.headers.mail })).statusCode,
      parentConfirms: (await confirm(w.mail.parent.id, { groupId: groups[0]!.groupId, validUntil: addDays(today(), 5) }, w.headers.mail)).statusCode,
      otherManagerConfirms: (await confirm(w.mail.parent.id, { groupId: groups[0]!.groupId, validUntil: addDays(today(), 5) }, w.headers.otherManager)).statusCode,
      otherManagerEnds: (await end(w.mail.parent.id, w.headers.otherManager)).statusCode,
    };
    expect(codes).toEqual({
      otherParent: 404,
      link: 403,
      otherManager: 404,
      anonymous: 401,
      otherManagerList: 404,
      parentList: 403,
      parentGroups: 403,
      parentConfirms: 403,
      otherManagerConfirms: 404,
      otherManagerEnds: 404,
    });
    // The refused writes changed nothing.
    expect((await readPriority(w.mail.parent.id, w.headers.manager)).json().data.confirmation.group.position).toBe(2);
  });

  it('the parent details a family reads about itself carry no group', async () => {
    const res = await t.app.inject({ url: `/api/parents/${w.mail.parent.id}`, headers: w.headers.mail });
    expect(res.statusCode).toBe(200);
    expect(mentionsAGroup(res.body)).toBe(false);
  });
});

describe('closing under rule version 3', () => {
  it('serves the confirmed family first; event page, report and PDF say "Vorrang (bestätigt)" without the group', async () => {
    // Dora is confirmed for the first group, Anna (since the tests above) for the second; Ben and
    // Carla are not confirmed.
    await confirm(w.dora.parent.id, { groupId: groups[0]!.groupId, validUntil: addDays(today(), 30) });
    const id = await futureEvent(t, w, 2);
    await record(t, w, id, [
      [w.kids.mailKid.id, 'red'],
      [w.kids.ulla.id, 'red'],
      [w.kids.dani.id, 'red'],
      [w.kids.smsKid.id, 'red'],
    ]);
    const closed = await closeViaApi(t, w.headers.manager, id);
    expect(closed.json().data.ruleVersion).toBe(3);
    const rows = await t.db.select().from(allocations).where(eq(allocations.eventId, id));
    const byChild = new Map(rows.map((r) => [r.childId, r]));
    expect(byChild.get(w.kids.dani.id)).toMatchObject({ hasSlot: true, rank: 1 });
    expect(byChild.get(w.kids.mailKid.id)).toMatchObject({ hasSlot: true, rank: 2 });
    expect(byChild.get(w.kids.ulla.id)!.hasSlot).toBe(false);
    expect(byChild.get(w.kids.smsKid.id)!.hasSlot).toBe(false);
    // Credits as version 2: the confirmed families pay for their places.
    expect(await ledgerSum(t, w.dora.parent.id)).toBe(-1);

    const details = await t.app.inject({ url: `/api/emergency-event/${id}`, headers: w.headers.manager });
    expect(details.statusCode).toBe(200);
    expect(details.body).toContain('Vorrang (bestätigt) · Rot, Guthaben 0');
    expect(mentionsAGroup(details.body)).toBe(false);
    const report = await t.app.inject({ url: `/api/emergency-event/${id}/report`, headers: w.headers.manager });
    expect(report.body).toContain('Vorrang (bestätigt)');
    expect(mentionsAGroup(report.body)).toBe(false);
    const pdf = pdfText((await t.app.inject({ url: `/api/emergency-event/${id}/pdf`, headers: w.headers.manager })).rawPayload, 'v3');
    const rule = translate('de', 'results.ruleV3').replace(/\s+/g, ' ');
    expect(pdf).toContain(rule);
    expect(pdf).toContain('Vorrang (bestätigt) · Rot');
    for (const name of groupNames()) expect(pdf).not.toContain(name);
    const english = await t.app.inject({ url: `/api/emergency-event/${id}`, headers: { ...w.headers.admin, 'accept-language': 'en' } });
    expect(english.body).toContain('Priority (confirmed) · ');
    const [close] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'close'), eq(auditLog.entityId, id)));
    expect(close!.details).toMatchObject({ ruleVersion: 3, confirmedFirst: 2 });
  });

  it('judges validity at the close instant: a confirmation valid until yesterday no longer counts, and shows as run out', async () => {
    await end(w.dora.parent.id);
    await end(w.mail.parent.id);
    // Ben confirmed until today; the inquiry closes tomorrow.
    expect((await confirm(w.sms.parent.id, { groupId: groups[0]!.groupId, validUntil: today() })).statusCode).toBe(201);
    const soon = (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-confirmations`, headers: w.headers.manager })).json().data;
    expect(soon.map((c: { parentName: string; endingSoon: boolean; active: boolean }) => [c.parentName, c.active, c.endingSoon])).toEqual([['Ben Sms', true, true]]);
    const id = await futureEvent(t, w, 1);
    await record(t, w, id, [
      [w.kids.smsKid.id, 'red'],
      [w.kids.ulla.id, 'red'],
    ]);
    t.clock.advance(DAY);
    try {
      // A session of the next day (the morning's has run out).
      const manager = await authHeader(t.app, w.manager.id);
      const closed = await closeViaApi(t, manager, id);
      expect(closed.statusCode, closed.body).toBe(200);
      const rows = await t.db.select().from(allocations).where(eq(allocations.eventId, id));
      const sms = rows.find((r) => r.childId === w.kids.smsKid.id)!;
      expect(sms.reason).not.toHaveProperty('confirmed');
      // Ben and Carla both went without last time (+1 each): the lottery decides, not the lapsed confirmation.
      expect((sms.reason as AllocationReason).balance).toBe(1);
      expect((rows.find((r) => r.childId === w.kids.ulla.id)!.reason as AllocationReason).balance).toBe(1);
      const list = (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-confirmations`, headers: manager })).json().data;
      expect(list[0]).toMatchObject({ parentName: 'Ben Sms', active: false, endingSoon: false });
    } finally {
      t.clock.advance(-DAY);
    }
  });

  it('ends a confirmation, audits it, and refuses to end one that is not there', async () => {
    const ended = await end(w.sms.parent.id);
    expect(ended.statusCode).toBe(200);
    expect((await readPriority(w.sms.parent.id, w.headers.sms)).json().data.confirmation).toBeNull();
    const again = await end(w.sms.parent.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe('PRIORITY_NOT_FOUND');
    const audits = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log where entity = 'priority_confirmation' and action = 'end'`);
    expect(Number(audits.rows[0]!.n)).toBe(3);
  });

  it('confirms one child alone: only that child comes first', async () => {
    const res = await confirm(w.mail.parent.id, { groupId: groups[0]!.groupId, validUntil: addDays(today(), 10), childId: w.kids.mailKid2.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ childId: w.kids.mailKid2.id, childName: 'Max' });
    const id = await futureEvent(t, w, 1);
    await record(t, w, id, [
      [w.kids.mailKid.id, 'red'],
      [w.kids.mailKid2.id, 'red'],
      [w.kids.dani.id, 'red'],
    ]);
    await closeViaApi(t, w.headers.manager, id);
    const rows = await t.db.select().from(allocations).where(eq(allocations.eventId, id));
    const max = rows.find((r) => r.childId === w.kids.mailKid2.id)!;
    expect(max).toMatchObject({ hasSlot: true, rank: 1 });
    expect(rows.find((r) => r.childId === w.kids.mailKid.id)!.reason).not.toHaveProperty('confirmed');
  });
});
