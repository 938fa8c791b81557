import type { Page } from '@playwright/test';
import { apiData, apiLogin, apiRoutes, berlinDay, expect, login, openInquiryList, pickDay as pickCalendarDay, test } from './support';

/** Picks a day and waits until the calendar has closed (the next field opens its own). */
async function pickDay(page: Page, field: string, day: { y: number; m: number; d: number }) {
  await pickCalendarDay(page, field, day);
  await expect(page.getByTestId('calendar-year')).toHaveCount(0);
}

/**
 * A strike Monday to Wednesday lost its Wednesday in every message and page. The care
 * days now have one definition (packages/shared/src/care-days.ts: the days from the care start to
 * the care end, an end at 00:00 ending the day before), and the inquiry form previews the exact
 * sentence the families will read, computed by the same function. The days are picked relative to
 * today and the expected texts are built here from the calendar (weekday names of the German UI).
 */

const WEEKDAY = ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'];
/** "Mo, 30.11." for a picked day. */
function careDay(day: { y: number; m: number; d: number }): string {
  const weekday = WEEKDAY[new Date(Date.UTC(day.y, day.m, day.d)).getUTCDay()];
  return `${weekday}, ${String(day.d).padStart(2, '0')}.${String(day.m + 1).padStart(2, '0')}.`;
}

async function pickTime(page: Page, field: string, hour: string, minute: string) {
  await page.getByTestId(`${field}-hour`).click();
  await page.getByRole('option', { name: hour, exact: true }).click();
  await page.getByTestId(`${field}-minute`).click();
  await page.getByRole('option', { name: minute, exact: true }).click();
}

test('the inquiry form previews the care days the families will read, and the pages say the same', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  // Far ahead, so no other inquiry's care days overlap; sent later, so nobody is messaged.
  const first = berlinDay(45);
  const second = berlinDay(46);
  const last = berlinDay(47);
  const eve = berlinDay(44);
  const description = `Streik Mo-Mi ${Date.now().toString(36)}`;

  await login(page, 'manager');
  await openInquiryList(page);
  await page.getByTestId('event-add').click();
  await page.getByTestId('categoryId').click();
  await page.getByRole('option', { name: 'Krippe' }).click();
  const preview = page.getByTestId('event-care-preview-text');
  await expect(preview).toHaveText('–');

  // Care from the first day 07:00 to the third day 17:00: three care days, the last included.
  await pickDay(page, 'eventDay', first);
  await pickTime(page, 'eventTime', '07', '00');
  await pickDay(page, 'expireDay', last);
  await expect(page.getByTestId('expireTime-hour')).toContainText('17');
  await expect(preview).toHaveText(`Notbetreuung vom ${careDay(first)} bis ${careDay(last)}, Antwort bis ${careDay(eve)}, 18:00 Uhr`);
  await page.getByTestId('event-form-dialog').screenshot({ path: testInfo.outputPath('form-preview-range.png') });

  // A one-day strike: ending the same day ...
  await pickDay(page, 'expireDay', first);
  await expect(preview).toHaveText(`Notbetreuung am ${careDay(first)}, Antwort bis ${careDay(eve)}, 18:00 Uhr`);
  // ... or at the following midnight.
  await pickDay(page, 'expireDay', second);
  await pickTime(page, 'expireTime', '00', '00');
  await expect(preview).toHaveText(`Notbetreuung am ${careDay(first)}, Antwort bis ${careDay(eve)}, 18:00 Uhr`);
  // A minute past midnight is care on that day too.
  await pickTime(page, 'expireTime', '00', '05');
  await expect(preview).toHaveText(`Notbetreuung vom ${careDay(first)} bis ${careDay(second)}, Antwort bis ${careDay(eve)}, 18:00 Uhr`);

  // Back to Monday to Wednesday, with an own deadline and sent later; saved, the pages say the same.
  await pickDay(page, 'expireDay', last);
  await pickTime(page, 'expireTime', '17', '00');
  await pickDay(page, 'deadlineDay', berlinDay(43));
  await expect(preview).toHaveText(`Notbetreuung vom ${careDay(first)} bis ${careDay(last)}, Antwort bis ${careDay(berlinDay(43))}, 18:00 Uhr`);
  await pickDay(page, 'opensDay', berlinDay(40));
  await page.getByTestId('totalSlotsKrippe').fill('4');
  await page.getByTestId('description').fill(description);
  await page.getByTestId('event-form-submit').click();
  await page.waitForURL(/\/e\/[0-9a-f-]{36}$/);
  const eventId = /\/e\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expect(page.getByTestId('event-care-days')).toHaveText(`vom ${careDay(first)} bis ${careDay(last)}`);
  // Not sent yet, it lists the Krippe children it will ask ("Keine Kinder", "0 von 0").
  await expect(page.getByTestId('event-scheduled-note')).toContainText('die Kinder, die dann gefragt werden');
  await expect(page.getByTestId('responses-table-row').first()).toBeVisible();
  const expected = await page.getByTestId('responses-table-row').count();
  expect(expected).toBeGreaterThan(1);
  await expect(page.getByText('Keine Kinder in dieser Kategorie.')).toHaveCount(0);
  await expect(page.getByText(/0 von 0 Kindern/)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('event-page.png'), fullPage: true });

  // The events list names the same days.
  await page.goBack();
  await expect(page.getByText(`vom ${careDay(first)} bis ${careDay(last)}`).first()).toBeVisible();

  // On a phone the preview sits under the care fields, readable without scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('event-add').click();
  await page.getByTestId('categoryId').click();
  await page.getByRole('option', { name: 'Kindergarten' }).click();
  await pickDay(page, 'eventDay', first);
  await pickDay(page, 'expireDay', last);
  await expect(preview).toHaveText(`Notbetreuung vom ${careDay(first)} bis ${careDay(last)}, Antwort bis ${careDay(eve)}, 18:00 Uhr`);
  await preview.scrollIntoViewIfNeeded();
  const box = (await page.getByTestId('event-care-preview').boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('form-preview-phone.png') });
  await page.getByTestId('event-form-cancel').click();

  const { headers } = await apiLogin(request, 'manager');
  await apiData(request, apiRoutes.events.remove, { params: { id: eventId }, headers });
});
