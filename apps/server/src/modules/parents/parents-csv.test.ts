import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { csvRows } from '../../../test/csv.js';
import { parentsWorld, type World } from '../../../test/factories-parents.js';
import { children, parents } from '../../db/schema.js';

let t: TestContext;
let w: World;
const EVIL = '=HYPERLINK("https://evil.example/";"Klick")';
beforeAll(async () => {
  ({ t, w } = await testAppWith(parentsWorld));
  await t.db.update(parents).set({ name: `-${EVIL}` }).where(eq(parents.id, w.other.parent.id));
  await t.db.update(children).set({ name: EVIL }).where(eq(children.id, w.kgChild.id));
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ url, headers: { ...headers, 'accept-language': 'de' } });

describe('GET /api/parents/csv', () => {
  it("gives a manager the own Kita's families with contacts and children, formulas as text", async () => {
    const res = await get('/api/parents/csv', w.headers.managerA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Eltern-Kita-A-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(res.rawPayload, ';');
    expect(rows[0]).toEqual([
      'Name', 'Kita', 'E-Mail', 'Zweite E-Mail', 'Telefon', 'Zweites Telefon', 'Bevorzugte Kommunikation', 'Sprache', 'Guthaben', 'Registrierung', 'Kontostatus', 'Kinder (Gruppe)',
    ]);
    // Kita A only, in the order of the screen's list; nothing of Kita B's family.
    const screen = (await get('/api/parents', w.headers.managerA)).json().data.map((p: { name: string }) => p.name);
    expect(rows.slice(1).map((r) => r[0])).toEqual(screen.map((n: string) => (n.startsWith('-') ? `'${n}` : n)));
    expect(screen.sort()).toEqual(['Anna Owner', `-${EVIL}`].sort());
    expect(res.rawPayload.toString('utf8')).not.toContain('Berta B');
    const [owner] = await t.db.select().from(parents).where(eq(parents.id, w.owner.parent.id));
    const ownerRow = rows.find((r) => r[0] === 'Anna Owner')!;
    expect(ownerRow).toMatchObject({ 1: 'Kita A', 2: owner!.email, 6: 'E-Mail', 7: 'de', 9: 'Freigegeben', 10: 'Aktiv' });
    // The children cell is guarded as a whole when it starts with the child's formula-like name.
    const kg = `${EVIL} (${w.a.kgGroup.name})`;
    const kr = `Ben Owner (${w.a.krGroup.name})`;
    expect([`'${kg}, ${kr}`, `${kr}, ${kg}`]).toContain(ownerRow[11]);
  });

  it('gives an Admin every Kita, or the one named', async () => {
    const all = csvRows((await get('/api/parents/csv', w.headers.admin)).rawPayload, ';');
    expect(all.slice(1).map((r) => r[0]).sort()).toEqual(['Anna Owner', 'Berta B', `'-${EVIL}`].sort());
    const res = await get(`/api/parents/csv?kitaId=${w.b.kita.id}`, w.headers.admin);
    expect(res.headers['content-disposition']).toMatch(/filename="Eltern-Kita-B-/);
    expect(csvRows(res.rawPayload, ';').slice(1).map((r) => r[0])).toEqual(['Berta B']);
  });

  it("refuses parents (403) and another Kita's list for a manager (404)", async () => {
    expect((await get('/api/parents/csv', w.headers.owner)).statusCode).toBe(403);
    expect((await get(`/api/parents/csv?kitaId=${w.a.kita.id}`, w.headers.managerB)).statusCode).toBe(404);
  });
});
