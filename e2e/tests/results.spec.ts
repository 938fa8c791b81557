import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { DataOf, DefinitionOf } from '@kita/shared/api';
import ICAL from 'ical.js';
import {
  apiData,
  apiLogin,
  apiRoutes,
  apiSend,
  BERLIN,
  berlinDay,
  clickMailboxLink,
  DEMO_PARENT,
  expect,
  expectNoA11yViolations,
  expectToast,
  login,
  newestMessage,
  pickDay,
  test,
} from './support';

/**
 * Results of an inquiry in the browser, on the demo data: the manager creates a future
 * inquiry for the Krippe with two places, the demo parent answers red through the link in the
 * dev mailbox, the manager records yellow for three other families, closes the inquiry, and the
 * result goes out; the parent sees it in the history and releases the place, which moves to the
 * first family on the waitlist; the credits histogram marks the parent's range; the PDF report
 * names the children. Before giving the place back the parent adds it to the calendar from the
 * history: the .ics file parses, and the same link answers the cancelled version afterwards.
 */

/** The VEVENTs of a calendar file as summary, status, sequence, UID and the first care day's start. */
function calendarEvents(body: string) {
  const cal = new ICAL.Component(ICAL.parse(body));
  const zone = cal.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return { summary: e.summary, status: v.getFirstPropertyValue('status'), sequence: e.sequence, uid: e.uid, start: e.startDate.toJSDate(), tzid: e.startDate.zone?.tzid };
  });
}

const KIDS = 'Paul Schneider'; // the demo parent's Krippe child

/** A child's row of the event page (the typed answer of GET emergency-event/{id}). */
type Row = DataOf<DefinitionOf<typeof apiRoutes.events.get>>['children'][number];

async function eventRows(request: APIRequestContext, eventId: string): Promise<Row[]> {
  const { headers, kitaId } = await apiLogin(request, 'manager');
  return (await apiData(request, apiRoutes.events.get, { params: { id: eventId }, query: { kitaId }, headers })).children;
}

/** A fresh browser session for the parent, apart from the manager's. */
async function parentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: BERLIN });
  return context.newPage();
}

test('a future inquiry from creation through answers, closing, release and report', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  // Retries and repeats share the worker's server and its data: each attempt takes care days of
  // its own (no overlap with an earlier attempt's Krippe inquiry, which would ask to confirm a
  // second one) and finds its own inquiry in the mailbox and the history by those days.
  const attempt = test.info().repeatEachIndex * (test.info().project.retries + 1) + test.info().retry;
  const firstDay = berlinDay(1 + 3 * attempt);
  const firstDayText = `${String(firstDay.d).padStart(2, '0')}.${String(firstDay.m + 1).padStart(2, '0')}.`;
  const marker = `E2E Ergebnis ${Date.now().toString(36)}`;

  // 1. The manager creates a future Krippe inquiry with two places: care from midnight tomorrow
  //    (v2: the first care day), sent now, answers until the default deadline.
  await login(page, 'manager');
  await page.waitForURL(/\/kitas\/[0-9a-f-]{36}\/d/);
  const kitaId = /\/kitas\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
  await page.goto(`/kitas/${kitaId}/e`);
  await page.getByTestId('event-add').click();
  await page.getByTestId('categoryId').click();
  await page.getByRole('option', { name: 'Krippe' }).click();
  await pickDay(page, 'eventDay', firstDay);
  // The German UI has a 24-hour clock: midnight is hour 00, no AM/PM.
  await page.getByTestId('eventTime-hour').click();
  await page.getByRole('option', { name: '00', exact: true }).click();
  await expect(page.getByTestId('eventTime-period')).toHaveCount(0);
  // Care that one day (the end's day is a care day; the end defaults to 17:00).
  await pickDay(page, 'expireDay', firstDay);
  await page.getByTestId('totalSlotsKrippe').fill('2');
  await page.getByTestId('description').fill(marker);
  await page.getByTestId('event-form-submit').click();
  await page.waitForURL(/\/e\/[0-9a-f-]{36}$/);
  const eventId = /\/e\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByTestId('event-summary').getByTestId('event-status-open')).toBeVisible();
  await expect(page.getByTestId('event-close')).toHaveText('Abfrage jetzt abschließen');

  // 2. The demo parent answers red for Paul through the link of the inquiry SMS.
  const parent = await parentPage(browser);
  await clickMailboxLink(parent, DEMO_PARENT.phone, 'inquiry');
  await expect(parent.getByTestId('preference-event-description')).toHaveText(marker);
  const paul = parent.getByTestId('preference-child').filter({ hasText: KIDS });
  await paul.getByTestId('preference-option-red').click();
  await expect(paul.getByTestId('preference-chosen-red')).toBeVisible();

  // 3. The manager records yellow for three children of three other families (a waitlist forms).
  const rows = await eventRows(request, eventId);
  const paulRow = rows.find((r) => r.childName === KIDS)!;
  const others: Row[] = [];
  for (const r of rows) {
    if (r.parentId !== paulRow.parentId && !others.some((o) => o.parentId === r.parentId)) others.push(r);
    if (others.length === 3) break;
  }
  expect(others).toHaveLength(3);

  // An open row menu survives the page's live refresh (the refresh re-rendered the table
  // and closed the menu under the manager's pointer). Another answer arrives while it is open.
  const firstRow = page.getByTestId('responses-table-row').filter({ hasText: others[0]!.childName });
  await firstRow.getByTestId('row-actions').click();
  await expect(page.getByTestId('row-action-record')).toBeVisible();
  const { headers: managerHeaders } = await apiLogin(request, 'manager');
  await apiData(request, apiRoutes.preferences.staffAnswer, {
    params: { id: eventId },
    headers: managerHeaders,
    body: { preferences: [{ childId: others[1]!.childId, preferenceType: 'yellow' }] },
  });
  // The refresh has rendered the new answer; the menu is still open.
  await expect(page.getByTestId('responses-table-row').filter({ hasText: others[1]!.childName }).getByTestId('preference-yellow')).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByTestId('row-action-record')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('row-action-record')).toBeHidden();

  for (const child of others) {
    const row = page.getByTestId('responses-table-row').filter({ hasText: child.childName });
    await row.getByTestId('row-actions').click();
    await page.getByTestId('row-action-record').click();
    await page.getByTestId('record-yellow').click();
    await expect(page.getByTestId('record-answer-dialog')).toBeHidden();
    await expect(row.getByTestId('preference-yellow')).toBeVisible();
  }
  await expect(page.getByTestId('responses-table-row').filter({ hasText: KIDS }).getByTestId('preference-red')).toBeVisible();
  await expectNoA11yViolations(page);

  // 4. The manager closes the inquiry after confirming.
  await page.getByTestId('event-close').click();
  await expect(page.getByTestId('confirm-delete-dialog')).toContainText('Bedarfsabfrage abschließen?');
  await page.getByTestId('confirm-delete-confirm').click();
  await expectToast(page, 'Bedarfsabfrage abgeschlossen');
  // axe below must not measure the page through the closing dialog's fading overlay.
  await expect(page.getByTestId('confirm-delete-dialog')).toBeHidden();
  await expect(page.getByTestId('event-summary').getByTestId('event-status-finished')).toHaveText('Abgeschlossen');
  await expect(page.getByTestId('event-close')).toBeHidden();
  await expect(page.getByTestId('event-home-care')).toBeHidden();
  const result = page.getByTestId('event-result');
  await expect(result.getByTestId('result-slots-given')).toHaveText('2');
  await expect(result.getByTestId('result-waitlist')).toHaveText('2');
  await expect(result.getByTestId('result-seed')).toHaveText(/^[0-9a-f]{16,}$/);
  await expect(result.getByTestId('result-seed-hash')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(result.getByTestId('result-rule-version')).toHaveText(/^\d+$/);
  const paulOnEvent = page.getByTestId('responses-table-row').filter({ hasText: KIDS });
  await expect(paulOnEvent.getByTestId('slot-JA')).toHaveText('Ja');
  await expect(paulOnEvent.getByTestId('outcome-rank')).toHaveText('Rang 1');
  await expect(paulOnEvent.getByTestId('outcome-reason')).toContainText('Rot');
  await expectNoA11yViolations(page);

  const closed = await eventRows(request, eventId);
  const waiting = closed.filter((r) => r.hasSlot === 'NEIN' && r.waitlistPosition !== null).sort((a, b) => a.waitlistPosition! - b.waitlistPosition!);
  expect(waiting).toHaveLength(2);
  const next = waiting[0]!;
  const nextOnEvent = page.getByTestId('responses-table-row').filter({ hasText: next.childName });
  await expect(nextOnEvent.getByTestId('slot-NEIN')).toHaveText('Nein');
  await expect(nextOnEvent.getByTestId('outcome-reason')).toContainText('Warteliste Platz 1');

  // 5. The result reaches the demo parent (SMS in the dev mailbox).
  const resultsSms = await newestMessage(parent, DEMO_PARENT.phone, 'results');
  await expect(resultsSms).toContainText(firstDayText);
  await expect(resultsSms).toContainText(`${KIDS}: Platz erhalten`);
  // With a place, the SMS ends with the family's calendar link.
  await expect(resultsSms).toContainText(/Kalender: http\S+\/api\/c\/[A-Za-z0-9_-]{44}/);

  // 6. The parent's history shows the answer and the place, and the parent releases it.
  await login(parent, 'parent');
  await parent.getByRole('link', { name: 'Abfragen & Verlauf' }).click();
  await expect(parent).toHaveURL(new RegExp(`/parents/${paulRow.parentId}/history$`));
  const card = parent.getByTestId('history-child').filter({ has: parent.getByTestId('history-child-title').getByText(`${KIDS} - Krippe`) });
  await expect(card.getByTestId('history-child-kita')).toHaveText('Kita Sonnenschein');
  const newest = card
    .getByTestId('history-table-row')
    .filter({ has: parent.getByTestId('release-slot') })
    .filter({ has: parent.getByTestId('history-date').getByText(firstDayText) });
  await expect(newest).toHaveCount(1);
  await expect(newest.getByTestId('history-preference-needed')).toHaveText('Benötigt');
  await expect(newest.getByTestId('slot-JA')).toBeVisible();
  await expect(newest).toContainText('Geplant');
  // v2: the history names the care day (not the closing time).
  await expect(newest.getByTestId('history-date')).toHaveText(/^am (Mo|Di|Mi|Do|Fr|Sa|So), \d{2}\.\d{2}\.$/);
  await expectNoA11yViolations(parent);
  // 6a. "In den Kalender" saves the place as an .ics file: Paul's care day in the Kita's zone.
  const addToCalendar = newest.getByTestId('add-to-calendar');
  await expect(addToCalendar).toHaveText('In den Kalender');
  const calendarHref = (await addToCalendar.getAttribute('href'))!;
  const [ics] = await Promise.all([parent.waitForEvent('download'), addToCalendar.click()]);
  expect(ics.suggestedFilename()).toMatch(/\.ics$/);
  const granted = calendarEvents(readFileSync((await ics.path())!, 'utf8'));
  expect(granted).toHaveLength(1);
  expect(granted[0]).toMatchObject({ summary: `Notbetreuung ${KIDS} – Kita Sonnenschein`, status: 'CONFIRMED', sequence: 0, tzid: BERLIN });
  const startDay = new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN }).format(granted[0]!.start);
  expect(startDay).toBe(`${firstDay.y}-${String(firstDay.m + 1).padStart(2, '0')}-${String(firstDay.d).padStart(2, '0')}`);
  await newest.getByTestId('release-slot').click();
  await expect(parent.getByTestId('confirm-delete-dialog')).toContainText('Platz freigeben?');
  await parent.getByTestId('confirm-delete-confirm').click();
  await expectToast(parent, 'Platz freigegeben');
  await expect(parent.getByTestId('confirm-delete-dialog')).toBeHidden();
  await expect(newest).toHaveCount(0);
  // The row now says the place was given back, not a plain "Nein".
  await expect(card.getByTestId('slot-released').first()).toHaveText('Zurückgegeben');
  // The same calendar link (no login needed) now answers the cancelled event with the same UID.
  const cancelled = calendarEvents(await (await apiSend(request, apiRoutes.results.calendarLink, { params: { key: calendarHref.split('/').pop()! } })).text());
  expect(cancelled).toMatchObject([{ uid: granted[0]!.uid, status: 'CANCELLED', sequence: 1 }]);

  // 7. The place moved to the first family on the waitlist: the event page shows the child with JA.
  await page.reload();
  await expect(nextOnEvent.getByTestId('slot-JA')).toHaveText('Ja');
  await expect(nextOnEvent.getByTestId('outcome-reason')).toContainText('nachgerückt');
  await expect(paulOnEvent.getByTestId('slot-NEIN')).toBeVisible();
  await expect(paulOnEvent.getByTestId('release-slot')).toHaveCount(0);

  // The manager can release a slot from the event page too; the toast names who moved up.
  const last = waiting[1]!;
  await nextOnEvent.getByTestId('release-slot').click();
  await expect(page.getByTestId('confirm-delete-dialog')).toContainText(next.childName);
  await page.getByTestId('confirm-delete-confirm').click();
  await expectToast(page, `${last.childName} rückt von der Warteliste nach.`);
  await expect(page.getByTestId('confirm-delete-dialog')).toBeHidden();
  const lastOnEvent = page.getByTestId('responses-table-row').filter({ hasText: last.childName });
  await expect(lastOnEvent.getByTestId('slot-JA')).toBeVisible();
  await expect(nextOnEvent.getByTestId('slot-NEIN')).toBeVisible();
  await expect(page.getByTestId('event-result').getByTestId('result-waitlist')).toHaveText('0');

  // 8. The histogram on the parent's own page marks the parent's range orange.
  await parent.getByRole('link', { name: 'Mein Profil' }).click();
  const histogram = parent.getByTestId('credits-histogram');
  await expect(histogram.getByTestId('histogram-chart')).toHaveAttribute('aria-label', /Ihr Bereich: /);
  await expect(histogram.locator('path[fill="#f97316"]')).toHaveCount(1);
  expect(await histogram.locator('path[fill="#1e3a8a"]').count()).toBeGreaterThan(0);
  // The tooltip names the range and how many families are in it (a plural of the catalogue).
  await histogram.locator('path[fill="#f97316"]').hover();
  await expect(parent.getByTestId('histogram-tooltip')).toContainText(/Guthaben .+(1 Familie|\d+ Familien)\s*Ihr Bereich/);
  await expectNoA11yViolations(parent);
  await parent.context().close();

  // 9. The PDF report downloads as event-report.pdf and names the children.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('event-report-download').click()]);
  expect(download.suggestedFilename()).toBe('event-report.pdf');
  const file = test.info().outputPath('event-report.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(KIDS);
  expect(text).toContain(next.childName);
  expect(text).toContain(last.childName);
  expect(text).toContain('Kita Sonnenschein');
});

test('staff reset a family\'s credits after confirming; the histogram follows', async ({ page, request }) => {
  const { headers, kitaId } = await apiLogin(request, 'manager');
  const parents = await apiData(request, apiRoutes.parents.listOfKita, { params: { kitaId }, headers });
  const family = parents.find((p) => p.credits !== 0 && p.name !== 'Julia Schneider');
  expect(family, 'a family with credits in the demo season').toBeTruthy();

  await login(page, 'manager');
  await page.goto(`/kitas/${kitaId}/p/${family!.parentId}`);
  await expect(page.getByTestId('credits-histogram').getByTestId('histogram-chart')).toBeVisible();
  await page.getByTestId('reset-credits').click();
  await expect(page.getByTestId('confirm-delete-dialog')).toContainText(family!.name);
  await page.getByTestId('confirm-delete-confirm').click();
  await expectToast(page, 'Das Guthaben wurde zurückgesetzt.');
  await expect(page.getByTestId('info-credits')).toHaveText(/^Guthaben\s*0\s*Guthaben zurücksetzen$/);
  const distribution = await apiData(request, apiRoutes.results.creditsDistribution, { params: { id: family!.parentId }, headers });
  await expect(page.getByTestId('histogram-chart')).toHaveAttribute('data-yours', distribution.yourParentName);
});
