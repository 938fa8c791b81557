import type { Browser, Page } from '@playwright/test';
import { apiData, apiLogin, apiRoutes, apiSend, BERLIN, berlinDay, expect, expectNoA11yViolations, expectToast, login, test } from './support';

/**
 * Verified priority in the browser, on the demo data: the manager confirms the demo family for
 * the Kita's first priority group on its parent page, an inquiry for the Krippe with one place
 * closes with the family and another one answering red, and the event page serves the confirmed
 * child first and explains it as "Vorrang (bestätigt)" without naming the group; the family sees
 * on its own page that it is confirmed and until when, never the group.
 */

const KID = 'Paul Schneider'; // the demo parent's Krippe child

async function parentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'de-DE', timezoneId: BERLIN });
  return context.newPage();
}

const iso = (day: { y: number; m: number; d: number }) => `${day.y}-${String(day.m + 1).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
const german = (day: { y: number; m: number; d: number }) => `${String(day.d).padStart(2, '0')}.${String(day.m + 1).padStart(2, '0')}.${day.y}`;

test('a manager confirms a family, and the closed inquiry serves and explains it without naming the group', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const manager = await apiLogin(request, 'manager');
  const parent = await apiLogin(request, 'parent');
  const parentId = parent.user.parentId!;
  const kitaId = manager.kitaId;
  const groups = await apiData(request, apiRoutes.priority.groups, { params: { kitaId }, headers: manager.headers });
  const first = groups[0]!;
  const until = berlinDay(30);
  // A retry finds the family confirmed from the attempt before: start from no confirmation.
  await apiSend(request, apiRoutes.priority.end, { params: { parentId }, headers: manager.headers });

  try {
    // 1. The manager confirms the family on its page.
    await login(page, 'manager');
    await page.goto(`/kitas/${kitaId}/p/${parentId}`);
    const card = page.getByTestId('priority-card');
    await expect(card.getByTestId('priority-none')).toBeVisible();
    await card.getByTestId('priority-confirm').click();
    const dialog = page.getByTestId('priority-form');
    await expect(dialog.getByTestId('priority-group')).toContainText(first.name);
    await dialog.getByTestId('priority-valid-until').fill(iso(until));
    await dialog.getByTestId('priority-note').fill('Bescheinigung Arbeitgeber gesehen');
    await dialog.getByTestId('priority-form-submit').click();
    await expectToast(page, 'Vorrang bestätigt');
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('priority-row-group')).toHaveText(`1. ${first.name}`);
    await expect(card.getByTestId('priority-row-until')).toContainText(german(until));
    await expect(card.getByTestId('priority-row-note')).toHaveText('Bescheinigung Arbeitgeber gesehen');
    await expectNoA11yViolations(page);

    // The dashboard lists the confirmation with its end.
    await page.goto(`/kitas/${kitaId}/d`);
    const listed = page.getByTestId('priority-list-row').filter({ hasText: german(until) });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(first.name);

    // 2. An immediate Krippe inquiry with one place; the family and one other answer red.
    const { categories } = await apiData(request, apiRoutes.categories.listOfKita, { params: { kitaId }, headers: manager.headers });
    const krippe = categories.find((c) => c.categoryName === 'Krippe')!;
    const event = await apiData(request, apiRoutes.events.create, {
      headers: manager.headers,
      body: { kitaId, categoryId: krippe.categoryId, eventType: 'immediate', totalSlotsKrippe: 1, confirmOverlap: true },
    });
    const rows = (await apiData(request, apiRoutes.events.get, { params: { id: event.eventId }, query: { kitaId }, headers: manager.headers })).children;
    const paul = rows.find((r) => r.childName === KID)!;
    const other = rows.find((r) => r.parentId !== parentId)!;
    await apiData(request, apiRoutes.preferences.staffAnswer, {
      params: { id: event.eventId },
      headers: manager.headers,
      body: { preferences: [paul, other].map((r) => ({ childId: r.childId, preferenceType: 'red' as const })) },
    });

    // 3. The manager closes it; the event page explains the rank.
    await page.goto(`/kitas/${kitaId}/e/${event.eventId}`);
    await page.getByTestId('event-close').click();
    await page.getByTestId('confirm-delete-confirm').click();
    await expectToast(page, 'Bedarfsabfrage abgeschlossen');
    await expect(page.getByTestId('confirm-delete-dialog')).toBeHidden();
    const paulRow = page.getByTestId('responses-table-row').filter({ hasText: KID });
    await expect(paulRow.getByTestId('slot-JA')).toHaveText('Ja');
    await expect(paulRow.getByTestId('outcome-rank')).toHaveText('Rang 1');
    await expect(paulRow.getByTestId('outcome-reason')).toContainText('Vorrang (bestätigt) · Rot');
    const otherRow = page.getByTestId('responses-table-row').filter({ hasText: other.childName });
    await expect(otherRow.getByTestId('outcome-rank')).toHaveText('Rang 2');
    await expect(otherRow.getByTestId('outcome-reason')).not.toContainText('Vorrang');
    await expect(page.getByTestId('event-result').getByTestId('result-rule')).toContainText('Reihenfolge (Regel 3)');
    await expect(page.getByTestId('event-result').getByTestId('result-rule-version')).toHaveText('3');
    for (const g of groups) await expect(page.locator('main')).not.toContainText(g.name);
    await expectNoA11yViolations(page);

    // 4. The family sees on its own page that it is confirmed and until when, not the group.
    const own = await parentPage(browser);
    await login(own, 'parent');
    await own.goto(`/parents/${parentId}`);
    await expect(own.getByTestId('priority-parent-text')).toContainText(`Gültig bis ${german(until)}`);
    for (const g of groups) await expect(own.locator('main')).not.toContainText(g.name);
    await expect(own.locator('main')).not.toContainText('Bescheinigung');
    await own.context().close();
  } finally {
    await apiSend(request, apiRoutes.priority.end, { params: { parentId }, headers: manager.headers });
  }
});
