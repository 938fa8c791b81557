import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { NOW } from '../../../test/factories-events.js';
import { ddMMyyyy } from '../../../test/dates.js';
import { closeViaApi, futureEvent, record, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { children, events, parents, users } from '../../db/schema.js';

let t: TestContext;
let w: ResultsWorld;
let eventId: string;
let dir: string;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  dir = mkdtempSync(path.join(tmpdir(), 'kita-report-'));
  eventId = await futureEvent(t, w, 2);
  await record(t, w, eventId, [
    [w.kids.mailKid.id, 'red'],
    [w.kids.mailKid2.id, 'green'],
    [w.kids.smsKid.id, 'yellow'],
    [w.kids.ulla.id, 'red'],
    [w.kids.dani.id, 'red'],
  ]);
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** The PDF's text as poppler's pdftotext extracts it (what a reader copying from the file gets). */
function pdfText(pdf: Buffer, name: string): string {
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

type Row = { childName: string; hasSlot: string | null; rank: number | null; reasonCode: string | null; credit: number; groupName: string };

describe('GET emergency-event/{id}/report', () => {
  it('shows the current state without slots or seed before close', async () => {
    const res = await t.app.inject({ url: `/api/emergency-event/${eventId}/report?kitaId=${w.home.kita.id}`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    const report = res.json().data;
    expect(report.summary).toMatchObject({ status: 'open', seed: null, slotsGiven: 0, childrenCount: 6, counts: { red: 3, yellow: 1, green: 1, blue: 0, unanswered: 1 } });
    const rows: Row[] = report.groups.flatMap((g: { rows: Row[] }) => g.rows);
    expect(rows.every((r) => r.hasSlot === null && r.reasonCode === null)).toBe(true);
  });

  it('has one row per child grouped by group, with slot, rank and reason after close', async () => {
    await closeViaApi(t, w.headers.manager, eventId);
    const [ev] = await t.db.select().from(events).where(eq(events.id, eventId));
    const report = (await t.app.inject({ url: `/api/emergency-event/${eventId}/report`, headers: w.headers.admin })).json().data;
    expect(report.event).toMatchObject({ eventId, kitaName: 'Kita Sonnenschein', eventType: 'future', category: 'Kindergarten', timezone: 'Europe/Berlin' });
    expect(report.summary).toMatchObject({
      status: 'finished',
      seed: ev!.seed,
      seedHash: ev!.seedHash,
      ruleVersion: 2,
      totalSlots: 2,
      slotsGiven: 2,
      overflow: 0,
      waitlistCount: 2,
      childrenCount: 6,
    });
    expect(report.generatedAt).toBe(NOW.toISOString());
    expect(report.groups.map((g: { groupName: string }) => g.groupName)).toEqual(['Bären', 'Füchse']);
    const bears: Row[] = report.groups[0].rows;
    expect(bears.map((r) => r.childName).sort()).toEqual(['Max', 'Mia', 'Noah', 'Paul', 'Ülla Müller']);
    // Ranked children first in order of service, then green and unanswered.
    const ranks = bears.map((r) => r.rank).filter((r): r is number => r !== null);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(bears.slice(-2).map((r) => r.rank)).toEqual([null, null]);
    expect(bears.find((r) => r.childName === 'Paul')).toMatchObject({ hasSlot: 'NEIN', reasonCode: 'unanswered', credit: 0, groupName: 'Bären' });
    expect(bears.find((r) => r.childName === 'Noah')).toMatchObject({ hasSlot: 'NEIN', reasonCode: 'no_slot_capacity', waitlistPosition: 2 });
    const all: Row[] = report.groups.flatMap((g: { rows: Row[] }) => g.rows);
    expect(all.filter((r) => r.hasSlot === 'JA')).toHaveLength(2);
    expect(all.every((r) => typeof (r as Row & { reasonText: string }).reasonText === 'string')).toBe(true);
  });
});

describe('GET emergency-event/{id}/pdf', () => {
  it('is an A4 PDF download in the caller language naming every child, with seed and rule version', async () => {
    const res = await t.app.inject({ url: `/api/emergency-event/${eventId}/pdf`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="event-report.pdf"');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [ev] = await t.db.select().from(events).where(eq(events.id, eventId));
    const text = pdfText(res.rawPayload, 'de');
    for (const name of ['Mia', 'Max', 'Noah', 'Paul', 'Ülla Müller', 'Dani Dreier', 'Carla Müller', 'Anna Mail']) expect(text).toContain(name);
    for (const label of ['Kita Sonnenschein', 'Gruppe Bären', 'Gruppe Füchse', 'Vergebene Plätze', 'Regelversion', 'Begründung', ev!.seed]) {
      expect(text).toContain(label);
    }
    // Dates in the Kita's zone: 11:00 Berlin time.
    expect(text).toContain(`${ddMMyyyy(NOW)} 11:00`);
    // A4 in points.
    expect(res.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
  });

  it('explains the credits by the rule version the event was closed with (2 now, 1 for older events)', async () => {
    const flat = (pdf: Buffer, name: string) => pdfText(pdf, name).replace(/\s+/g, ' ');
    const v2 = flat((await t.app.inject({ url: `/api/emergency-event/${eventId}/pdf`, headers: w.headers.manager })).rawPayload, 'v2');
    expect(v2).toContain('Guthaben (Regel 2): +1, wenn ein rotes Kind keinen Platz bekam');
    expect(v2).not.toContain('Regel 1');
    await t.db.update(events).set({ ruleVersion: 1 }).where(eq(events.id, eventId));
    try {
      const v1 = flat((await t.app.inject({ url: `/api/emergency-event/${eventId}/pdf`, headers: w.headers.manager })).rawPayload, 'v1');
      expect(v1).toContain('Guthaben (Regel 1): +1 für Grün und für Rot oder Gelb ohne Platz, -1 für jeden Platz.');
    } finally {
      await t.db.update(events).set({ ruleVersion: 2 }).where(eq(events.id, eventId));
    }
  });

  it('speaks English to an English-speaking user', async () => {
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, w.admin.id));
    const res = await t.app.inject({ url: `/api/emergency-event/${eventId}/pdf`, headers: w.headers.admin });
    const text = pdfText(res.rawPayload, 'en');
    for (const label of ['Demand inquiry report', 'Group Bären', 'Places given', 'Rule version', 'Reason']) expect(text).toContain(label);
    expect(text).toContain('Ülla Müller');
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, w.admin.id));
  });

  it('breaks long tables over pages and repeats the table header', async () => {
    // 70 more families in the Bären group (anonymous: no messages needed).
    const extra = await t.db
      .insert(parents)
      .values(Array.from({ length: 70 }, (_, i) => ({ kitaId: w.home.kita.id, name: `Familie Böhm ${i}`, isAnonymous: true, status: 'approved' })))
      .returning({ id: parents.id });
    await t.db.insert(children).values(extra.map((p, i) => ({ parentId: p.id, groupId: w.home.kgGroup.id, name: `Jörg Böhm ${i}`, dateOfBirth: '2025-01-01' })));
    const big = await futureEvent(t, w, 10);
    await closeViaApi(t, w.headers.manager, big);
    const res = await t.app.inject({ url: `/api/emergency-event/${big}/pdf`, headers: w.headers.manager });
    const text = pdfText(res.rawPayload, 'big');
    if (process.env.KEEP_PDF) writeFileSync(process.env.KEEP_PDF, res.rawPayload);
    const pages = text.split('\f').filter((p) => p.trim().length > 0);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const page of pages.slice(0, -1)) expect(page).toContain('Begründung');
    // The group heading is repeated on each continuation page.
    for (const page of pages.slice(1, -1)) expect(page).toContain('Gruppe Bären (Fortsetzung)');
    expect(pages[0]).not.toContain('(Fortsetzung)');
    for (const i of [0, 35, 69]) expect(text).toContain(`Jörg Böhm ${i}`);
    expect(text).toContain(`Seite 1/${pages.length}`);
  });

  it('is tagged for screen readers: language, structure tree in reading order, table headers marked', async () => {
    // The families of the previous test are still there: this report runs over several pages.
    const ev = await futureEvent(t, w, 10);
    await closeViaApi(t, w.headers.manager, ev);
    const res = await t.app.inject({ url: `/api/emergency-event/${ev}/pdf`, headers: { ...w.headers.manager, 'accept-language': 'de' } });
    const file = path.join(dir, 'tagged.pdf');
    writeFileSync(file, res.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Tagged:\s+yes$/m);
    expect(res.rawPayload.toString('latin1')).toContain('/Lang (de-DE)');
    const tree = execFileSync('pdfinfo', ['-struct-text', file], { encoding: 'utf8' });
    const lines = tree.split('\n');
    // Document > H1, the facts as paragraphs, then one table with its header row in THead.
    expect(lines.slice(0, 3).map((l) => l.trim())).toEqual(['Document', 'H1 (block)', '"Bericht zur Bedarfsabfrage"']);
    expect(tree).toMatch(/Table \(block\)\n\s+THead\n\s+TR\n\s+TH:\n\s+\/Scope \/Column\n\s+"Kind"/);
    const report = (await t.app.inject({ url: `/api/emergency-event/${ev}/report`, headers: w.headers.manager })).json().data;
    const rows: Array<{ childName: string }> = report.groups.flatMap((g: { rows: Array<{ childName: string }> }) => g.rows);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/^Pages:\s+[2-9]/m);
    // Each column header once (the copies after a page break are artifacts), one TH per group,
    // one row per child, seven cells each; the repeated headings and page numbers are not read.
    expect(tree.match(/\/Scope \/Column/g)).toHaveLength(7);
    expect(tree.match(/\/Scope \/Row/g)).toHaveLength(report.groups.length);
    expect(tree.match(/^\s+TR$/gm)).toHaveLength(1 + report.groups.length + rows.length);
    expect(tree.match(/^\s+TD$/gm)).toHaveLength(7 * rows.length);
    expect(tree).not.toContain('Fortsetzung');
    expect(tree).not.toMatch(/Seite \d/);
    // Reading order: the children in the order of the report (group by group, by rank).
    const names = [...tree.matchAll(/^\s+TD\n\s+"([^"]*)"/gm)].map((m) => m[1]).filter((_, i) => i % 7 === 0);
    expect(names).toEqual(rows.map((r) => r.childName));
    expect(tree.indexOf('"Seed:"')).toBeGreaterThan(tree.indexOf('TBody'));
  });
});

describe('names in every script', () => {
  it('prints Turkish, Polish, Croatian, Vietnamese, Greek and Cyrillic names as entered', async () => {
    const names: Array<[string, string]> = [
      ['Ayşe Çelik', 'Ağrı Öztürk'],
      ['Łukasz Dragović', 'Świętosław Żółć'],
      ['Đurđica Šimić', 'Željko Ćosić'],
      ['Nguyễn Thị Hương', 'Trần Minh Châu'],
      ['Γιώργος Παπαδόπουλος', 'Ελένη Κωνσταντινίδου'],
      ['Олександр Шевченко', 'Анастасія Ковальчук'],
    ];
    const families = await t.db
      .insert(parents)
      .values(names.map(([parentName]) => ({ kitaId: w.home.kita.id, name: parentName, isAnonymous: true, status: 'approved' })))
      .returning({ id: parents.id });
    await t.db.insert(children).values(families.map((p, i) => ({ parentId: p.id, groupId: w.home.kgGroup.id, name: names[i]![1], dateOfBirth: '2025-01-01' })));
    const ev = await futureEvent(t, w, 3);
    await closeViaApi(t, w.headers.manager, ev);
    const res = await t.app.inject({ url: `/api/emergency-event/${ev}/pdf`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    // pdftotext without -layout keeps each cell's text whole.
    const file = path.join(dir, 'scripts.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).normalize('NFC').replace(/\s+/g, ' ');
    for (const [parentName, childName] of names) {
      expect(text).toContain(parentName);
      expect(text).toContain(childName);
    }
    // The font is embedded (as a subset), not the standard Helvetica.
    const raw = res.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSansCondensed/);
    expect(raw).not.toContain('/Helvetica');
  });

  it('keeps the space between first and family name of Arabic names, in reading order', async () => {
    const names: Array<[string, string]> = [
      ['ليلى الأحمد', 'يوسف حسن'],
      ['عبد الرحمن بن محمد', 'مريم سعيد'],
    ];
    const families = await t.db
      .insert(parents)
      .values(names.map(([parentName]) => ({ kitaId: w.home.kita.id, name: parentName, isAnonymous: true, status: 'approved' })))
      .returning({ id: parents.id });
    await t.db.insert(children).values(families.map((p, i) => ({ parentId: p.id, groupId: w.home.kgGroup.id, name: names[i]![1], dateOfBirth: '2025-01-01' })));
    const ev = await futureEvent(t, w, 3);
    await closeViaApi(t, w.headers.manager, ev);
    const res = await t.app.inject({ url: `/api/emergency-event/${ev}/pdf`, headers: w.headers.manager });
    expect(res.statusCode).toBe(200);
    const file = path.join(dir, 'arabic.pdf');
    writeFileSync(file, res.rawPayload);
    // pdftotext turns right-to-left lines into logical order (what a reader copying gets).
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).normalize('NFC').replace(/[\u202a-\u202e]/g, '').replace(/\s+/g, ' ');
    expect(text).toContain('يوسف حسن');
    expect(text).toContain('مريم سعيد');
    // A name wrapped in its narrow column keeps its words in order.
    expect(text).toMatch(/عبد الرحمن بن محمد/);
    // First name, space, family name. (poppler gives the lam-alef ligature of "الأحمد" back as
    // "األ", its letters turned around, so the family name is matched from its second letter on.)
    expect(text).toMatch(/ليلى ا\S*حمد/);
    expect(text).not.toMatch(/حمد\s?ليلى/);
  });
});
