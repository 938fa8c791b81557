import type { Page } from '@playwright/test';
import { apiRoutes, apiSend, checkScreenA11y, DEMO_PARENT, expect, expectToast, login, newestMessage, openInquiryList, settle, test } from './support';

/**
 * The inquiry journey: the manager creates an immediate inquiry, the demo parent takes
 * the link from the dev mailbox and answers on a phone, the manager watches the answer arrive
 * without reloading, and a link of a finished inquiry shows the expired page.
 */

/** axe on a screen once its open/close animations (dialogs, select lists, toasts) have finished. */
async function checkSettled(page: Page): Promise<void> {
  await settle(page);
  await checkScreenA11y(page);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } as const;

async function createImmediateInquiry(page: Page): Promise<string> {
  await login(page, 'manager');
  await openInquiryList(page);
  await checkSettled(page);
  await page.getByTestId('event-add').click();
  const dialog = page.getByTestId('event-form-dialog');
  await expect(dialog).toBeVisible();
  // Submit stays disabled until the form is valid (docs/domain.md "Validation").
  await expect(page.getByTestId('event-form-submit')).toBeDisabled();
  await page.getByTestId('categoryId').click();
  await page.getByRole('option', { name: 'Kindergarten' }).click();
  await page.getByTestId('eventType').click();
  await page.getByTestId('eventType-option-immediate').click();
  await expect(page.getByTestId('event-immediate-hint')).toContainText('15 Minuten');
  // Only the slot input of the chosen category is offered.
  await expect(page.getByTestId('totalSlotsKrippe')).toHaveCount(0);
  await page.getByTestId('totalSlotsKindergarten').fill('5');
  await page.getByTestId('description').fill('Wasserrohrbruch im Gruppenraum');
  // The select lists fade out after a choice; axe looks at the dialog once they are gone.
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await checkSettled(page);
  await page.getByTestId('event-form-submit').click();
  await expectToast(page, 'Die Bedarfsabfrage wurde angelegt.');
  await expect(page.getByTestId('event-summary')).toBeVisible();
  await expect(page.getByTestId('event-type')).toHaveText('Sofort');
  await expect(page.getByTestId('event-slots')).toHaveText('5');
  await expect(page.getByTestId('event-live')).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('an immediate inquiry from creation to the parent answer on a phone, seen live by the manager', async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const eventId = await createImmediateInquiry(page);
  await checkSettled(page);
  await page.screenshot({ path: testInfo.outputPath('event-details.png'), fullPage: true });

  // The demo parent gets the link by SMS (dev mailbox); the newest inquiry is the one just sent.
  const phone = await browser.newContext({ ...PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  const parent = await phone.newPage();
  const sms = await newestMessage(parent, DEMO_PARENT.phone, 'inquiry');
  const link = await sms.getByTestId('mailbox-link').first().getAttribute('href');
  expect(link).toContain('/p/');
  await parent.goto(link!);

  await expect(parent.getByTestId('preference-kita')).toHaveText('Kita Sonnenschein');
  await expect(parent.getByTestId('preference-date')).toHaveText('HEUTE');
  await expect(parent.getByTestId('preference-sought')).toContainText('Kinder gesucht');
  await expect(parent.getByTestId('preference-event-description')).toHaveText('Wasserrohrbruch im Gruppenraum');
  const lena = parent.getByTestId('preference-child').filter({ hasText: 'Lena Schneider' });
  await expect(lena).toBeVisible();
  // Paul is in the Krippe: not part of a Kindergarten inquiry.
  await expect(parent.getByTestId('preference-child')).toHaveCount(1);
  // Unset: green is preselected; blue is offered because the inquiry is immediate.
  await expect(lena.getByTestId('preference-option-green')).toHaveAttribute('aria-pressed', 'true');
  await expect(lena.getByTestId('preference-option-blue')).toBeVisible();
  await checkSettled(parent);
  await parent.screenshot({ path: testInfo.outputPath('preference-phone.png'), fullPage: true });

  await lena.getByTestId('preference-option-red').tap();
  await expect(lena.getByTestId('preference-chosen-red')).toBeVisible();
  await lena.getByTestId('preference-change').tap();
  await lena.getByTestId('preference-option-yellow').tap();
  await expect(lena.getByTestId('preference-chosen-yellow')).toBeVisible();
  await checkSettled(parent);
  await parent.screenshot({ path: testInfo.outputPath('preference-phone-saved.png'), fullPage: true });

  // The manager's page was never reloaded: the answer arrives by itself.
  const row = page.getByTestId('responses-table-row').filter({ hasText: 'Lena Schneider' });
  await expect(row.getByTestId('preference-yellow')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('count-yellow-value')).toHaveText('1');

  // A family that phoned: the manager records the answer, marked as recorded by staff.
  const other = page.getByTestId('responses-table-row').filter({ hasNotText: 'Lena Schneider' }).first();
  await other.getByTestId('row-actions').click();
  await page.getByTestId('row-action-record').click();
  await checkSettled(page);
  await page.getByTestId('record-green').click();
  await expectToast(page, 'Die Antwort wurde gespeichert.');
  await expect(other.getByTestId('recorded-by-staff')).toBeVisible();

  // The manager closes the inquiry; the same link now shows the family's result, no
  // longer "Abfrage beendet", and takes no more answers.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const close = await apiSend(page.request, apiRoutes.results.close, { params: { id: eventId! }, headers: { authorization: `Bearer ${token}` } });
  expect(close.ok(), await close.text()).toBeTruthy();
  await parent.goto(link!);
  await expect(parent.getByTestId('preference-result-child').filter({ hasText: 'Lena Schneider' })).toContainText(/Platz erhalten|Kein Platz/);
  await expect(parent.getByTestId('preference-expired')).toHaveCount(0);
  await expect(parent.getByTestId('preference-option-red')).toHaveCount(0);
  await checkSettled(parent);
  await parent.screenshot({ path: testInfo.outputPath('preference-closed-result.png'), fullPage: true });
  await phone.close();
});

test('a missing or invalid preference link leads to the error page with the spec texts', async ({ page }) => {
  await page.goto('/preference');
  await expect(page.getByTestId('error-message')).toHaveText('Token fehlt oder ist ungültig.');
  await page.goto('/preference?token=this-is-not-a-valid-token');
  await expect(page.getByTestId('error-message')).toHaveText('Ungültiger oder abgelaufener Aktivierungslink.');
  await checkSettled(page);
});
