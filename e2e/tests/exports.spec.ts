import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { hasUtf8Bom, parseCsv } from '@kita/shared/csv-read';
import { apiData, apiRoutes, approvedParent, checkScreenA11y, demoKita, expect, login, test, uniqueEmail } from './support';

/**
 * The spreadsheet exports: the parents list and an inquiry's answer table as CSV, from the
 * buttons on their screens. A name a family typed that a spreadsheet would run as a formula opens
 * as text. The registration form allows a leading hyphen (double names such as "-Anna" typed by
 * mistake), which Excel reads as a formula (`-A1` is minus cell A1); `=HYPERLINK(…)` cannot pass the
 * name rule, so the server tests put it into the database directly.
 */
const EVIL = '-A1 Formel';

/** The file's cells (RFC 4180 with `;` as the German files have it), after the UTF-8 BOM. */
async function csvOf(download: Download): Promise<{ bom: boolean; rows: string[][] }> {
  const raw = readFileSync((await download.path())!);
  return { bom: hasUtf8Bom(raw), rows: parseCsv(raw.subarray(3).toString('utf8'), ';') };
}

test('the parents list downloads as CSV, a formula-like name as text', async ({ page, request }, testInfo) => {
  await approvedParent(request, { name: EVIL, email: uniqueEmail('formel'), password: 'Sonnenblume-11' });
  const { kitaId } = await demoKita(request);
  await login(page, 'manager');
  await page.goto(`/kitas/${kitaId}/p`);
  await expect(page.getByTestId('parents-table')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('parents-csv-button.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('parents-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^Eltern-Kita-Sonnenschein-\d{4}-\d{2}-\d{2}\.csv$/);
  const { bom, rows } = await csvOf(download);
  expect(bom).toBe(true);
  expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Kita', 'E-Mail']);
  const evil = rows.find((r) => r[0]!.includes('A1 Formel'))!;
  expect(evil[0]).toBe(`'${EVIL}`);
  expect(evil[1]).toBe('Kita Sonnenschein');
  await checkScreenA11y(page);
});

test("a finished inquiry's answer table downloads as CSV beside the PDF", async ({ page, request }) => {
  const { kitaId, managerToken } = await demoKita(request);
  const events = await apiData(request, apiRoutes.events.listOfKita, { params: { kitaId }, headers: { authorization: `Bearer ${managerToken}` } });
  const finished = events.find((e) => e.status === 'finished')!;
  await login(page, 'manager');
  await page.goto(`/kitas/${kitaId}/e/${finished.eventId}`);
  await expect(page.getByTestId('event-report-download')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-report-csv').click()]);
  expect(download.suggestedFilename()).toMatch(/^Bedarfsabfrage-Kita-Sonnenschein-\d{4}-\d{2}-\d{2}\.csv$/);
  const { bom, rows } = await csvOf(download);
  expect(bom).toBe(true);
  expect(rows[0]).toEqual(['Gruppe', 'Kind', 'Elternteil', 'Guthaben', 'Antwort', 'Platz', 'Rang', 'Begründung']);
  // The same rows as the report the PDF is drawn from.
  const report = await apiData(request, apiRoutes.results.report, {
    params: { id: finished.eventId },
    headers: { authorization: `Bearer ${managerToken}`, 'accept-language': 'de' },
  });
  expect(rows.slice(1).map((r) => r[1])).toEqual(report.groups.flatMap((g) => g.rows.map((r) => r.childName)));
});
