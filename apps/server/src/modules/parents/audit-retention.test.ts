import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { parentsWorld, parentPayload, type World } from '../../../test/factories-parents.js';
import { auditLog } from '../../db/schema.js';
import { runRetention } from '../../jobs/retention.js';

/**
 * The audit log kept names and rejection texts after a family was deleted, for ever.
 * Now the family's deletion removes them from its rows (and its children's), and every row loses
 * them after RETENTION_AUDIT_DAYS; who did what to which record and when stays.
 */
let t: TestContext;
let w: World;
beforeAll(async () => ({ t, w } = await testAppWith(parentsWorld, { env: { RETENTION_AUDIT_DAYS: '30' } })));
afterAll(async () => t.close());

const DAY = 86_400_000;
const rowsOf = (ids: string[]) => t.db.select().from(auditLog).where(inArray(auditLog.entityId, ids));

describe('personal data in the audit log', () => {
  it('is removed when the family is deleted; the rows stay', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/parents', headers: w.headers.managerA, payload: parentPayload(w.a.kita.id, { name: 'Greta Gelöscht', email: 'greta@familie.test' }) });
    expect(created.statusCode).toBe(201);
    const parentId = created.json().data.parentId as string;
    const child = await t.app.inject({ method: 'POST', url: '/api/children', headers: w.headers.managerA, payload: { childName: 'Gustav Gelöscht', dateOfBirth: '2021-02-03', groupId: w.a.kgGroup.id, parentId } });
    expect(child.statusCode).toBe(201);
    const childId = child.json().data.childId as string;
    await t.app.inject({ method: 'PUT', url: `/api/children/${childId}`, headers: w.headers.managerA, payload: { childName: 'Gustav G.', dateOfBirth: '2021-02-03', groupId: w.a.kgGroup.id, parentId } });
    expect(JSON.stringify(await rowsOf([parentId, childId]))).toContain('Greta Gelöscht');

    expect((await t.app.inject({ method: 'DELETE', url: `/api/parents/${parentId}`, headers: w.headers.managerA })).statusCode).toBe(200);
    const after = await rowsOf([parentId, childId]);
    expect(after.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(after.map((r) => r.details));
    expect(text).not.toMatch(/Greta|Gustav/);
    expect(after.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });

  it('is removed from every row after RETENTION_AUDIT_DAYS', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/parents', headers: w.headers.managerA, payload: parentPayload(w.a.kita.id, { name: 'Olga Alt', email: 'olga@familie.test' }) });
    const parentId = created.json().data.parentId as string;
    const [row] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, parentId));
    expect(row!.details).toMatchObject({ name: 'Olga Alt' });
    t.clock.advance(29 * DAY);
    await runRetention(t.app);
    expect((await t.db.select().from(auditLog).where(eq(auditLog.entityId, parentId)))[0]!.details).toMatchObject({ name: 'Olga Alt' });
    // The audit row's time is the database's; move the app clock past it by the retention period.
    t.clock.set(new Date(row!.createdAt.getTime() + 31 * DAY));
    expect((await runRetention(t.app)).auditScrubbed).toBeGreaterThanOrEqual(1);
    const [later] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, parentId));
    expect(later).toMatchObject({ action: 'create', entity: 'parent' });
    expect(JSON.stringify(later!.details)).not.toContain('Olga');
  });
});
