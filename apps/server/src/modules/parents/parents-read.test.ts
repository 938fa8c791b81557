import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentsWorld, type World } from '../../../test/factories-parents.js';
import { authHeader, createChild, createParent, createStaff } from '../../../test/factories.js';
import { eq } from 'drizzle-orm';
import { creditLedger, users } from '../../db/schema.js';

let t: TestContext;
let w: World;
beforeAll(async () => {
  ({ t, w } = await testAppWith(parentsWorld));
  await t.db.insert(creditLedger).values([
    { parentId: w.owner.parent.id, amount: 1, reason: 'green' },
    { parentId: w.owner.parent.id, amount: 1, reason: 'no_slot' },
    { parentId: w.owner.parent.id, amount: -1, reason: 'slot' },
  ]);
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers });
const names = (body: { data: Array<{ name: string }> }) => body.data.map((p) => p.name);

describe('GET /api/parents', () => {
  it('gives an Admin the parents of every Kita, sorted by name, with credits', async () => {
    const res = await get('/api/parents', w.headers.admin);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Anna Owner', 'Berta B', 'Otto Other']);
    const owner = res.json().data[0];
    expect(owner).toMatchObject({
      parentId: w.owner.parent.id,
      kitaName: 'Kita A',
      location: 'Berlin',
      credits: 1,
      accountStatus: 'active',
      status: 'approved',
      preferredCommunication: 'email',
      user: { isEmailVerified: true, isPrimaryPhoneVerified: false },
    });
    expect(res.json().data[1].credits).toBe(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('filters an Admin to one Kita with ?kitaId', async () => {
    const res = await get(`/api/parents?kitaId=${w.b.kita.id}`, w.headers.admin);
    expect(names(res.json())).toEqual(['Berta B']);
  });

  it('gives a manager only their Kita, and 404 for another Kita id', async () => {
    expect(names((await get('/api/parents', w.headers.managerA)).json())).toEqual(['Anna Owner', 'Otto Other']);
    expect((await get(`/api/parents?kitaId=${w.b.kita.id}`, w.headers.managerA)).statusCode).toBe(404);
  });

  it("answers a parent with 403 'Unauthorized role or missing Kita ID'", async () => {
    const res = await t.app.inject({ url: '/api/parents', headers: { ...w.headers.owner } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED_ROLE_OR_KITA', message: 'Unberechtigte Rolle oder fehlende Kita-ID' });
  });

  it('answers a manager without Kita with the same 403 (English for an English account)', async () => {
    const lost = await createStaff(t.db, 'KitaManager', null);
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, lost.id));
    const res = await get('/api/parents', await authHeader(t.app, lost.id));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Unauthorized role or missing Kita ID');
  });

  it('needs a session', async () => {
    expect((await get('/api/parents', w.headers.anonymous)).statusCode).toBe(401);
  });
});

describe('GET /api/parents/{id}', () => {
  const url = () => `/api/parents/${w.owner.parent.id}`;

  it('returns the parent with children, group, category and verification flags', async () => {
    const res = await get(url(), w.headers.managerA);
    expect(res.statusCode).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ name: 'Anna Owner', credits: 1, kitaName: 'Kita A', language: 'de', isAnonymous: false });
    expect(p.user).toEqual({ isEmailVerified: true, isEmailSecondaryVerified: false, isPrimaryPhoneVerified: false, isSecondaryPhoneVerified: false });
    expect(p.children).toEqual([
      expect.objectContaining({ childName: 'Ben Owner', categoryName: 'Krippe', group: { groupId: w.a.krGroup.id, groupName: 'Mäuse' } }),
      expect.objectContaining({ childName: 'Mia Owner', categoryName: 'Kindergarten', group: { groupId: w.a.kgGroup.id, groupName: 'Bären' } }),
    ]);
  });

  it('follows the role/scope matrix', async () => {
    expect((await get(url(), w.headers.admin)).statusCode).toBe(200);
    expect((await get(url(), w.headers.owner)).statusCode).toBe(200);
    expect((await get(url(), w.headers.managerB)).statusCode).toBe(404);
    expect((await get(url(), w.headers.other)).statusCode).toBe(404);
    expect((await get(url(), w.headers.anonymous)).statusCode).toBe(401);
  });

  it('is not found inside another Kita (?kitaId) or for an unknown id, naming the id', async () => {
    expect((await get(`${url()}?kitaId=${w.a.kita.id}`, w.headers.admin)).statusCode).toBe(200);
    expect((await get(`${url()}?kitaId=${w.b.kita.id}`, w.headers.admin)).statusCode).toBe(404);
    const ghost = '0b5f3c1e-0000-4000-8000-000000000000';
    const res = await get(`/api/parents/${ghost}`, w.headers.admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(`Kein Elternteil mit der ID ${ghost} gefunden`);
  });

  it('rejects a malformed id with 400', async () => {
    expect((await get('/api/parents/not-a-uuid', w.headers.admin)).statusCode).toBe(400);
  });
});

describe('GET /api/parents/kita/{kitaId}', () => {
  it('lists one Kita for staff in scope only', async () => {
    const url = `/api/parents/kita/${w.a.kita.id}`;
    expect(names((await get(url, w.headers.managerA)).json())).toEqual(['Anna Owner', 'Otto Other']);
    expect(names((await get(url, w.headers.admin)).json())).toEqual(['Anna Owner', 'Otto Other']);
    expect((await get(url, w.headers.managerB)).statusCode).toBe(404);
    expect((await get(url, w.headers.owner)).statusCode).toBe(403);
    expect((await get(url, w.headers.anonymous)).statusCode).toBe(401);
  });
});

describe('GET /api/parents/kita/{kitaId}/registered', () => {
  it('lists pending registrations with children as category and group', async () => {
    const reg = await createParent(t.db, w.a.kita.id, { name: 'Rita Registered', status: 'registered', isActive: false });
    await createChild(t.db, reg.parent.id, w.a.krGroup.id, 'Emil Registered');
    await createParent(t.db, w.a.kita.id, { name: 'Nora Nokids', status: 'registered', isActive: false });
    await createParent(t.db, w.b.kita.id, { name: 'Bernd Elsewhere', status: 'registered', isActive: false });
    const url = `/api/parents/kita/${w.a.kita.id}/registered`;
    const res = await get(url, w.headers.managerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ name: 'Nora Nokids', status: 'registered', accountStatus: 'inactive', children: [] }),
      expect.objectContaining({
        name: 'Rita Registered',
        children: [{ childId: expect.any(String), childName: 'Emil Registered', categoryName: 'Krippe', groupName: 'Mäuse' }],
      }),
    ]);
    expect((await get(url, w.headers.admin)).statusCode).toBe(200);
    expect((await get(url, w.headers.managerB)).statusCode).toBe(404);
    expect((await get(url, w.headers.owner)).statusCode).toBe(403);
    expect((await get(url, w.headers.anonymous)).statusCode).toBe(401);
  });
});
