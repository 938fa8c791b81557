import { apiData, apiRoutes, apiSend, checkScreenA11y, DEMO_PARENT, demoKita, expect, login, newestMessage, openInquiryList, parentLogin, test, uniqueEmail } from './support';

/**
 * Inquiries that stay true, in Chromium: the dates say what they mean (care day and
 * answer deadline named separately in SMS, e-mail and pages), a family approved while an inquiry
 * is open is asked at once and answers from its link, and a logged-in parent answers an open
 * inquiry inside the app. The demo data holds an open future Kindergarten inquiry (care in three
 * days, answers until the evening before).
 */

// The demo strike (seed) is on working days: one day, or two when the next one is a working day too.
const WORKDAY = String.raw`(Mo|Di|Mi|Do|Fr), \d{2}\.\d{2}\.`;
const CARE_DAYS = new RegExp(`^(am ${WORKDAY}|vom ${WORKDAY} bis ${WORKDAY})$`);
const CARE_DAY = new RegExp(`Notbetreuung (am ${WORKDAY}|vom ${WORKDAY} bis ${WORKDAY})`);
const DEADLINE = /(Mo|Di|Mi|Do|Fr|Sa|So), \d{2}\.\d{2}\., \d{2}:\d{2}/;

test('a family approved during an open inquiry is asked at once and answers from its link', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { kitaId, managerToken } = await demoKita(request);
  const groups = await apiData(request, apiRoutes.accounts.kitaGroups, { params: { kitaId } });
  const kindergarten = groups.categories.find((c) => c.categoryName === 'Kindergarten')!.groups[0]!.groupId;
  const email = uniqueEmail('nora.late');
  const registered = await apiSend(request, apiRoutes.accounts.register, {
    body: {
      name: 'Nora Spät', email, kitaId, language: 'de', preferredCommunication: 'email',
      password: 'Spaet-Gekommen-1', confirmPassword: 'Spaet-Gekommen-1',
      children: [{ childName: 'Ida Spät', dateOfBirth: '2021-06-01', groupId: kindergarten }],
    },
  });
  expect(registered.ok()).toBeTruthy();
  expect(managerToken).toBeTruthy();

  // The manager approves the registration from the list, as on any day.
  await login(page, 'manager');
  await page.goto(`/kitas/${kitaId}/registration`);
  const row = page.getByTestId('registration-table-row').filter({ hasText: 'Nora Spät' });
  await row.getByTestId('registration-approve').click();
  await expect(row).toBeHidden();
  await page.getByTestId('logout').click();

  // The inquiry reaches her at once and names the care day and the deadline separately.
  const inquiry = await newestMessage(page, email, 'inquiry');
  await expect(inquiry.getByTestId('mailbox-subject')).toHaveText(CARE_DAY);
  await expect(inquiry).toContainText(/Bitte geben Sie bis (Mo|Di|Mi|Do|Fr|Sa|So), \d{2}\.\d{2}\., 18:00 Uhr/);
  const link = await inquiry.getByTestId('mailbox-link').first().getAttribute('href');
  await page.goto(link!);
  await expect(page.getByTestId('preference-date')).toHaveText(CARE_DAYS);
  await expect(page.getByTestId('preference-deadline')).toHaveText(DEADLINE);
  const ida = page.getByTestId('preference-child').filter({ hasText: 'Ida Spät' });
  await expect(ida).toBeVisible();
  await checkScreenA11y(page);
  await ida.getByTestId('preference-option-red').click();
  await expect(ida.getByTestId('preference-change')).toBeVisible();
});

test('a parent answers an open inquiry inside the app, and the SMS names the care day', async ({ page }) => {
  test.setTimeout(120_000);
  // The demo parent prefers SMS: the inquiry SMS names the care day and the deadline within 160 characters.
  const sms = await newestMessage(page, DEMO_PARENT.phone, 'inquiry');
  const text = (await sms.textContent()) ?? '';
  expect(text).toMatch(/Notbetreuung (am|vom) /);
  expect(text).toMatch(/Antwort bis /);

  await parentLogin(page, DEMO_PARENT.email, DEMO_PARENT.password);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await page.getByRole('link', { name: 'Abfragen & Verlauf' }).click();
  const open = page.getByTestId('open-inquiries');
  await expect(open).toBeVisible();
  const card = open.getByTestId('open-inquiry').filter({ hasText: 'Warnstreik' });
  await expect(card).toContainText(CARE_DAY);
  await expect(card.getByTestId('open-inquiry-deadline')).toHaveText(/Antworten bis (Mo|Di|Mi|Do|Fr|Sa|So), \d{2}\.\d{2}\., 18:00 Uhr/);
  await checkScreenA11y(page);
  const lena = card.getByTestId('preference-child').filter({ hasText: 'Lena Schneider' });
  // Open inquiries come first, the history after them.
  await expect(page.getByTestId('history-child').first()).toBeVisible();
  await lena.getByTestId('preference-option-yellow').click();
  await expect(lena.getByTestId('preference-change')).toBeVisible();
  await page.reload();
  const again = page.getByTestId('open-inquiry').filter({ hasText: 'Warnstreik' }).getByTestId('preference-child').filter({ hasText: 'Lena Schneider' });
  await expect(again).toContainText('Gelb');
});

test('the inquiry form names care days, deadline and sending time, and the event page shows them', async ({ page }) => {
  await login(page, 'manager');
  await openInquiryList(page);
  await page.getByTestId('event-add').click();
  const dialog = page.getByTestId('event-form-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('categoryId').click();
  await page.getByRole('option', { name: 'Kindergarten' }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await expect(dialog.getByTestId('event-care-fields')).toContainText('Erster Betreuungstag');
  await expect(dialog.getByTestId('event-care-fields')).toContainText('Ende der Betreuung');
  await expect(dialog.getByTestId('event-answer-fields')).toContainText('Antworten bis');
  await expect(dialog.getByTestId('event-answer-fields')).toContainText('Versand am');
  await checkScreenA11y(page);
  await page.getByTestId('event-form-cancel').click();

  // The open demo inquiry: its page names the care day and the deadline.
  await page.getByTestId('events-table-row').filter({ hasText: 'Geplant' }).filter({ hasText: 'Offen' }).first().click();
  await expect(page.getByTestId('event-care-days')).toHaveText(CARE_DAYS);
  await expect(page.getByTestId('event-deadline')).toHaveText(DEADLINE);
  await checkScreenA11y(page);
});
