import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { createChild, createKita, createParent, createStaff, MISSING } from '../../../test/factories.js';
import { auditRows, createEventRow, structureWorld, type StructureWorld } from '../../../test/factories-structure.js';
import { categories, children, events, kitas, parents, users } from '../../db/schema.js';

let t: TestContext;
let w: StructureWorld;
beforeAll(async () => ({ t, w } = await testAppWith(structureWorld)));
afterAll(async () => t.close());

const valid = { kitaName: 'Kita Neu', location: 'Köln', description: 'Am Park' };

describe('GET /api/kitas', () => {
  it('lists every Kita for an Admin, sorted by name', async () => {
    const res = await t.app.inject({ url: '/api/kitas', headers: w.as.admin });
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((k: { kitaName: string }) => k.kitaName);
    expect(names).toEqual(expect.arrayContaining(['Kita Alpha', 'Kita Beta']));
    expect(names).toEqual([...names].sort((x: string, y: string) => x.localeCompare(y)));
    expect(res.json().data[0]).toEqual({ kitaId: expect.any(String), kitaName: expect.any(String), location: 'Berlin', description: 'Test-Kita', timezone: 'Europe/Berlin', remindersEnabled: true, pushMode: 'first', pushEscalationImmediateMinutes: 3, pushEscalationPlannedMinutes: 120 });
  });

  it('shows a manager only their own Kita', async () => {
    const res = await t.app.inject({ url: '/api/kitas', headers: w.as.managerA });
    expect(res.json().data.map((k: { kitaId: string }) => k.kitaId)).toEqual([w.a.kita.id]);
  });

  it('refuses anonymous callers (401) and parents (403)', async () => {
    expect((await t.app.inject({ url: '/api/kitas' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/kitas', headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('GET /api/kitas/:id', () => {
  it('returns categories with groups, registration link, QR code, pending count and managers', async () => {
    await createParent(t.db, w.a.kita.id, { status: 'registered' });
    await createParent(t.db, w.a.kita.id, { status: 'registered' });
    await createParent(t.db, w.b.kita.id, { status: 'registered' });
    const res = await t.app.inject({ url: `/api/kitas/${w.a.kita.id}`, headers: w.as.admin });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ kitaId: w.a.kita.id, kitaName: 'Kita Alpha', location: 'Berlin', description: 'Test-Kita', timezone: 'Europe/Berlin' });
    expect(d.registrationLink).toBe(`http://kita.test/register?kitaId=${w.a.kita.id}`);
    expect(d.registeredParents).toBe(2);
    expect(d.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
    expect(d.managers).toEqual([{ userId: w.managerA.id, name: 'Test Manager', email: w.managerA.email }]);
    expect(d.categories).toEqual([
      { categoryId: w.a.kindergarten.id, categoryName: 'Kindergarten', kitaId: w.a.kita.id, groups: [{ groupId: w.a.kgGroup.id, groupName: 'Bären', categoryId: w.a.kindergarten.id, categoryName: 'Kindergarten' }] },
      { categoryId: w.a.krippe.id, categoryName: 'Krippe', kitaId: w.a.kita.id, groups: [{ groupId: w.a.krGroup.id, groupName: 'Mäuse', categoryId: w.a.krippe.id, categoryName: 'Krippe' }] },
    ]);
  });

  it('lets a manager read their own Kita', async () => {
    const res = await t.app.inject({ url: `/api/kitas/${w.a.kita.id}`, headers: w.as.managerA });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 with the spec text for another Kita and for a missing one', async () => {
    const other = await t.app.inject({ url: `/api/kitas/${w.b.kita.id}`, headers: w.as.managerA });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND', message: `Keine Kita mit der ID ${w.b.kita.id} gefunden` });
    const missing = await t.app.inject({ url: `/api/kitas/${MISSING}`, headers: { ...w.as.admin } });
    expect(missing.statusCode).toBe(404);
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, w.admin.id));
    const en = await t.app.inject({ url: `/api/kitas/${MISSING}`, headers: w.as.admin });
    expect(en.json().message).toBe(`No Kita found with ID ${MISSING}`);
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, w.admin.id));
  });

  it('refuses a malformed id (400), anonymous (401) and a parent (403)', async () => {
    expect((await t.app.inject({ url: '/api/kitas/not-a-uuid', headers: w.as.admin })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/kitas/${w.a.kita.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/kitas/${w.a.kita.id}`, headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('POST /api/kitas', () => {
  it('creates a Kita for an Admin and audits it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.admin, payload: { ...valid, timezone: 'Europe/Vienna' } });
    expect(res.statusCode).toBe(201);
    const k = res.json().data;
    expect(k).toEqual({ kitaId: expect.any(String), kitaName: 'Kita Neu', location: 'Köln', description: 'Am Park', timezone: 'Europe/Vienna', remindersEnabled: true, pushMode: 'first', pushEscalationImmediateMinutes: 3, pushEscalationPlannedMinutes: 120 });
    const audit = await auditRows(t.db, k.kitaId);
    expect(audit).toEqual([expect.objectContaining({ action: 'create', entity: 'kita', actorUserId: w.admin.id, actorRole: 'Admin' })]);
  });

  it('trims the fields, stores an empty description as null and defaults the time zone', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.admin, payload: { kitaName: '  Kita Trim ', location: ' Ulm ', description: '   ' } });
    expect(res.json().data).toMatchObject({ kitaName: 'Kita Trim', location: 'Ulm', description: null, timezone: 'Europe/Berlin' });
  });

  it.each([
    ['kitaName', { ...valid, kitaName: '' }],
    ['kitaName', { location: 'Köln' }],
    ['location', { ...valid, location: '   ' }],
    ['location', { kitaName: 'X' }],
    ['timezone', { ...valid, timezone: 'Mars/Olympus' }],
    ['kitaName', { ...valid, kitaName: 'x'.repeat(201) }],
  ])('rejects an invalid %s with 400 and the field named', async (field, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.admin, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().details.map((d: { path: string }) => d.path)).toContain(field);
  });

  it('refuses managers (403), parents (403) and anonymous callers (401)', async () => {
    const before = (await t.db.select({ n: count() }).from(kitas))[0]!.n;
    expect((await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.managerA, payload: valid })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.parent, payload: valid })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/kitas', payload: valid })).statusCode).toBe(401);
    expect((await t.db.select({ n: count() }).from(kitas))[0]!.n).toBe(before);
  });
});

describe('PUT /api/kitas/:id', () => {
  it('lets an Admin update any Kita and audits it', async () => {
    const { kita } = await createKita(t.db, 'Kita Alt');
    const res = await t.app.inject({ method: 'PUT', url: `/api/kitas/${kita.id}`, headers: w.as.admin, payload: { kitaName: 'Kita Umbenannt', location: 'Potsdam' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ kitaId: kita.id, kitaName: 'Kita Umbenannt', location: 'Potsdam', description: null, timezone: 'Europe/Berlin' });
    expect((await auditRows(t.db, kita.id)).map((r) => r.action)).toEqual(['update']);
  });

  it('turns the reminder off and on per Kita (kept when left out), and refuses a non-boolean', async () => {
    const { kita } = await createKita(t.db, 'Kita Erinnerung');
    const put = (payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/kitas/${kita.id}`, headers: w.as.admin, payload: { kitaName: 'Kita Erinnerung', location: 'Ulm', ...payload } });
    expect((await put({ remindersEnabled: false })).json().data.remindersEnabled).toBe(false);
    expect((await put({})).json().data.remindersEnabled).toBe(false);
    expect((await put({ remindersEnabled: 'ja' })).statusCode).toBe(400);
    expect((await put({ remindersEnabled: true })).json().data.remindersEnabled).toBe(true);
  });

  it('sets push first or push as an extra and the two escalation times; refuses out-of-range minutes in the caller\'s language', async () => {
    const { kita } = await createKita(t.db, 'Kita Push');
    const put = (payload: Record<string, unknown>, lang = 'de') =>
      t.app.inject({ method: 'PUT', url: `/api/kitas/${kita.id}`, headers: { ...w.as.admin, 'accept-language': lang }, payload: { kitaName: 'Kita Push', location: 'Ulm', ...payload } });
    const ok = await put({ pushMode: 'extra', pushEscalationImmediateMinutes: 5, pushEscalationPlannedMinutes: 90 });
    expect(ok.json().data).toMatchObject({ pushMode: 'extra', pushEscalationImmediateMinutes: 5, pushEscalationPlannedMinutes: 90 });
    // Left out: unchanged.
    expect((await put({})).json().data).toMatchObject({ pushMode: 'extra', pushEscalationImmediateMinutes: 5, pushEscalationPlannedMinutes: 90 });
    for (const bad of [{ pushMode: 'sms' }, { pushEscalationImmediateMinutes: 0 }, { pushEscalationImmediateMinutes: 61 }, { pushEscalationImmediateMinutes: 2.5 }, { pushEscalationPlannedMinutes: 4 }, { pushEscalationPlannedMinutes: 1441 }]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const de = await put({ pushEscalationImmediateMinutes: 0 });
    expect(JSON.stringify(de.json())).toContain('Bitte eine ganze Zahl von 1 bis 60 eingeben');
    const en = await put({ pushEscalationPlannedMinutes: 2000 }, 'en');
    expect(JSON.stringify(en.json())).toContain('Please enter a whole number from 5 to 1440');
    // Nothing changed by the refused ones.
    expect((await put({})).json().data).toMatchObject({ pushMode: 'extra', pushEscalationImmediateMinutes: 5, pushEscalationPlannedMinutes: 90 });
  });

  it('lets a manager edit their own Kita but not another (404)', async () => {
    const own = await t.app.inject({ method: 'PUT', url: `/api/kitas/${w.a.kita.id}`, headers: w.as.managerA, payload: { kitaName: 'Kita Alpha', location: 'Berlin-Mitte', description: 'Test-Kita' } });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.location).toBe('Berlin-Mitte');
    await t.app.inject({ method: 'PUT', url: `/api/kitas/${w.a.kita.id}`, headers: w.as.managerA, payload: { kitaName: 'Kita Alpha', location: 'Berlin', description: 'Test-Kita' } });
    const other = await t.app.inject({ method: 'PUT', url: `/api/kitas/${w.b.kita.id}`, headers: w.as.managerA, payload: valid });
    expect(other.statusCode).toBe(404);
    const [b] = await t.db.select().from(kitas).where(eq(kitas.id, w.b.kita.id));
    expect(b!.name).toBe('Kita Beta');
  });

  it('answers 404 for a missing Kita, 400 for invalid input, 401/403 for anonymous and parents', async () => {
    expect((await t.app.inject({ method: 'PUT', url: `/api/kitas/${MISSING}`, headers: w.as.admin, payload: valid })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'PUT', url: `/api/kitas/${w.a.kita.id}`, headers: w.as.admin, payload: { kitaName: '', location: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { path: string }) => d.path).sort()).toEqual(['kitaName', 'location']);
    expect((await t.app.inject({ method: 'PUT', url: `/api/kitas/${w.a.kita.id}`, payload: valid })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/kitas/${w.a.kita.id}`, headers: w.as.parent, payload: valid })).statusCode).toBe(403);
  });
});

describe('DELETE /api/kitas/:id', () => {
  it('deletes a Kita with all its data (children, events, parents, managers) for an Admin', async () => {
    const k = await createKita(t.db, 'Kita Weg');
    const manager = await createStaff(t.db, 'KitaManager', k.kita.id);
    const { parent } = await createParent(t.db, k.kita.id);
    await createChild(t.db, parent.id, k.kgGroup.id);
    await createEventRow(t.db, k.kita.id, k.kindergarten.id, t.clock.now());
    const res = await t.app.inject({ method: 'DELETE', url: `/api/kitas/${k.kita.id}`, headers: w.as.admin });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(kitas).where(eq(kitas.id, k.kita.id))).toEqual([]);
    expect(await t.db.select().from(categories).where(eq(categories.kitaId, k.kita.id))).toEqual([]);
    expect(await t.db.select().from(parents).where(eq(parents.kitaId, k.kita.id))).toEqual([]);
    expect(await t.db.select().from(children).where(eq(children.parentId, parent.id))).toEqual([]);
    expect(await t.db.select().from(events).where(eq(events.kitaId, k.kita.id))).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, manager.id))).toEqual([]);
    expect((await auditRows(t.db, k.kita.id)).map((r) => r.action)).toEqual(['delete']);
  });

  it('forbids a manager to delete their own Kita (403) and hides other Kitas (404)', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/kitas/${w.a.kita.id}`, headers: w.as.managerA })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/kitas/${w.b.kita.id}`, headers: w.as.managerA })).statusCode).toBe(404);
    expect(await t.db.select().from(kitas).where(eq(kitas.id, w.a.kita.id))).toHaveLength(1);
    expect(await t.db.select().from(kitas).where(eq(kitas.id, w.b.kita.id))).toHaveLength(1);
  });

  it('answers 404 for a missing Kita, 401 anonymous and 403 for a parent', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: `/api/kitas/${MISSING}`, headers: w.as.admin })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/kitas/${w.a.kita.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/kitas/${w.a.kita.id}`, headers: w.as.parent })).statusCode).toBe(403);
  });
});

describe('duplicates and drastic deletes', () => {
  it('refuses a second Kita with the same name and place, in any case and spacing', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.admin, payload: { kitaName: 'Kita Doppelt', location: 'Bremen' } });
    expect(first.statusCode).toBe(201);
    const before = (await t.db.select().from(kitas)).length;
    const again = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.admin, payload: { kitaName: ' kita doppelt ', location: 'BREMEN' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'KITA_DUPLICATE', message: 'Es gibt bereits eine Kita „kita doppelt“ in BREMEN.' });
    expect(again.json().details).toEqual([{ path: 'kitaName', message: 'Diese Kita gibt es an diesem Ort schon' }]);
    expect((await t.db.select().from(kitas)).length).toBe(before);
    // The same name in another place is another Kita; renaming onto an existing one is refused too.
    const other = await t.app.inject({ method: 'POST', url: '/api/kitas', headers: w.as.admin, payload: { kitaName: 'Kita Doppelt', location: 'Hamburg' } });
    expect(other.statusCode).toBe(201);
    const rename = await t.app.inject({ method: 'PUT', url: `/api/kitas/${other.json().data.kitaId}`, headers: w.as.admin, payload: { kitaName: 'Kita Doppelt', location: 'Bremen' } });
    expect(rename.statusCode).toBe(409);
    // Saving a Kita unchanged is not a duplicate of itself.
    const same = await t.app.inject({ method: 'PUT', url: `/api/kitas/${other.json().data.kitaId}`, headers: w.as.admin, payload: { kitaName: 'Kita Doppelt', location: 'Hamburg' } });
    expect(same.statusCode).toBe(200);
  });

  it('says what goes with a Kita and needs its name typed when it has finished inquiries', async () => {
    const k = await createKita(t.db, 'Kita Geschichte');
    await createStaff(t.db, 'KitaManager', k.kita.id);
    const { parent } = await createParent(t.db, k.kita.id);
    await createChild(t.db, parent.id, k.kgGroup.id);
    await createChild(t.db, parent.id, k.kgGroup.id);
    const ev = await createEventRow(t.db, k.kita.id, k.kindergarten.id, t.clock.now());
    await createEventRow(t.db, k.kita.id, k.kindergarten.id, t.clock.now());
    await t.db.update(events).set({ status: 'finished' }).where(eq(events.id, ev.id));
    const impact = await t.app.inject({ url: `/api/kitas/${k.kita.id}/delete-impact`, headers: w.as.admin });
    expect(impact.json().data).toEqual({
      kitaId: k.kita.id, kitaName: 'Kita Geschichte', families: 1, children: 2, managers: 1, inquiries: 2, finishedInquiries: 1, confirmNameRequired: true,
    });
    expect((await t.app.inject({ url: `/api/kitas/${k.kita.id}/delete-impact`, headers: w.as.managerA })).statusCode).toBe(404);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/kitas/${k.kita.id}`, headers: w.as.admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('KITA_DELETE_CONFIRM');
    const wrong = await t.app.inject({ method: 'DELETE', url: `/api/kitas/${k.kita.id}?confirmName=Kita`, headers: w.as.admin });
    expect(wrong.statusCode).toBe(409);
    expect(await t.db.select().from(parents).where(eq(parents.kitaId, k.kita.id))).toHaveLength(1);
    const ok = await t.app.inject({ method: 'DELETE', url: `/api/kitas/${k.kita.id}?confirmName=${encodeURIComponent('Kita Geschichte')}`, headers: w.as.admin });
    expect(ok.statusCode).toBe(200);
    expect(await t.db.select().from(kitas).where(eq(kitas.id, k.kita.id))).toEqual([]);
  });
});
