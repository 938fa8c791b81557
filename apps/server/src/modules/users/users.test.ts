import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { authHeader, createStaff, MISSING } from '../../../test/factories.js';
import { auditRows, structureWorld, type StructureWorld } from '../../../test/factories-structure.js';
import { users } from '../../db/schema.js';

let t: TestContext;
let w: StructureWorld;
beforeAll(async () => ({ t, w } = await testAppWith(structureWorld)));
afterAll(async () => t.close());

let n = 0;
const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Jörg O\'Neill-Weiß',
  email: `neu${++n}@kita.test`,
  password: 'Herbst-Laub-42',
  phoneNumber: '',
  role: 'KitaManager',
  kitaId: w.a.kita.id,
  ...over,
});
const userIds = (res: { json(): { data: Array<{ userId: string }> } }) => res.json().data.map((u) => u.userId);

describe('GET /api/users', () => {
  it('lists all staff (never parents) with their Kita for an Admin', async () => {
    const res = await t.app.inject({ url: '/api/users', headers: w.as.admin });
    expect(res.statusCode).toBe(200);
    expect(userIds(res)).toEqual(expect.arrayContaining([w.admin.id, w.managerA.id, w.managerB.id]));
    expect(userIds(res)).not.toContain(w.parentA.user!.id);
    const m = res.json().data.find((u: { userId: string }) => u.userId === w.managerA.id);
    expect(m).toEqual({ userId: w.managerA.id, name: 'Test Manager', email: w.managerA.email, phoneNumber: null, role: 'KitaManager', kitaId: w.a.kita.id, kita: { kitaId: w.a.kita.id, kitaName: 'Kita Alpha' } });
    const a = res.json().data.find((u: { userId: string }) => u.userId === w.admin.id);
    expect(a).toMatchObject({ role: 'Admin', kitaId: null, kita: null });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
  });

  it("narrows to one Kita's managers with ?kitaId=", async () => {
    const res = await t.app.inject({ url: `/api/users?kitaId=${w.b.kita.id}`, headers: w.as.admin });
    expect(userIds(res)).toEqual([w.managerB.id]);
  });

  it("shows a manager only their Kita's managers and 404 for another Kita", async () => {
    const res = await t.app.inject({ url: '/api/users', headers: w.as.managerA });
    expect(res.json().data.every((u: { kitaId: string; role: string }) => u.kitaId === w.a.kita.id && u.role === 'KitaManager')).toBe(true);
    expect(userIds(res)).toContain(w.managerA.id);
    expect((await t.app.inject({ url: `/api/users?kitaId=${w.a.kita.id}`, headers: w.as.managerA })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/users?kitaId=${w.b.kita.id}`, headers: w.as.managerA })).statusCode).toBe(404);
  });

  it('refuses anonymous (401), parents (403) and a malformed kitaId (400)', async () => {
    expect((await t.app.inject({ url: '/api/users' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users', headers: w.as.parent })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/users?kitaId=abc', headers: w.as.admin })).statusCode).toBe(400);
  });
});

describe('GET /api/users/:id', () => {
  it('returns a staff user in scope', async () => {
    expect((await t.app.inject({ url: `/api/users/${w.managerA.id}`, headers: w.as.admin })).json().data.userId).toBe(w.managerA.id);
    expect((await t.app.inject({ url: `/api/users/${w.managerA.id}`, headers: w.as.managerA })).statusCode).toBe(200);
  });

  it("answers 404 for Admins, other Kitas' managers and parents' accounts when asked by a manager, and for missing users", async () => {
    const other = await t.app.inject({ url: `/api/users/${w.managerB.id}`, headers: w.as.managerA });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(`Kein Benutzer mit der ID ${w.managerB.id} gefunden`);
    expect((await t.app.inject({ url: `/api/users/${w.admin.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${w.parentA.user!.id}`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/users/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
  });

  it('refuses anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: `/api/users/${w.managerA.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/users/${w.parentA.user!.id}`, headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('POST /api/users', () => {
  it('lets an Admin create a manager who can then log in, and audits it without the password', async () => {
    const body = newUser({ phoneNumber: ' +491701234567 ', email: 'Neue.Leitung@Kita.test' });
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.admin, payload: body });
    expect(res.statusCode).toBe(201);
    const u = res.json().data;
    expect(u).toEqual({ userId: expect.any(String), name: body.name, email: 'neue.leitung@kita.test', phoneNumber: '+491701234567', role: 'KitaManager', kitaId: w.a.kita.id, kita: { kitaId: w.a.kita.id, kitaName: 'Kita Alpha' } });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'neue.leitung@kita.test', password: body.password } });
    expect(login.statusCode).toBe(200);
    const [audit] = await auditRows(t.db, u.userId);
    expect(audit).toMatchObject({ action: 'create', entity: 'user', kitaId: w.a.kita.id, details: { role: 'KitaManager' } });
    expect(JSON.stringify(audit)).not.toContain(body.password);
  });

  it('lets an Admin create an Admin (no Kita) and stores an empty phone as null', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.admin, payload: newUser({ role: 'Admin', kitaId: w.a.kita.id }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'Admin', kitaId: null, kita: null, phoneNumber: null });
  });

  it('forces a manager-created user to KitaManager of the own Kita', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.managerA, payload: newUser({ role: 'Admin', kitaId: w.b.kita.id }) });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ role: 'KitaManager', kitaId: w.a.kita.id });
  });

  it('refuses a taken e-mail (409 EMAIL_TAKEN), case-insensitively', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.admin, payload: newUser({ email: w.managerB.email!.toUpperCase() }) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Diese E-Mail-Adresse wird bereits verwendet.' });
  });

  it('refuses a common password (400 PASSWORD_COMMON) and names the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.admin, payload: newUser({ password: 'password1' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PASSWORD_COMMON', details: [{ path: 'password', message: 'Dieses Passwort ist zu häufig und leicht zu erraten' }] });
  });

  it('refuses an unknown Kita for a manager account (400 on kitaId)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.admin, payload: newUser({ kitaId: MISSING }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path: 'kitaId', message: 'Bitte eine Kita wählen' }]);
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: '9 Lives' }],
    ['email', { email: 'kein-mail' }],
    ['password', { password: '12345' }],
    ['password', { password: undefined }],
    ['phoneNumber', { phoneNumber: '0170 12' }],
    ['phoneNumber', { phoneNumber: '+43 170 1234567' }],
    ['role', { role: 'Parent' }],
    ['kitaId', { role: 'KitaManager', kitaId: null }],
    ['kitaId', { kitaId: 'nope' }],
  ])('rejects an invalid %s (400)', async (field, over) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.admin, payload: newUser(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('refuses anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/users', payload: newUser() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/users', headers: w.as.parent, payload: newUser() })).statusCode).toBe(403);
  });
});

describe('PUT /api/users/:id', () => {
  const update = (over: Record<string, unknown> = {}) => {
    const { password: _p, ...rest } = newUser(over);
    return rest;
  };

  it('lets an Admin change name, e-mail, phone, role and Kita of another user', async () => {
    const u = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, headers: w.as.admin, payload: update({ name: 'Neu Name', email: 'umzug@kita.test', kitaId: w.b.kita.id, phoneNumber: '+4930123456789' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Neu Name', email: 'umzug@kita.test', kitaId: w.b.kita.id, phoneNumber: '+4930123456789' });
    const promoted = await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, headers: w.as.admin, payload: update({ role: 'Admin', email: 'umzug@kita.test' }) });
    expect(promoted.json().data).toMatchObject({ role: 'Admin', kitaId: null });
    expect((await auditRows(t.db, u.id)).map((r) => r.action)).toEqual(['update', 'update']);
  });

  it('refuses a change of the own role (409 OWN_ROLE) but allows editing the rest', async () => {
    const a = await createStaff(t.db, 'Admin');
    const headers = await authHeader(t.app, a.id);
    const own = await t.app.inject({ method: 'PUT', url: `/api/users/${a.id}`, headers, payload: update({ role: 'KitaManager', email: a.email }) });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('OWN_ROLE');
    const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${a.id}`, headers, payload: update({ role: 'Admin', email: a.email, name: 'Selbst Geändert' }) });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ role: 'Admin', name: 'Selbst Geändert' });
  });

  it("keeps a manager's edits inside their Kita: role and Kita are forced, other Kitas are 404", async () => {
    const colleague = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${colleague.id}`, headers: w.as.managerA, payload: update({ role: 'Admin', kitaId: w.b.kita.id, email: colleague.email }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'KitaManager', kitaId: w.a.kita.id });
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${w.managerB.id}`, headers: w.as.managerA, payload: update({ email: w.managerB.email }) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${w.admin.id}`, headers: w.as.managerA, payload: update({ email: w.admin.email }) })).statusCode).toBe(404);
  });

  it('refuses a taken e-mail (409), invalid input (400), anonymous (401), parents (403), missing users (404)', async () => {
    const u = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, headers: w.as.admin, payload: update({ email: w.managerB.email }) })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, headers: w.as.admin, payload: update({ name: '' }) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, payload: update() })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${u.id}`, headers: w.as.parent, payload: update() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${MISSING}`, headers: w.as.admin, payload: update() })).statusCode).toBe(404);
  });
});

describe('PUT /api/users/:id/change-password', () => {
  const body = (oldPassword: string, newPassword = 'Neues-Passwort-7') => ({ oldPassword, newPassword, confirmPassword: newPassword });

  it('changes the own password with the right old one and ends every other session of the user', async () => {
    const m = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    const current = await authHeader(t.app, m.id);
    const otherDevice = await authHeader(t.app, m.id);
    const wrong = await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers: current, payload: body('falsch-falsch') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'OLD_PASSWORD_WRONG', details: [{ path: 'oldPassword', message: 'Das alte Passwort ist falsch' }] });
    const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers: current, payload: body('secret-pass-1') });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: current })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: otherDevice })).statusCode).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: m.email, password: 'Neues-Passwort-7' } });
    expect(login.statusCode).toBe(200);
    expect((await auditRows(t.db, m.id))[0]).toMatchObject({ action: 'change-password', details: { self: true } });
  });

  it("lets an Admin set another user's password after confirming with the Admin's own password", async () => {
    const m = await createStaff(t.db, 'KitaManager', w.b.kita.id);
    const session = await authHeader(t.app, m.id);
    const wrong = await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers: w.as.admin, payload: body('falsch-falsch') });
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers: w.as.admin, payload: body('secret-pass-1') });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/me', headers: w.as.admin })).statusCode).toBe(200);
  });

  it("lets a manager set a colleague's password, but not another Kita's or an Admin's (404)", async () => {
    const colleague = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${colleague.id}/change-password`, headers: w.as.managerA, payload: body('secret-pass-1') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${w.managerB.id}/change-password`, headers: w.as.managerA, payload: body('secret-pass-1') })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${w.admin.id}/change-password`, headers: w.as.managerA, payload: body('secret-pass-1') })).statusCode).toBe(404);
  });

  it.each([
    ['oldPassword', { oldPassword: '', newPassword: 'abcdefg-1', confirmPassword: 'abcdefg-1' }],
    ['newPassword', { oldPassword: 'secret-pass-1', newPassword: 'kurz', confirmPassword: 'kurz' }],
    ['confirmPassword', { oldPassword: 'secret-pass-1', newPassword: 'abcdefg-1', confirmPassword: 'abcdefg-2' }],
    ['confirmPassword', { oldPassword: 'secret-pass-1', newPassword: 'abcdefg-1' }],
  ])('rejects an invalid %s (400)', async (field, payload) => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${w.managerA.id}/change-password`, headers: w.as.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it("compares the new password with the old one only on one's own account", async () => {
    // The Admin confirms with their own password; a new password equal to it is no "same as old".
    const m = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    const same = { oldPassword: 'secret-pass-1', newPassword: 'secret-pass-1', confirmPassword: 'secret-pass-1' };
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers: w.as.admin, payload: same })).statusCode).toBe(200);
    const own = await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers: await authHeader(t.app, m.id), payload: same });
    expect(own.statusCode).toBe(400);
    expect(own.json().details).toEqual([{ path: 'newPassword', message: 'Das neue Passwort muss sich vom alten unterscheiden' }]);
  });

  it('refuses a common new password (400 PASSWORD_COMMON)', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${w.managerA.id}/change-password`, headers: w.as.admin, payload: body('secret-pass-1', 'qwerty123') });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PASSWORD_COMMON');
  });

  it('slows wrong old passwords down after 5 (429 with Retry-After, then a doubling pause)', async () => {
    const m = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    const headers = await authHeader(t.app, m.id);
    for (let i = 0; i < 6; i++) {
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers, payload: body(`wrong-${i}-x`) })).statusCode).toBe(400);
    }
    const locked = await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers, payload: body('secret-pass-1') });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(1000);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${m.id}/change-password`, headers, payload: body('secret-pass-1') })).statusCode).toBe(200);
  });

  it('refuses anonymous (401) and parents (403)', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${w.managerA.id}/change-password`, payload: body('secret-pass-1') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${w.parentA.user!.id}/change-password`, headers: w.as.parent, payload: body('secret-pass-1') })).statusCode).toBe(403);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user (who can no longer log in) and audits it', async () => {
    const m = await createStaff(t.db, 'KitaManager', w.a.kita.id);
    const session = await authHeader(t.app, m.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${m.id}`, headers: w.as.managerA });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, m.id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).statusCode).toBe(401);
    expect((await auditRows(t.db, m.id)).map((r) => r.action)).toEqual(['delete']);
  });

  it('refuses to delete oneself (409 OWN_ACCOUNT)', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${w.admin.id}`, headers: w.as.admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OWN_ACCOUNT');
  });

  it('hides users outside the scope (404), refuses parents (403) and anonymous (401)', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${w.managerB.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${w.admin.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${w.parentA.user!.id}`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${w.managerB.id}`, headers: w.as.parent })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${w.managerB.id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(users).where(eq(users.id, w.managerB.id))).toHaveLength(1);
  });
});
