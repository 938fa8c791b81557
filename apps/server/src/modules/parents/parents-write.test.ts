import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentsWorld, parentPayload, type World } from '../../../test/factories-parents.js';
import { authHeader } from '../../../test/factories.js';
import { auditLog, children, outboxMessages, parents, tokens, users } from '../../db/schema.js';

let t: TestContext;
let w: World;
beforeAll(async () => ({ t, w } = await testAppWith(parentsWorld)));
afterAll(async () => t.close());

const post = (url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const put = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url, headers, payload: payload as object });
const del = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url, headers });

const parentByEmail = async (email: string) => (await t.db.select().from(parents).where(eq(parents.email, email)))[0];
const messagesTo = (recipient: string) => t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

describe('POST /api/parents', () => {
  it('creates an approved parent, its account without password, an activation e-mail and an audit entry', async () => {
    const payload = parentPayload(w.a.kita.id, { name: '  Paula Neu ', email: ' Paula.Neu@Test.example ', secondaryEmail: '  ', language: 'en' });
    const res = await post('/api/parents', w.headers.managerA, payload);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Paula Neu',
      email: 'paula.neu@test.example',
      secondaryEmail: null,
      primaryPhoneNumber: null,
      status: 'approved',
      accountStatus: 'active',
      credits: 0,
      language: 'en',
      children: [],
    });
    const [user] = await t.db.select().from(users).where(eq(users.parentId, data.parentId));
    expect(user).toMatchObject({ role: 'Parent', kitaId: w.a.kita.id, passwordHash: null, language: 'en' });
    const [msg] = await messagesTo('paula.neu@test.example');
    expect(msg).toMatchObject({ kind: 'activation', channel: 'email', language: 'en', parentId: data.parentId, userId: user!.id });
    expect(msg!.bodyText).toContain('http://kita.test/verify-email?token=');
    const [token] = await t.db.select().from(tokens).where(and(eq(tokens.parentId, data.parentId), eq(tokens.kind, 'activation')));
    expect(token).toBeDefined();
    const [entry] = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'parent'), eq(auditLog.entityId, data.parentId)));
    expect(entry).toMatchObject({ action: 'create', actorUserId: w.managerA.id, actorRole: 'KitaManager', kitaId: w.a.kita.id });
  });

  it('stores an anonymous parent without any contact data and sends nothing', async () => {
    const res = await post(
      '/api/parents',
      w.headers.admin,
      parentPayload(w.a.kita.id, { name: 'Anonym Eins', email: 'anon@test.example', primaryPhoneNumber: '+491701112223', preferredCommunication: 'sms', isAnonymous: true }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ isAnonymous: true, email: null, primaryPhoneNumber: null, preferredCommunication: null });
    expect(await messagesTo('anon@test.example')).toHaveLength(0);
  });

  it('accepts an anonymous parent without e-mail, and an SMS parent with a phone', async () => {
    expect((await post('/api/parents', w.headers.admin, parentPayload(w.a.kita.id, { name: 'Anonym Zwei', email: '', isAnonymous: true }))).statusCode).toBe(201);
    const sms = await post('/api/parents', w.headers.admin, parentPayload(w.a.kita.id, { name: 'Sami Sms', preferredCommunication: 'sms', primaryPhoneNumber: '+491701234599' }));
    expect(sms.statusCode).toBe(201);
    expect(sms.json().data).toMatchObject({ preferredCommunication: 'sms', primaryPhoneNumber: '+491701234599', user: { isPrimaryPhoneVerified: false } });
  });

  it.each([
    ['missing e-mail', { email: '' }, 'email', 'Pflichtfeld'],
    ['invalid e-mail', { email: 'nope' }, 'email', 'Bitte eine gültige E-Mail-Adresse eingeben'],
    ['SMS without phone', { preferredCommunication: 'sms', primaryPhoneNumber: ' ' }, 'primaryPhoneNumber', 'Für SMS wird eine Telefonnummer benötigt'],
    ['bad phone', { primaryPhoneNumber: '0170 12' }, 'primaryPhoneNumber', expect.stringContaining('+49')],
    ['bad secondary phone', { secondaryPhoneNumber: '+43 170 1234567' }, 'secondaryPhoneNumber', expect.stringContaining('+49')],
    ['name starting with a digit', { name: '1Paula' }, 'name', expect.stringContaining('Ziffer')],
    ['missing name', { name: '' }, 'name', 'Pflichtfeld'],
    ['bad language', { language: 'fr' }, 'language', expect.any(String)],
    ['bad Kita id', { kitaId: 'x' }, 'kitaId', 'Ungültige Auswahl'],
    ['bad communication', { preferredCommunication: 'fax' }, 'preferredCommunication', expect.any(String)],
  ])('rejects %s with 400 and the field', async (_case, overrides, path, message) => {
    const res = await post('/api/parents', w.headers.admin, parentPayload(w.a.kita.id, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details).toEqual(expect.arrayContaining([{ path, message }]));
  });

  it('refuses a second parent with the same e-mail (any case) with 409 EMAIL_TAKEN', async () => {
    const email = w.owner.parent.email!.toUpperCase();
    const res = await post('/api/parents', w.headers.admin, parentPayload(w.a.kita.id, { email }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Diese E-Mail-Adresse wird bereits verwendet.' });
  });

  it('follows the role/scope matrix', async () => {
    expect((await post('/api/parents', w.headers.managerB, parentPayload(w.a.kita.id))).statusCode).toBe(404);
    expect((await post('/api/parents', w.headers.owner, parentPayload(w.a.kita.id))).statusCode).toBe(403);
    expect((await post('/api/parents', w.headers.anonymous, parentPayload(w.a.kita.id))).statusCode).toBe(401);
    expect((await post('/api/parents', w.headers.admin, parentPayload('0b5f3c1e-0000-4000-8000-000000000000'))).statusCode).toBe(404);
  });
});

describe('PUT /api/parents/{parentId}', () => {
  it('lets staff update and un-verifies a changed e-mail but keeps an unchanged verified phone', async () => {
    const created = (await post('/api/parents', w.headers.managerA, parentPayload(w.a.kita.id, { name: 'Vera Verified', primaryPhoneNumber: '+491709998887' }))).json().data;
    await t.db.update(parents).set({ emailVerified: true, primaryPhoneVerified: true }).where(eq(parents.id, created.parentId));
    const res = await put(`/api/parents/${created.parentId}`, w.headers.managerA, {
      ...parentPayload(w.a.kita.id, { name: 'Vera Changed', email: 'vera.new@test.example', primaryPhoneNumber: '+491709998887', language: 'en' }),
      parentId: created.parentId,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Vera Changed', email: 'vera.new@test.example', language: 'en', user: { isEmailVerified: false, isPrimaryPhoneVerified: true } });
    const [user] = await t.db.select().from(users).where(eq(users.parentId, created.parentId));
    expect(user).toMatchObject({ name: 'Vera Changed', language: 'en' });
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, created.parentId), eq(auditLog.action, 'update')));
    expect(entries[0]!.details).toEqual({ changed: ['name', 'email', 'language'] });
  });

  it('lets a parent edit their own contact data but not their Kita or anonymity', async () => {
    const url = `/api/parents/${w.owner.parent.id}`;
    const res = await put(url, w.headers.owner, parentPayload(w.b.kita.id, {
      name: 'Anna Owner', email: w.owner.parent.email, primaryPhoneNumber: '+491705556667', preferredCommunication: 'sms', language: 'en', isAnonymous: true,
    }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kitaId: w.a.kita.id, isAnonymous: false, preferredCommunication: 'sms', primaryPhoneNumber: '+491705556667', language: 'en', user: { isEmailVerified: true } });
  });

  it('follows the role/scope matrix', async () => {
    const url = `/api/parents/${w.owner.parent.id}`;
    const body = parentPayload(w.a.kita.id, { name: 'Anna Owner', email: w.owner.parent.email });
    expect((await put(url, w.headers.other, body)).statusCode).toBe(404);
    expect((await put(url, w.headers.managerB, body)).statusCode).toBe(404);
    expect((await put(url, w.headers.anonymous, body)).statusCode).toBe(401);
    expect((await put(url, w.headers.admin, body)).statusCode).toBe(200);
  });

  it('refuses a taken e-mail, a mismatching body parentId, and a Kita change while children exist', async () => {
    const url = `/api/parents/${w.owner.parent.id}`;
    const taken = await put(url, w.headers.managerA, parentPayload(w.a.kita.id, { name: 'Anna Owner', email: w.other.parent.email }));
    expect(taken.statusCode).toBe(409);
    const mismatch = await put(url, w.headers.admin, { ...parentPayload(w.a.kita.id, { email: w.owner.parent.email }), parentId: w.other.parent.id });
    expect(mismatch.statusCode).toBe(400);
    const move = await put(url, w.headers.admin, parentPayload(w.b.kita.id, { name: 'Anna Owner', email: w.owner.parent.email }));
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('PARENT_HAS_CHILDREN');
    const movedByManager = await put(url, w.headers.managerA, parentPayload(w.b.kita.id, { name: 'Anna Owner', email: w.owner.parent.email }));
    expect(movedByManager.statusCode).toBe(404);
    expect((await put(url, w.headers.admin, parentPayload(w.a.kita.id, { email: '' }))).statusCode).toBe(400);
  });
});

describe('approve and reject', () => {
  async function registered(name: string, extra: Partial<typeof parents.$inferInsert> = {}) {
    const [p] = await t.db
      .insert(parents)
      .values({ kitaId: w.a.kita.id, name, email: `${name.toLowerCase().replace(/\W/g, '')}@test.example`, status: 'registered', isActive: false, ...extra })
      .returning();
    const [u] = await t.db.insert(users).values({ name, role: 'Parent', parentId: p!.id, kitaId: w.a.kita.id, isActive: true }).returning();
    return { parent: p!, user: u! };
  }

  it('approves: status approved, account active, the parent is told once, audited', async () => {
    const { parent } = await registered('Amelie Approve');
    const url = `/api/parents/${parent.id}/approve`;
    const res = await post(url, w.headers.managerA);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ parentId: parent.id, status: 'approved', isActive: true, accountStatus: 'active' });
    expect((await post(url, w.headers.managerA)).statusCode).toBe(200);
    const msgs = await messagesTo(parent.email!);
    expect(msgs.map((m) => m.kind)).toEqual(['registration_approved']);
    expect(msgs[0]!.bodyText).toContain('Kita A');
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, parent.id), eq(auditLog.action, 'approve')));
    expect(entries).toHaveLength(1);
  });

  it('tells an SMS parent with a verified phone by SMS', async () => {
    const { parent } = await registered('Sven Sms', { preferredCommunication: 'sms', primaryPhone: '+491701231231', primaryPhoneVerified: true });
    await post(`/api/parents/${parent.id}/approve`, w.headers.admin);
    const [msg] = await messagesTo('+491701231231');
    expect(msg).toMatchObject({ kind: 'registration_approved', channel: 'sms' });
  });

  it('rejects a registration: status rejected, account inactive, the session stops working', async () => {
    const { parent, user } = await registered('Rolf Reject');
    const own = await authHeader(t.app, user.id);
    expect((await t.app.inject({ url: `/api/parents/${parent.id}`, headers: own })).statusCode).toBe(200);
    const res = await post(`/api/parents/${parent.id}/reject`, w.headers.managerA, { message: 'Kein Platz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', isActive: false, accountStatus: 'inactive' });
    expect((await t.app.inject({ url: `/api/parents/${parent.id}`, headers: own })).statusCode).toBe(401);
    expect((await post(`/api/parents/${parent.id}/reject`, w.headers.managerA)).statusCode).toBe(409);
  });

  it('approves only a registration: a rejected one stays rejected (409), no approval message, no login', async () => {
    const { parent } = await registered('Rita Rejected');
    expect((await post(`/api/parents/${parent.id}/reject`, w.headers.managerA)).statusCode).toBe(200);
    const res = await post(`/api/parents/${parent.id}/approve`, w.headers.managerA);
    expect([res.statusCode, res.json().code]).toEqual([409, 'NOT_REGISTERED']);
    expect((await t.db.select().from(parents).where(eq(parents.id, parent.id)))[0]).toMatchObject({ status: 'rejected', isActive: false });
    // The family was told of the rejection, and of nothing else.
    expect((await messagesTo(parent.email!)).map((m) => m.kind)).toEqual(['registration_declined']);
  });

  it('approve and reject at the same moment: exactly one wins, the other gets 409', async () => {
    for (let i = 0; i < 10; i++) {
      const { parent } = await registered(`Paula Parallel ${'abcdefghij'[i]}`);
      const order = i % 2 === 0 ? (['approve', 'reject'] as const) : (['reject', 'approve'] as const);
      const answers = await Promise.all(order.map((a) => post(`/api/parents/${parent.id}/${a}`, w.headers.managerA)));
      const winners = order.filter((_, j) => answers[j]!.statusCode === 200);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [row] = await t.db.select().from(parents).where(eq(parents.id, parent.id));
      expect(row!.status).toBe(winners[0] === 'approve' ? 'approved' : 'rejected');
      const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, parent.id));
      expect(entries.map((e) => e.action)).toEqual([winners[0]]);
      expect((await messagesTo(parent.email!)).map((m) => m.kind)).toEqual([winners[0] === 'approve' ? 'registration_approved' : 'registration_declined']);
    }
  });

  it('follows the role/scope matrix', async () => {
    const { parent } = await registered('Mona Matrix');
    for (const action of ['approve', 'reject']) {
      const url = `/api/parents/${parent.id}/${action}`;
      expect((await post(url, w.headers.managerB)).statusCode).toBe(404);
      expect((await post(url, w.headers.owner)).statusCode).toBe(403);
      expect((await post(url, w.headers.anonymous)).statusCode).toBe(401);
    }
    expect((await post('/api/parents/0b5f3c1e-0000-4000-8000-000000000000/approve', w.headers.admin)).statusCode).toBe(404);
  });
});

describe('DELETE /api/parents/{id}', () => {
  it('deletes a parent with account and children, audited; scope enforced', async () => {
    const p = (await post('/api/parents', w.headers.managerA, parentPayload(w.a.kita.id, { name: 'Dora Delete' }))).json().data;
    await t.db.insert(children).values({ parentId: p.parentId, groupId: w.a.kgGroup.id, name: 'Kind Delete', dateOfBirth: '2021-01-01' });
    const url = `/api/parents/${p.parentId}`;
    expect((await del(url, w.headers.managerB)).statusCode).toBe(404);
    expect((await del(url, w.headers.owner)).statusCode).toBe(403);
    expect((await del(url, w.headers.anonymous)).statusCode).toBe(401);
    const res = await del(url, w.headers.managerA);
    expect(res.statusCode).toBe(200);
    expect(await parentByEmail(p.email)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.parentId, p.parentId))).toHaveLength(0);
    expect(await t.db.select().from(children).where(eq(children.parentId, p.parentId))).toHaveLength(0);
    const entries = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, p.parentId), eq(auditLog.action, 'delete')));
    expect(entries).toHaveLength(1);
    expect((await del(url, w.headers.managerA)).statusCode).toBe(404);
  });
});
