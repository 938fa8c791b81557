import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { NOW, inquiryToken, linkHeader } from '../../../test/factories-events.js';
import { closeViaApi, count, futureEvent, ledgerSum, record, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { createChild, createParent } from '../../../test/factories.js';
import { zonedDay } from '@kita/shared';
import { auditLog, children, outboxMessages, parents, sessions, users } from '../../db/schema.js';

let t: TestContext;
let w: ResultsWorld;
let finished: string;
let open: string;
let dir: string;
const DAY = 86_400_000;

beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  dir = mkdtempSync(path.join(tmpdir(), 'kita-mydata-'));
  // A finished inquiry with answers, places, ranks and credits, then a second one still open.
  finished = await futureEvent(t, w, 1);
  await record(t, w, finished, [
    [w.kids.mailKid.id, 'red'],
    [w.kids.mailKid2.id, 'green'],
    [w.kids.smsKid.id, 'red'],
    [w.kids.ulla.id, 'red'],
    [w.kids.dani.id, 'yellow'],
  ]);
  expect((await closeViaApi(t, w.headers.manager, finished)).statusCode).toBe(200);
  open = await futureEvent(t, w, 2);
  await record(t, w, open, [[w.kids.mailKid.id, 'yellow']]);
}, 120_000);
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

const exportOf = (parentId: string, headers: Record<string, string>, format = 'json') =>
  t.app.inject({ url: `/api/parents/${parentId}/export?format=${format}`, headers });

describe('GET /parents/{id}/export ("Meine Daten")', () => {
  it('gives the parent every category of their data, and nothing of another family', async () => {
    const res = await exportOf(w.mail.parent.id, w.headers.mail);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('family-data.json');
    const d = res.json();
    expect(d.format).toBe('kita-family-export/1');
    expect(d.profile).toMatchObject({ id: w.mail.parent.id, name: 'Anna Mail', kita: { name: 'Kita Sonnenschein' } });
    expect(d.children.map((c: { name: string }) => c.name).sort()).toEqual(['Max', 'Mia']);
    expect(d.children[0].dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const inq = d.inquiries.find((i: { eventId: string }) => i.eventId === finished);
    const mia = inq.children.find((c: { childName: string }) => c.childName === 'Mia');
    expect(mia).toMatchObject({ answer: 'red', answerRecordedByStaff: true });
    expect(typeof mia.place).toBe('boolean');
    expect(mia.reason).not.toBeNull();
    expect(d.inquiries.find((i: { eventId: string }) => i.eventId === open).children.find((c: { childName: string }) => c.childName === 'Mia').answer).toBe('yellow');
    expect(d.credits.ledger.length).toBeGreaterThan(0);
    expect(d.credits.balance).toBe(await ledgerSum(t, w.mail.parent.id));
    expect(d.messages.length).toBeGreaterThan(0);
    expect(d.messages.map((m: { kind: string }) => m.kind)).toContain('inquiry');
    expect(d.consents).toMatchObject({ emailVerified: expect.any(Boolean), language: 'de' });
    expect(d.logins.account).toMatchObject({ isActive: true });
    expect(d.logins.sessions.length).toBeGreaterThan(0);
    expect(Array.isArray(d.recordHistory)).toBe(true);
    // No message text, link, token or code, and no other family.
    const text = res.body;
    for (const secret of ['/p/', 'bodyText', 'secret', 'token', 'Ben Sms', 'Noah', 'Carla', 'Ülla', 'Dora', 'Fremde']) expect(text).not.toContain(secret);
  });

  it("includes the Kita's priority confirmation with its group and note: the family's own record", async () => {
    const groups = (await t.app.inject({ url: `/api/kitas/${w.home.kita.id}/priority-groups`, headers: w.headers.manager })).json().data as Array<{ groupId: string; name: string }>;
    const validUntil = zonedDay(new Date(t.clock.now().getTime() + 30 * DAY), 'Europe/Berlin');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/parents/${w.mail.parent.id}/priority`,
      headers: w.headers.manager,
      payload: { groupId: groups[1]!.groupId, childId: w.kids.mailKid.id, validUntil, note: 'Bescheinigung Arbeitgeber gesehen' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const d = (await exportOf(w.mail.parent.id, w.headers.mail)).json();
    expect(d.priority).toEqual([
      expect.objectContaining({ group: groups[1]!.name, childId: w.kids.mailKid.id, childName: 'Mia', validUntil, note: 'Bescheinigung Arbeitgeber gesehen', endedAt: null }),
    ]);
    // Another family's export says nothing of it.
    expect((await exportOf(w.sms.parent.id, w.headers.sms)).json().priority).toEqual([]);
    const pdf = await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/export?format=pdf`, headers: { ...w.headers.mail, 'accept-language': 'de' } });
    const file = path.join(dir, 'family-priority.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain('Vorrang (bestätigt)');
    expect(text).toContain(groups[1]!.name);
    await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.mail.parent.id}/priority`, headers: w.headers.manager });
  });

  it('is audited', async () => {
    const before = await count(t, sql`select count(*)::int as n from audit_log where action = 'export' and entity_id = ${w.sms.parent.id}`);
    expect((await exportOf(w.sms.parent.id, w.headers.manager)).statusCode).toBe(200);
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'export'), eq(auditLog.entityId, w.sms.parent.id)));
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorUserId: w.manager.id, kitaId: w.home.kita.id });
  });

  it('as a readable PDF in the caller\'s language', async () => {
    const res = await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/export?format=pdf`, headers: { ...w.headers.mail, 'accept-language': 'de' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(dir, 'family.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const s of ['Gespeicherte Daten der Familie Anna Mail', 'Kinder', 'Mia', 'Abfragen', 'Guthaben', 'Nachrichten an die Familie', 'Konto und Anmeldungen']) expect(text).toContain(s);
    expect(text).not.toContain('Ben Sms');
  });

  it('is refused to another family, another Kita\'s manager, a link holder and anonymous callers', async () => {
    expect((await exportOf(w.mail.parent.id, w.headers.sms)).statusCode).toBe(404);
    expect((await exportOf(w.mail.parent.id, w.headers.otherManager)).statusCode).toBe(404);
    const link = await linkHeader(t, await inquiryToken(t, open, w.mail.parent.id));
    expect((await exportOf(w.mail.parent.id, link)).statusCode).toBe(403);
    expect((await exportOf(w.mail.parent.id, {})).statusCode).toBe(401);
    expect((await exportOf(w.mail.parent.id, w.headers.admin)).statusCode).toBe(200);
  });
});

describe('erasure on request', () => {
  const reportRows = async () => {
    const res = await t.app.inject({ url: `/api/emergency-event/${finished}/report`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('goes from the parent to the manager to done; the finished report differs only in names', async () => {
    const reportBefore = await reportRows();
    const creditsBefore = await ledgerSum(t, w.mail.parent.id);
    const kidIds = [w.kids.mailKid.id, w.kids.mailKid2.id];

    // Only the family itself asks; staff and other families cannot ask for it.
    expect((await t.app.inject({ method: 'POST', url: `/api/parents/${w.mail.parent.id}/erasure-request`, headers: w.headers.manager })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/parents/${w.mail.parent.id}/erasure-request`, headers: w.headers.sms })).statusCode).toBe(404);
    const asked = await t.app.inject({ method: 'POST', url: `/api/parents/${w.mail.parent.id}/erasure-request`, headers: w.headers.mail });
    expect(asked.statusCode).toBe(201);
    const req = asked.json().data;
    expect(new Date(req.dueAt).getTime() - new Date(req.requestedAt).getTime()).toBe(30 * DAY);
    expect(req).toMatchObject({ familyName: 'Anna Mail', requestedBy: 'parent', doneAt: null, overdue: false });
    // Asking again keeps the first request and its deadline.
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const again = await t.app.inject({ method: 'POST', url: `/api/parents/${w.mail.parent.id}/erasure-request`, headers: w.headers.mail });
    expect(again.json().data).toMatchObject({ id: req.id, dueAt: req.dueAt });
    const own = await t.app.inject({ url: `/api/parents/${w.mail.parent.id}/erasure-request`, headers: w.headers.mail });
    expect(own.json().data.id).toBe(req.id);

    // The manager of the Kita and the Admin see it; another Kita's manager neither sees nor carries it out.
    const list = (h: Record<string, string>) => t.app.inject({ url: '/api/erasure-requests', headers: h }).then((r) => r.json().data as Array<{ id: string }>);
    expect((await list(w.headers.manager)).map((r) => r.id)).toEqual([req.id]);
    expect((await list(w.headers.admin)).map((r) => r.id)).toEqual([req.id]);
    expect(await list(w.headers.otherManager)).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/api/erasure-requests/${req.id}/execute`, headers: w.headers.otherManager })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/erasure-requests/${req.id}/execute`, headers: w.headers.mail })).statusCode).toBe(403);

    const done = await t.app.inject({ method: 'POST', url: `/api/erasure-requests/${req.id}/execute`, headers: w.headers.manager });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ familyLabel: 'gelöschte Familie 1', children: 2, confirmationSent: true });

    // Gone: the record, children, login, sessions; the parent's old session no longer works.
    expect(await t.db.select().from(parents).where(eq(parents.id, w.mail.parent.id))).toEqual([]);
    expect(await t.db.select().from(children).where(eq(children.parentId, w.mail.parent.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, w.mail.user!.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, w.mail.user!.id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/me', headers: w.headers.mail })).statusCode).toBe(401);
    // No message to or about the family is left but the confirmation to its last address.
    const msgs = await t.db.select().from(outboxMessages).where(sql`${outboxMessages.parentId} = ${w.mail.parent.id} or ${outboxMessages.recipient} = ${w.mail.parent.email}`);
    expect(msgs.map((m) => m.kind)).toEqual(['erasure_done']);
    expect(msgs[0]!.bodyText).not.toContain('Anna');
    // Nothing of the family's names in the audit log.
    const auditText = JSON.stringify(await t.db.select({ d: auditLog.details }).from(auditLog));
    for (const n of ['Anna Mail', '"Mia"', '"Max"', w.mail.parent.email!]) expect(auditText).not.toContain(n);
    expect(await count(t, sql`select count(*)::int as n from event_children where parent_name = 'Anna Mail' or child_name in ('Mia', 'Max')`)).toBe(0);
    // The open inquiry no longer counts the children.
    expect(await count(t, sql`select count(*)::int as n from event_children where event_id = ${open} and parent_id = ${w.mail.parent.id} and left_at is null`)).toBe(0);

    // The finished inquiry's report: the same rows, ranks, places and credits; only the names differ.
    const after = await reportRows();
    type Row = Record<string, unknown> & { childId: string; parentId: string };
    type Report = { groups: Array<{ groupName: string; rows: Row[] }> } & Record<string, unknown>;
    // Rows inside a group are ordered by rank, then name: compare them by child, names of the
    // erased family's children left out.
    const strip = (r: Report) => ({
      ...r,
      generatedAt: undefined,
      groups: r.groups.map((g) => ({
        ...g,
        rows: [...g.rows]
          .sort((a, b) => a.childId.localeCompare(b.childId))
          .map((x) => (kidIds.includes(x.childId) ? { ...x, childName: undefined, parentName: undefined } : x)),
      })),
    });
    expect(strip(after)).toEqual(strip(reportBefore));
    const anna = (after as Report).groups.flatMap((g) => g.rows).filter((x) => x.parentId === w.mail.parent.id);
    expect(anna.map((x) => x.parentName)).toEqual(['gelöschte Familie 1', 'gelöschte Familie 1']);
    expect(anna.map((x) => x.childName).sort()).toEqual(['Kind 1 der gelöschten Familie 1', 'Kind 2 der gelöschten Familie 1']);
    expect(await ledgerSum(t, w.mail.parent.id)).toBe(creditsBefore);

    // The request is done, listed under done with the pseudonym, audited.
    expect(await list(w.headers.manager)).toEqual([]);
    const doneList = await t.app.inject({ url: '/api/erasure-requests?status=done', headers: w.headers.manager });
    expect(doneList.json().data).toEqual([expect.objectContaining({ id: req.id, familyName: 'gelöschte Familie 1', parentId: null })]);
    expect(await count(t, sql`select count(*)::int as n from audit_log where action = 'erase' and entity_id = ${w.mail.parent.id} and actor_user_id = ${w.manager.id}`)).toBe(1);
  });

  it('serves a manager deleting a family with history (numbered on), carrying out its open request', async () => {
    const asked = await t.app.inject({ method: 'POST', url: `/api/parents/${w.sms.parent.id}/erasure-request`, headers: w.headers.sms });
    expect(asked.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/parents/${w.sms.parent.id}`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(parents).where(eq(parents.id, w.sms.parent.id))).toEqual([]);
    expect(await count(t, sql`select count(*)::int as n from event_children where parent_id = ${w.sms.parent.id} and parent_name = 'gelöschte Familie 2'`)).toBeGreaterThan(0);
    // The SMS family is told by SMS at its verified number.
    expect(await count(t, sql`select count(*)::int as n from outbox_messages where kind = 'erasure_done' and channel = 'sms' and recipient = '+4917012345678'`)).toBe(1);
    const done = await t.app.inject({ url: '/api/erasure-requests?status=done', headers: w.headers.admin });
    expect(done.json().data[0]).toMatchObject({ id: asked.json().data.id, familyName: 'gelöschte Familie 2', requestedBy: 'parent' });
    expect((await t.app.inject({ url: '/api/erasure-requests', headers: w.headers.admin })).json().data).toEqual([]);
    // A family without a request, deleted by staff, gets a done row of its own.
    const fam = await createParent(t.db, w.home.kita.id, { name: 'Ohne Antrag' });
    await createChild(t.db, fam.parent.id, w.home.kgGroup.id, 'Olli');
    await t.db.execute(sql`insert into event_children (event_id, child_id, parent_id, group_id, child_name, parent_name, group_name, joined_at)
      select ${finished}, c.id, c.parent_id, c.group_id, c.name, 'Ohne Antrag', 'Bären', now() from children c where c.parent_id = ${fam.parent.id}`);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/parents/${fam.parent.id}`, headers: w.headers.manager })).statusCode).toBe(200);
    const done3 = (await t.app.inject({ url: '/api/erasure-requests?status=done', headers: w.headers.admin })).json().data;
    expect(done3[0]).toMatchObject({ familyName: 'gelöschte Familie 3', requestedBy: 'staff' });
  });
});
