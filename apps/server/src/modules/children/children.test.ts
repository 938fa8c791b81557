import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentsWorld, parentPayload, type World } from '../../../test/factories-parents.js';
import { auditLog, children, outboxMessages, parents, users } from '../../db/schema.js';

let t: TestContext;
let w: World;
// 23:30 UTC on 10 March is already 11 March in Berlin (the Kita's zone). Next year, because
// sessions are signed with the test clock and verified against real time.
const YEAR = new Date().getUTCFullYear() + 1;
const NOW = new Date(`${YEAR}-03-10T23:30:00Z`);
beforeAll(async () => ({ t, w } = await testAppWith(parentsWorld, { now: NOW })));
afterAll(async () => t.close());

type H = Record<string, string>;
const get = (url: string, headers: H) => t.app.inject({ url, headers });
const post = (headers: H, payload: object) => t.app.inject({ method: 'POST', url: '/api/children', headers, payload });
const put = (id: string, headers: H, payload: object) => t.app.inject({ method: 'PUT', url: `/api/children/${id}`, headers, payload });
const del = (id: string, headers: H) => t.app.inject({ method: 'DELETE', url: `/api/children/${id}`, headers });
const names = (res: { json(): { data: Array<{ childName: string }> } }) => res.json().data.map((c) => c.childName);

describe('reading children', () => {
  it('GET children: Admin all (or one Kita), manager their Kita, parent their own', async () => {
    expect(names(await get('/api/children', w.headers.admin))).toEqual(['Ben Owner', 'Lea Other', 'Mia Owner', 'Tom B']);
    expect(names(await get(`/api/children?kitaId=${w.b.kita.id}`, w.headers.admin))).toEqual(['Tom B']);
    expect(names(await get('/api/children', w.headers.managerA))).toEqual(['Ben Owner', 'Lea Other', 'Mia Owner']);
    expect((await get(`/api/children?kitaId=${w.b.kita.id}`, w.headers.managerA)).statusCode).toBe(404);
    expect(names(await get('/api/children', w.headers.owner))).toEqual(['Ben Owner', 'Mia Owner']);
    expect((await get('/api/children', w.headers.anonymous)).statusCode).toBe(401);
  });

  it('GET children/{id} returns parent, group and category within scope only', async () => {
    const url = `/api/children/${w.kgChild.id}`;
    const res = await get(url, w.headers.managerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      childId: w.kgChild.id,
      childName: 'Mia Owner',
      dateOfBirth: '2021-05-04',
      parentId: w.owner.parent.id,
      groupId: w.a.kgGroup.id,
      kitaId: w.a.kita.id,
      parent: { parentId: w.owner.parent.id, name: 'Anna Owner', primaryPhoneNumber: null, secondaryPhoneNumber: null },
      group: { groupId: w.a.kgGroup.id, groupName: 'Bären' },
      categoryName: 'Kindergarten',
    });
    expect((await get(url, w.headers.admin)).statusCode).toBe(200);
    expect((await get(url, w.headers.owner)).statusCode).toBe(200);
    expect((await get(`${url}?kitaId=${w.a.kita.id}`, w.headers.owner)).statusCode).toBe(200);
    expect((await get(`${url}?kitaId=${w.b.kita.id}`, w.headers.admin)).statusCode).toBe(404);
    expect((await get(url, w.headers.managerB)).statusCode).toBe(404);
    expect((await get(url, w.headers.other)).statusCode).toBe(404);
    expect((await get(url, w.headers.anonymous)).statusCode).toBe(401);
    const missing = await get('/api/children/0b5f3c1e-0000-4000-8000-000000000000', w.headers.admin);
    expect(missing.json().message).toBe('Kein Kind mit der ID 0b5f3c1e-0000-4000-8000-000000000000 gefunden');
  });

  it('GET children/kita/{kitaId} is for staff in scope', async () => {
    const url = `/api/children/kita/${w.a.kita.id}`;
    expect(names(await get(url, w.headers.managerA))).toEqual(['Ben Owner', 'Lea Other', 'Mia Owner']);
    expect((await get(url, w.headers.admin)).statusCode).toBe(200);
    expect((await get(url, w.headers.managerB)).statusCode).toBe(404);
    expect((await get(url, w.headers.owner)).statusCode).toBe(403);
    expect((await get(url, w.headers.anonymous)).statusCode).toBe(401);
  });
});

describe('POST /api/children', () => {
  const child = (overrides: object = {}) => ({ childName: 'Neo Neu', dateOfBirth: '2022-01-15', groupId: w.a.kgGroup.id, parentId: w.other.parent.id, ...overrides });

  it('adds a child to an existing parent, audited', async () => {
    const res = await post(w.headers.managerA, child());
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ childName: 'Neo Neu', parentId: w.other.parent.id, group: { groupName: 'Bären' }, categoryName: 'Kindergarten' });
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'child'), eq(auditLog.entityId, res.json().data.childId)));
    expect(entry).toMatchObject({ action: 'create', actorUserId: w.managerA.id });
  });

  it('adds a child with a new parent: parent, account, activation e-mail and child together', async () => {
    const res = await post(w.headers.managerA, child({ parentId: null, groupId: w.a.krGroup.id, newParent: parentPayload(w.a.kita.id, { name: 'Nina Neu', email: 'nina.neu@test.example' }) }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ parent: { name: 'Nina Neu' }, categoryName: 'Krippe' });
    const [parent] = await t.db.select().from(parents).where(eq(parents.id, data.parentId));
    expect(parent).toMatchObject({ status: 'approved', email: 'nina.neu@test.example' });
    expect(await t.db.select().from(users).where(eq(users.parentId, data.parentId))).toHaveLength(1);
    const msgs = await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'nina.neu@test.example'));
    expect(msgs.map((m) => m.kind)).toEqual(['activation']);
  });

  it("answers a payload without parent with 'Missing parent - select a parent or enter a new one'", async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/children', headers: { ...w.headers.managerA, 'accept-language': 'en' },
      payload: child({ parentId: null, newParent: null }),
    });
    expect(res.statusCode).toBe(400);
    // The UI language (sent as Accept-Language) wins over the account's stored language.
    expect(res.json()).toMatchObject({ code: 'MISSING_PARENT', message: 'Missing parent - select a parent or enter a new one' });
    const de = await t.app.inject({
      method: 'POST', url: '/api/children', headers: { ...w.headers.managerA, 'accept-language': 'de-DE' },
      payload: child({ parentId: null, newParent: null }),
    });
    expect(de.json()).toMatchObject({ code: 'MISSING_PARENT', message: 'Elternteil fehlt – bitte ein Elternteil auswählen oder ein neues eingeben' });
  });

  it("judges 'today' in the Kita's time zone", async () => {
    // NOW is 11 March in Berlin: that day is allowed, the next one is in the future.
    expect((await post(w.headers.managerA, child({ childName: 'Heute Geboren', dateOfBirth: `${YEAR}-03-11` }))).statusCode).toBe(201);
    const future = await post(w.headers.managerA, child({ dateOfBirth: `${YEAR}-03-12` }));
    expect(future.statusCode).toBe(400);
    expect(future.json().details).toEqual([{ path: 'dateOfBirth', message: 'Das Geburtsdatum muss zwischen dem 01.01.1900 und heute liegen' }]);
  });

  it.each([
    ['before 1900', { dateOfBirth: '1899-12-31' }, 'dateOfBirth'],
    ['not a calendar day', { dateOfBirth: '2023-02-30' }, 'dateOfBirth'],
    ['wrong format', { dateOfBirth: '15.01.2022' }, 'dateOfBirth'],
    ['empty name', { childName: ' ' }, 'childName'],
    ['name starting with a digit', { childName: '2Pac' }, 'childName'],
    ['group not a uuid', { groupId: 'abc' }, 'groupId'],
    ['parent not a uuid', { parentId: 'abc' }, 'parentId'],
    ['new parent without e-mail', { parentId: null, newParent: parentPayload('0b5f3c1e-0000-4000-8000-000000000000', { email: '' }) }, 'newParent.email'],
  ])('rejects %s with 400 on the field', async (_c, overrides, path) => {
    const res = await post(w.headers.managerA, child(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(path);
  });

  it('keeps parent and group in one Kita, and hides other Kitas', async () => {
    expect((await post(w.headers.managerA, child({ groupId: w.b.kgGroup.id }))).statusCode).toBe(404);
    expect((await post(w.headers.managerA, child({ parentId: w.parentB.parent.id }))).statusCode).toBe(404);
    const mixed = await post(w.headers.admin, child({ parentId: w.parentB.parent.id }));
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().code).toBe('KITA_MISMATCH');
    const newElsewhere = await post(w.headers.admin, child({ parentId: null, newParent: parentPayload(w.b.kita.id) }));
    expect(newElsewhere.json().code).toBe('KITA_MISMATCH');
  });

  it('is for staff only', async () => {
    expect((await post(w.headers.owner, child({ parentId: w.owner.parent.id }))).statusCode).toBe(403);
    expect((await post(w.headers.anonymous, child())).statusCode).toBe(401);
    expect((await post(w.headers.managerB, child())).statusCode).toBe(404);
  });

  it('creates nothing when the new parent e-mail is taken', async () => {
    const before = (await t.db.select().from(children)).length;
    const res = await post(w.headers.managerA, child({ parentId: null, newParent: parentPayload(w.a.kita.id, { name: 'Doppelt', email: w.owner.parent.email }) }));
    expect(res.statusCode).toBe(409);
    expect(await t.db.select().from(children)).toHaveLength(before);
    expect(await t.db.select().from(parents).where(eq(parents.name, 'Doppelt'))).toHaveLength(0);
  });

  it('is atomic: when the child insert fails, the new parent, account and message are rolled back', async () => {
    // A real database failure on the child row (not a mock): a trigger refusing one name.
    await t.database.exec(`
      create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'Boom' then raise exception 'child refused'; end if; return new; end $$;
      create trigger refuse_boom before insert on children for each row execute function refuse_boom();
    `);
    try {
      const res = await post(w.headers.managerA, child({ childName: 'Boom', parentId: null, newParent: parentPayload(w.a.kita.id, { name: 'Rollback Rita', email: 'rollback@test.example' }) }));
      expect(res.statusCode).toBe(500);
      expect(res.json().message).not.toContain('child refused');
      expect(await t.db.select().from(parents).where(eq(parents.email, 'rollback@test.example'))).toHaveLength(0);
      expect(await t.db.select().from(users).where(eq(users.name, 'Rollback Rita'))).toHaveLength(0);
      expect(await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'rollback@test.example'))).toHaveLength(0);
    } finally {
      await t.database.exec('drop trigger refuse_boom on children; drop function refuse_boom();');
    }
  });
});

describe('PUT /api/children/{id}', () => {
  it('lets staff move a child to another group and parent of the Kita', async () => {
    const res = await put(w.otherChild.id, w.headers.managerA, { childName: 'Lea Moved', dateOfBirth: '2020-02-02', groupId: w.a.krGroup.id, parentId: w.owner.parent.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ childName: 'Lea Moved', dateOfBirth: '2020-02-02', group: { groupId: w.a.krGroup.id }, parentId: w.owner.parent.id });
    const back = await put(w.otherChild.id, w.headers.managerA, { childName: 'Lea Other', dateOfBirth: '2021-05-04', groupId: w.a.kgGroup.id, parentId: w.other.parent.id });
    expect(back.statusCode).toBe(200);
  });

  it('requires the group from staff and refuses a group of another Kita', async () => {
    const noGroup = await put(w.kgChild.id, w.headers.managerA, { childName: 'Mia Owner', dateOfBirth: '2021-05-04' });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json().details).toEqual([{ path: 'groupId', message: 'Pflichtfeld' }]);
    expect((await put(w.kgChild.id, w.headers.admin, { childName: 'Mia Owner', dateOfBirth: '2021-05-04', groupId: w.b.kgGroup.id })).json().code).toBe('KITA_MISMATCH');
    expect((await put(w.kgChild.id, w.headers.managerB, { childName: 'X', dateOfBirth: '2021-05-04', groupId: w.b.kgGroup.id })).statusCode).toBe(404);
  });

  it('lets a parent correct name and date of birth of their own child only', async () => {
    const res = await put(w.kgChild.id, w.headers.owner, { childName: 'Mia Maria Owner', dateOfBirth: '2021-06-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ childName: 'Mia Maria Owner', dateOfBirth: '2021-06-01', groupId: w.a.kgGroup.id });
    expect((await put(w.kgChild.id, w.headers.owner, { childName: 'Mia', dateOfBirth: '2021-06-01', groupId: w.a.krGroup.id })).statusCode).toBe(403);
    expect((await put(w.kgChild.id, w.headers.owner, { childName: 'Mia', dateOfBirth: '2021-06-01', parentId: w.other.parent.id })).statusCode).toBe(403);
    expect((await put(w.kgChild.id, w.headers.owner, { childName: 'Mia', dateOfBirth: `${YEAR + 1}-01-01` })).statusCode).toBe(400);
    expect((await put(w.kgChild.id, w.headers.other, { childName: 'Mia', dateOfBirth: '2021-06-01' })).statusCode).toBe(404);
    expect((await put(w.kgChild.id, w.headers.anonymous, { childName: 'Mia', dateOfBirth: '2021-06-01' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/children/{id}', () => {
  it('is for staff in scope, audited', async () => {
    const c = (await post(w.headers.managerA, { childName: 'Weg Damit', dateOfBirth: '2022-01-01', groupId: w.a.kgGroup.id, parentId: w.other.parent.id })).json().data;
    expect((await del(c.childId, w.headers.owner)).statusCode).toBe(403);
    expect((await del(c.childId, w.headers.other)).statusCode).toBe(403);
    expect((await del(c.childId, w.headers.managerB)).statusCode).toBe(404);
    expect((await del(c.childId, w.headers.anonymous)).statusCode).toBe(401);
    expect((await del(c.childId, w.headers.managerA)).statusCode).toBe(200);
    expect(await t.db.select().from(children).where(eq(children.id, c.childId))).toHaveLength(0);
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, c.childId), eq(auditLog.action, 'delete')));
    expect(entry).toMatchObject({ entity: 'child', kitaId: w.a.kita.id });
    expect((await del(c.childId, w.headers.admin)).statusCode).toBe(404);
  });
});
