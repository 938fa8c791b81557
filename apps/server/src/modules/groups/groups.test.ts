import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createParent, MISSING } from '../../../test/factories.js';
import { auditRows, structureWorld, type StructureWorld } from '../../../test/factories-structure.js';
import { groups } from '../../db/schema.js';

let t: TestContext;
let w: StructureWorld;
beforeAll(async () => ({ t, w } = await testAppWith(structureWorld)));
afterAll(async () => t.close());

const ids = (res: { json(): { data: Array<{ groupId: string }> } }) => res.json().data.map((g) => g.groupId);

describe('GET /api/groups', () => {
  it('lists all groups for an Admin and only their Kita for a manager, with category and Kita', async () => {
    const admin = await t.app.inject({ url: '/api/groups', headers: w.as.admin });
    expect(ids(admin)).toEqual(expect.arrayContaining([w.a.kgGroup.id, w.a.krGroup.id, w.b.kgGroup.id, w.b.krGroup.id]));
    const mgr = await t.app.inject({ url: '/api/groups', headers: w.as.managerA });
    expect(mgr.json().data).toEqual([
      { groupId: w.a.kgGroup.id, groupName: 'Bären', categoryId: w.a.kindergarten.id, categoryName: 'Kindergarten', kitaId: w.a.kita.id },
      { groupId: w.a.krGroup.id, groupName: 'Mäuse', categoryId: w.a.krippe.id, categoryName: 'Krippe', kitaId: w.a.kita.id },
    ]);
  });

  it('refuses anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: '/api/groups' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/groups', headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('GET /api/groups/:id', () => {
  it('returns the group with its category name and children (child, birth date, parent)', async () => {
    const { parent } = await createParent(t.db, w.a.kita.id, { name: 'Paula Plan' });
    const child = await createChild(t.db, parent.id, w.a.krGroup.id, 'Emil');
    const res = await t.app.inject({ url: `/api/groups/${w.a.krGroup.id}?kitaId=${w.a.kita.id}`, headers: w.as.managerA });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      groupId: w.a.krGroup.id, groupName: 'Mäuse', categoryId: w.a.krippe.id, categoryName: 'Krippe', kitaId: w.a.kita.id,
      children: [{ childId: child.id, childName: 'Emil', dateOfBirth: '2021-05-04', parentName: 'Paula Plan' }],
    });
  });

  it("answers 404 'No group found' outside the scope, for a wrong kitaId and for a missing group", async () => {
    const other = await t.app.inject({ url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.managerA });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Keine Gruppe mit der ID ${w.b.krGroup.id} gefunden`);
    expect((await t.app.inject({ url: `/api/groups/${w.a.krGroup.id}?kitaId=${w.b.kita.id}`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/groups/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
  });

  it('refuses a malformed kitaId (400), anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: `/api/groups/${w.a.krGroup.id}?kitaId=x`, headers: w.as.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/groups/${w.a.krGroup.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/groups/${w.a.krGroup.id}`, headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('GET /api/groups/parent/:parentId', () => {
  it("lists the groups of the parent's Kita for the parent, their Kita's manager and an Admin", async () => {
    for (const who of ['parent', 'managerA', 'admin'] as const) {
      const res = await t.app.inject({ url: `/api/groups/parent/${w.parentA.parent.id}`, headers: w.as[who] });
      expect(res.statusCode).toBe(200);
      expect(ids(res)).toEqual([w.a.kgGroup.id, w.a.krGroup.id]);
    }
  });

  it('hides the parent from another Kita and another parent (404); anonymous 401', async () => {
    expect((await t.app.inject({ url: `/api/groups/parent/${w.parentA.parent.id}`, headers: w.as.managerB })).statusCode).toBe(404);
    const other = await createParent(t.db, w.a.kita.id);
    const asOther = await authHeader(t.app, other.user!.id);
    expect((await t.app.inject({ url: `/api/groups/parent/${w.parentA.parent.id}`, headers: asOther })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/groups/parent/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/groups/parent/${w.parentA.parent.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/groups/kita/:kitaId', () => {
  it("lists a Kita's groups in scope, 404 outside it", async () => {
    const res = await t.app.inject({ url: `/api/groups/kita/${w.b.kita.id}`, headers: w.as.managerB });
    expect(ids(res)).toEqual([w.b.kgGroup.id, w.b.krGroup.id]);
    expect((await t.app.inject({ url: `/api/groups/kita/${w.b.kita.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/groups/kita/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/groups/kita/${w.b.kita.id}`, headers: w.as.parent })).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/groups/kita/${w.b.kita.id}` })).statusCode).toBe(401);
  });
});

describe('POST /api/groups', () => {
  it('creates a group in a category of the own Kita and audits it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.managerA, payload: { groupName: "Die 2 Füchse' Rote-Gruppe", categoryId: w.a.kindergarten.id } });
    expect(res.statusCode).toBe(201);
    const g = res.json().data;
    expect(g).toEqual({ groupId: expect.any(String), groupName: "Die 2 Füchse' Rote-Gruppe", categoryId: w.a.kindergarten.id, categoryName: 'Kindergarten', kitaId: w.a.kita.id });
    expect((await auditRows(t.db, g.groupId))[0]).toMatchObject({ action: 'create', entity: 'group', kitaId: w.a.kita.id, actorUserId: w.managerA.id });
  });

  it('refuses a duplicate name in the same category (409 GROUP_EXISTS), ignoring case', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.admin, payload: { groupName: 'bären', categoryId: w.a.kindergarten.id } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('GROUP_EXISTS');
    const otherCategory = await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.admin, payload: { groupName: 'Bären', categoryId: w.a.krippe.id } });
    expect(otherCategory.statusCode).toBe(201);
  });

  it.each([
    ['groupName', { groupName: '', categoryId: MISSING }],
    ['groupName', { groupName: '1. Gruppe', categoryId: MISSING }],
    ['groupName', { groupName: 'Gruppe!', categoryId: MISSING }],
    ['categoryId', { groupName: 'Igel', categoryId: 'x' }],
    ['categoryId', { groupName: 'Igel' }],
  ])('rejects an invalid %s (400)', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it("answers 404 for another Kita's or a missing category; 401/403 for anonymous and parents", async () => {
    const other = await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.managerA, payload: { groupName: 'Igel', categoryId: w.b.krippe.id } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Keine Kategorie mit der ID ${w.b.krippe.id} gefunden`);
    expect((await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.admin, payload: { groupName: 'Igel', categoryId: MISSING } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/groups', payload: { groupName: 'Igel', categoryId: w.a.krippe.id } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.as.parent, payload: { groupName: 'Igel', categoryId: w.a.krippe.id } })).statusCode).toBe(403);
  });
});

describe('PUT /api/groups/:id', () => {
  it('renames a group and moves it to the other category of the same Kita', async () => {
    const [g] = await t.db.insert(groups).values({ categoryId: w.a.kindergarten.id, name: 'Eulen' }).returning();
    const res = await t.app.inject({ method: 'PUT', url: `/api/groups/${g!.id}`, headers: w.as.managerA, payload: { groupName: 'Eulchen', categoryId: w.a.krippe.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ groupId: g!.id, groupName: 'Eulchen', categoryId: w.a.krippe.id, categoryName: 'Krippe' });
    expect((await auditRows(t.db, g!.id))[0]).toMatchObject({ action: 'update', entity: 'group' });
  });

  it("refuses moving a group into another Kita's category (404) and a duplicate name (409)", async () => {
    const move = await t.app.inject({ method: 'PUT', url: `/api/groups/${w.a.kgGroup.id}`, headers: w.as.admin, payload: { groupName: 'Bären', categoryId: w.b.kindergarten.id } });
    expect(move.statusCode).toBe(404);
    const [g] = await t.db.select().from(groups).where(eq(groups.id, w.a.kgGroup.id));
    expect(g!.categoryId).toBe(w.a.kindergarten.id);
    const [x] = await t.db.insert(groups).values({ categoryId: w.a.kindergarten.id, name: 'Raben' }).returning();
    const dup = await t.app.inject({ method: 'PUT', url: `/api/groups/${x!.id}`, headers: w.as.admin, payload: { groupName: 'BÄREN', categoryId: w.a.kindergarten.id } });
    expect(dup.statusCode).toBe(409);
    const same = await t.app.inject({ method: 'PUT', url: `/api/groups/${x!.id}`, headers: w.as.admin, payload: { groupName: 'Raben', categoryId: w.a.kindergarten.id } });
    expect(same.statusCode).toBe(200);
  });

  it('keeps the scope matrix and validation', async () => {
    const body = { groupName: 'Mäuse', categoryId: w.b.krippe.id };
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.managerA, payload: body })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.managerB, payload: body })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.parent, payload: body })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${w.b.krGroup.id}`, payload: body })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.admin, payload: { ...body, groupName: '' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/groups/${MISSING}`, headers: w.as.admin, payload: body })).statusCode).toBe(404);
  });
});

describe('DELETE /api/groups/:id', () => {
  it('deletes an empty group and audits it', async () => {
    const [g] = await t.db.insert(groups).values({ categoryId: w.b.krippe.id, name: 'Wölfe' }).returning();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/groups/${g!.id}`, headers: w.as.managerB });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(groups).where(eq(groups.id, g!.id))).toEqual([]);
    expect((await auditRows(t.db, g!.id)).map((r) => r.action)).toEqual(['delete']);
  });

  it('refuses a group with children (409 GROUP_HAS_CHILDREN)', async () => {
    const { parent } = await createParent(t.db, w.b.kita.id);
    await createChild(t.db, parent.id, w.b.kgGroup.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/groups/${w.b.kgGroup.id}`, headers: w.as.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'GROUP_HAS_CHILDREN', message: 'Die Gruppe hat noch Kinder. Verschieben oder löschen Sie zuerst die Kinder.' });
  });

  it('hides other Kitas (404), refuses parents (403) and anonymous (401)', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${w.b.krGroup.id}`, headers: w.as.parent })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${w.b.krGroup.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
    expect(await t.db.select().from(groups).where(eq(groups.id, w.b.krGroup.id))).toHaveLength(1);
  });
});
