import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createParent, createStaff, MISSING } from '../../../test/factories.js';
import { auditRows, createEventRow, structureWorld, type StructureWorld } from '../../../test/factories-structure.js';
import { categories, groups, kitas } from '../../db/schema.js';

let t: TestContext;
let w: StructureWorld;
beforeAll(async () => ({ t, w } = await testAppWith(structureWorld)));
afterAll(async () => t.close());


/** A Kita without categories, to create them through the API. */
async function emptyKita(name = 'Kita Leer') {
  const [k] = await t.db.insert(kitas).values({ name, location: 'Bonn' }).returning();
  return k!;
}

describe('GET /api/categories', () => {
  it('lists all categories with groups for an Admin and only their Kita for a manager', async () => {
    const admin = await t.app.inject({ url: '/api/categories', headers: w.as.admin });
    expect(admin.statusCode).toBe(200);
    const ids = admin.json().data.map((c: { categoryId: string }) => c.categoryId);
    expect(ids).toEqual(expect.arrayContaining([w.a.kindergarten.id, w.a.krippe.id, w.b.kindergarten.id, w.b.krippe.id]));
    const mgr = await t.app.inject({ url: '/api/categories', headers: w.as.managerA });
    expect(mgr.json().data).toEqual([
      { categoryId: w.a.kindergarten.id, categoryName: 'Kindergarten', kitaId: w.a.kita.id, groups: [expect.objectContaining({ groupId: w.a.kgGroup.id, groupName: 'Bären' })] },
      { categoryId: w.a.krippe.id, categoryName: 'Krippe', kitaId: w.a.kita.id, groups: [expect.objectContaining({ groupId: w.a.krGroup.id, groupName: 'Mäuse' })] },
    ]);
  });

  it('refuses anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/categories', headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('GET /api/categories/kita/:kitaId', () => {
  it('answers the Kita name and its categories list', async () => {
    for (const who of ['admin', 'managerA'] as const) {
      const res = await t.app.inject({ url: `/api/categories/kita/${w.a.kita.id}`, headers: w.as[who] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ kitaId: w.a.kita.id, kitaName: 'Kita Alpha' });
      expect(res.json().data.categories.map((c: { categoryName: string }) => c.categoryName)).toEqual(['Kindergarten', 'Krippe']);
    }
  });

  it('hides another Kita from a manager (404) and reports a missing Kita (404)', async () => {
    const other = await t.app.inject({ url: `/api/categories/kita/${w.b.kita.id}`, headers: w.as.managerA });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Keine Kita mit der ID ${w.b.kita.id} gefunden`);
    expect((await t.app.inject({ url: `/api/categories/kita/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
  });

  it('refuses a bad id (400), anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: '/api/categories/kita/123', headers: w.as.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/categories/kita/${w.a.kita.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/categories/kita/${w.a.kita.id}`, headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('GET /api/categories/:id', () => {
  it('returns a category with its groups in scope', async () => {
    const res = await t.app.inject({ url: `/api/categories/${w.a.krippe.id}`, headers: w.as.managerA });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      categoryId: w.a.krippe.id, categoryName: 'Krippe', kitaId: w.a.kita.id,
      groups: [{ groupId: w.a.krGroup.id, groupName: 'Mäuse', categoryId: w.a.krippe.id, categoryName: 'Krippe' }],
    });
  });

  it("answers 404 'No category found' for another Kita's category and a missing one", async () => {
    const other = await t.app.inject({ url: `/api/categories/${w.b.krippe.id}`, headers: w.as.managerA });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Keine Kategorie mit der ID ${w.b.krippe.id} gefunden`);
    const missing = await t.app.inject({ url: `/api/categories/${MISSING}`, headers: { ...w.as.admin } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: `/api/categories/${w.a.krippe.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/categories/${w.a.krippe.id}`, headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('POST /api/categories', () => {
  it('creates one Kindergarten and one Krippe per Kita, then answers 409 CATEGORY_EXISTS', async () => {
    const k = await emptyKita();
    const kg = await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.admin, payload: { categoryName: 'Kindergarten', kitaId: k.id } });
    expect(kg.statusCode).toBe(201);
    expect(kg.json().data).toEqual({ categoryId: expect.any(String), categoryName: 'Kindergarten', kitaId: k.id, groups: [] });
    expect((await auditRows(t.db, kg.json().data.categoryId))[0]).toMatchObject({ action: 'create', entity: 'category', kitaId: k.id });
    const kr = await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.admin, payload: { categoryName: 'Krippe', kitaId: k.id } });
    expect(kr.statusCode).toBe(201);
    const dup = await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.admin, payload: { categoryName: 'Krippe', kitaId: k.id } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'CATEGORY_EXISTS', message: 'Diese Kategorie gibt es in der Kita bereits.' });
  });

  it('lets a manager add a category to their own Kita only', async () => {
    const k = await emptyKita('Kita Manager-Test');
    const m = await createStaff(t.db, 'KitaManager', k.id);
    const own = await t.app.inject({ method: 'POST', url: '/api/categories', headers: await authHeader(t.app, m.id), payload: { categoryName: 'Krippe', kitaId: k.id } });
    expect(own.statusCode).toBe(201);
    const other = await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.managerA, payload: { categoryName: 'Kindergarten', kitaId: k.id } });
    expect(other.statusCode).toBe(404);
    expect((await t.db.select().from(categories).where(eq(categories.kitaId, k.id))).map((c) => c.name)).toEqual(['Krippe']);
  });

  it.each([
    ['categoryName', { categoryName: 'Hort', kitaId: MISSING }],
    ['categoryName', { kitaId: MISSING }],
    ['kitaId', { categoryName: 'Krippe', kitaId: 'nope' }],
    ['kitaId', { categoryName: 'Krippe' }],
  ])('rejects an invalid %s (400)', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('names the category rule in the field message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.admin, payload: { categoryName: 'Hort', kitaId: w.a.kita.id } });
    expect(res.json().details).toContainEqual({ path: 'categoryName', message: 'Kategorie muss Kindergarten oder Krippe sein' });
  });

  it('answers 404 for a missing Kita, 401 anonymous and 403 for parents', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.admin, payload: { categoryName: 'Krippe', kitaId: MISSING } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/categories', payload: { categoryName: 'Krippe', kitaId: w.a.kita.id } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/categories', headers: w.as.parent, payload: { categoryName: 'Krippe', kitaId: w.a.kita.id } })).statusCode).toBe(403);
  });
});

describe('PUT /api/categories/:id', () => {
  it('renames a category when the other name is free, else 409', async () => {
    const k = await emptyKita('Kita Rename');
    const [c] = await t.db.insert(categories).values({ kitaId: k.id, name: 'Kindergarten' }).returning();
    const ok = await t.app.inject({ method: 'PUT', url: `/api/categories/${c!.id}`, headers: w.as.admin, payload: { categoryName: 'Krippe' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.categoryName).toBe('Krippe');
    expect((await auditRows(t.db, c!.id))[0]).toMatchObject({ action: 'update', details: { from: 'Kindergarten', to: 'Krippe' } });
    await t.db.insert(categories).values({ kitaId: k.id, name: 'Kindergarten' });
    const dup = await t.app.inject({ method: 'PUT', url: `/api/categories/${c!.id}`, headers: w.as.admin, payload: { categoryName: 'Kindergarten' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('CATEGORY_EXISTS');
  });

  it('refuses to rename a category that events use (409 CATEGORY_IN_USE)', async () => {
    const k = await emptyKita('Kita Events');
    const [c] = await t.db.insert(categories).values({ kitaId: k.id, name: 'Krippe' }).returning();
    await createEventRow(t.db, k.id, c!.id, t.clock.now());
    const res = await t.app.inject({ method: 'PUT', url: `/api/categories/${c!.id}`, headers: w.as.admin, payload: { categoryName: 'Kindergarten' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CATEGORY_IN_USE');
  });

  it('keeps the scope matrix: own Kita 200, other Kita 404, parents 403, anonymous 401, bad name 400', async () => {
    const same = { categoryName: 'Krippe' };
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${w.a.krippe.id}`, headers: w.as.managerA, payload: same })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${w.b.krippe.id}`, headers: w.as.managerA, payload: same })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${w.a.krippe.id}`, headers: w.as.parent, payload: same })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${w.a.krippe.id}`, payload: same })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${w.a.krippe.id}`, headers: w.as.admin, payload: { categoryName: 'Schule' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/categories/${MISSING}`, headers: w.as.admin, payload: same })).statusCode).toBe(404);
  });
});

describe('DELETE /api/categories/:id', () => {
  it('deletes a category with its empty groups and audits it', async () => {
    const k = await emptyKita('Kita Delete');
    const [c] = await t.db.insert(categories).values({ kitaId: k.id, name: 'Krippe' }).returning();
    const [g] = await t.db.insert(groups).values({ categoryId: c!.id, name: 'Leer' }).returning();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/categories/${c!.id}`, headers: w.as.admin });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(groups).where(eq(groups.id, g!.id))).toEqual([]);
    expect((await auditRows(t.db, c!.id)).map((r) => r.action)).toEqual(['delete']);
  });

  it('refuses while a group has children or an event uses it (409 CATEGORY_IN_USE)', async () => {
    const { parent } = await createParent(t.db, w.a.kita.id);
    await createChild(t.db, parent.id, w.a.kgGroup.id);
    const withChild = await t.app.inject({ method: 'DELETE', url: `/api/categories/${w.a.kindergarten.id}`, headers: w.as.managerA });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json()).toMatchObject({ code: 'CATEGORY_IN_USE', message: expect.stringContaining('Kindern') });
    const k = await emptyKita('Kita Event');
    const [c] = await t.db.insert(categories).values({ kitaId: k.id, name: 'Krippe' }).returning();
    await createEventRow(t.db, k.id, c!.id, t.clock.now());
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${c!.id}`, headers: w.as.admin })).statusCode).toBe(409);
    expect(await t.db.select().from(categories).where(eq(categories.id, c!.id))).toHaveLength(1);
  });

  it('hides other Kitas (404), refuses parents (403) and anonymous (401)', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${w.b.krippe.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${w.a.krippe.id}`, headers: w.as.parent })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${w.a.krippe.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
    expect(await t.db.select().from(categories).where(eq(categories.id, w.b.krippe.id))).toHaveLength(1);
  });
});
