import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { NOW, eventWorld, type EventWorld } from '../../../test/factories-events.js';
import { csvCell, toCsv } from './csv.js';

let t: TestContext;
let w: EventWorld;
beforeAll(async () => {
  ({ t, w } = await testAppWith(eventWorld, { now: NOW }));
}, 60_000);
afterAll(async () => t.close());

const page = (headers: Record<string, string>, query = '') => t.app.inject({ url: `/api/audit-log${query}`, headers });

describe('GET /audit-log', () => {
  it('shows a write just made, with who, what, which record and when', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.headers.manager, payload: { categoryId: w.home.kindergarten.id, groupName: 'Igel' } });
    expect(res.statusCode).toBe(201);
    const groupId = res.json().data.groupId ?? res.json().data.id;
    const got = await page(w.headers.manager, `?entity=group&entityId=${groupId}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data.entries).toEqual([
      expect.objectContaining({ action: 'create', entity: 'group', entityId: groupId, actorUserId: w.manager.id, actorName: w.manager.name, actorRole: 'KitaManager', kitaName: 'Kita Sonnenschein', details: expect.objectContaining({ groupName: 'Igel' }) }),
    ]);
  });

  it('shows a manager nothing outside their Kita, and the Admin everything', async () => {
    // A write in each Kita.
    for (const [h, cat] of [[w.headers.manager, w.home.kindergarten.id], [w.headers.otherManager, w.away.kindergarten.id]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/groups', headers: h, payload: { categoryId: cat, groupName: `Gruppe ${cat.slice(0, 4)}` } });
      expect(res.statusCode).toBe(201);
    }
    const home = (await page(w.headers.manager, '?limit=200')).json().data.entries as Array<{ kitaId: string | null }>;
    const away = (await page(w.headers.otherManager, '?limit=200')).json().data.entries as Array<{ kitaId: string | null }>;
    const all = (await page(w.headers.admin, '?limit=200')).json().data.entries as Array<{ kitaId: string | null }>;
    expect(home.length).toBeGreaterThan(0);
    expect(home.every((e) => e.kitaId === w.home.kita.id)).toBe(true);
    expect(away.every((e) => e.kitaId === w.away.kita.id)).toBe(true);
    expect(all.length).toBe(home.length + away.length + all.filter((e) => e.kitaId !== w.home.kita.id && e.kitaId !== w.away.kita.id).length);
    // Another Kita named explicitly: as if it did not exist.
    expect((await page(w.headers.otherManager, `?kitaId=${w.home.kita.id}`)).statusCode).toBe(404);
    // Parents and link holders have no audit viewer.
    expect((await page(w.headers.mail)).statusCode).toBe(403);
    expect((await page({})).statusCode).toBe(401);
  });

  it('filters by person and time and pages newest first', async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/groups', headers: w.headers.admin, payload: { categoryId: w.home.kindergarten.id, groupName: `Admin ${i}` } });
    }
    const byAdmin = (await page(w.headers.manager, `?actorUserId=${w.admin.id}&limit=200`)).json().data.entries as Array<{ actorUserId: string; id: number }>;
    expect(byAdmin.length).toBe(5);
    expect(byAdmin.every((e) => e.actorUserId === w.admin.id)).toBe(true);
    const first = (await page(w.headers.manager, `?actorUserId=${w.admin.id}&limit=2`)).json().data;
    expect(first.entries.map((e: { id: number }) => e.id)).toEqual(byAdmin.slice(0, 2).map((e) => e.id));
    const second = (await page(w.headers.manager, `?actorUserId=${w.admin.id}&limit=2&before=${first.nextBefore}`)).json().data;
    expect(second.entries.map((e: { id: number }) => e.id)).toEqual(byAdmin.slice(2, 4).map((e) => e.id));
    const last = (await page(w.headers.manager, `?actorUserId=${w.admin.id}&limit=2&before=${second.nextBefore}`)).json().data;
    expect(last).toMatchObject({ nextBefore: null });
    expect(last.entries).toHaveLength(1);
    // Time: rows stamped a day ago are outside "from one hour ago".
    await t.db.execute(sql`update audit_log set created_at = created_at - interval '1 day' where id = ${byAdmin[4]!.id}`);
    const recent = new Date(Date.parse((await page(w.headers.manager, '?limit=1')).json().data.entries[0].createdAt) - 3600_000).toISOString();
    const inHour = (await page(w.headers.manager, `?actorUserId=${w.admin.id}&from=${encodeURIComponent(recent)}`)).json().data.entries;
    expect(inHour.map((e: { id: number }) => e.id)).toEqual(byAdmin.slice(0, 4).map((e) => e.id));
    expect((await page(w.headers.manager, '?from=yesterday')).statusCode).toBe(400);
  });

  it('lists the people who acted in the caller\'s Kita', async () => {
    const actors = (await t.app.inject({ url: '/api/audit-log/actors', headers: w.headers.manager })).json().data as Array<{ userId: string }>;
    expect(actors.map((a) => a.userId).sort()).toEqual([w.admin.id, w.manager.id].sort());
    const away = (await t.app.inject({ url: '/api/audit-log/actors', headers: w.headers.otherManager })).json().data as Array<{ userId: string }>;
    expect(away.map((a) => a.userId)).toEqual([w.otherManager.id]);
  });
});

describe('GET /audit-log/csv', () => {
  it('downloads the filter as UTF-8 CSV with BOM, a formula in a name as text, and records the download', async () => {
    // Names typed in the app cannot start with "=", but a name from elsewhere (an import, the
    // admin command) could: the acting person's name is such a cell.
    await t.db.execute(sql`update users set name = '=HYPERLINK("http://evil.example","Bären")' where id = ${w.manager.id}`);
    const csv = await t.app.inject({ url: '/api/audit-log/csv?entity=group', headers: { ...w.headers.manager, 'accept-language': 'de' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('"Zeit";"Person";"Rolle";"Aktion";"Art";"Datensatz";"Kita";"Details"');
    expect(lines.some((l) => l.includes('"angelegt";"Gruppe"'))).toBe(true);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"",""Bären"")"`);
    expect(csv.body).not.toMatch(/(^|;)"=/m);
    const after = (await page(w.headers.manager, '?action=audit_export')).json().data.entries;
    expect(after[0]).toMatchObject({ action: 'audit_export', entity: 'audit_log', actorUserId: w.manager.id, kitaId: w.home.kita.id });
  });

  it('guards every cell a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    for (const s of ['+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(s).startsWith('"\'')).toBe(true);
    expect(csvCell('Müller; "Anna"')).toBe('"Müller; ""Anna"""');
    expect(toCsv(['a'], [['=1']])).toBe('\uFEFF"a"\r\n"\'=1"\r\n');
  });
});
