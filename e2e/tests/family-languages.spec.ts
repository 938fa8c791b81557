import type { APIRequestContext, Page } from '@playwright/test';
import { apiData, apiRoutes, checkScreenA11y, demoKita, expect, parentLogin, test, uniqueEmail } from './support';

/**
 * A family in its own language, on a phone: registration (the language picker comes first), the
 * inquiry from its link in the stored language, and the history after logging in. Arabic reads
 * right to left (dir="rtl" on <html>, the sidebar on the right); Ukrainian picks its plural forms.
 * The demo data holds an open future Kindergarten inquiry, so an approved family is asked at once.
 */
test.use({ viewport: { width: 390, height: 844 } });

/** A full-page screenshot in the test's output folder (looked at when the screens change). */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

async function kindergartenGroup(request: APIRequestContext, kitaId: string): Promise<string> {
  const groups = await apiData(request, apiRoutes.accounts.kitaGroups, { params: { kitaId } });
  return groups.categories.find((c) => c.categoryName === 'Kindergarten')!.groups[0]!.groupId;
}

/** Approves the family and activates its e-mail through the API; returns its id and the inquiry link it received. */
async function approveAndActivate(request: APIRequestContext, email: string): Promise<{ parentId: string; link: string }> {
  const { kitaId, managerToken } = await demoKita(request);
  const headers = { authorization: `Bearer ${managerToken}` };
  const pending = await apiData(request, apiRoutes.parents.registeredOfKita, { params: { kitaId }, headers });
  const parentId = pending.find((p) => p.email === email)!.parentId;
  await apiData(request, apiRoutes.parents.approve, { params: { id: parentId }, headers });
  const mailbox = () => apiData(request, apiRoutes.dev.messages, { query: { recipient: email } });
  const activation = (await mailbox()).find((m) => m.kind === 'activation')!;
  await apiData(request, apiRoutes.accounts.activate, { query: { token: /verify-email\?token=([\w-]+)/.exec(activation.bodyText)![1]! } });
  let inquiry: { bodyText: string; language: string } | undefined;
  await expect.poll(async () => (inquiry = (await mailbox()).find((m) => m.kind === 'inquiry')) !== undefined, { timeout: 15_000 }).toBe(true);
  const link = /https?:\/\/\S+\/p\/[\w-]+/.exec(inquiry!.bodyText)![0];
  return { parentId, link };
}

test('an Arabic-speaking family registers, answers from its link and reads its history right to left', async ({ page, request }) => {
  test.setTimeout(150_000);
  const { kitaId } = await demoKita(request);
  const email = uniqueEmail('amal.haddad');
  const password = 'Amal-Haddad-2026';

  // The language picker is the first thing of the page, every language named in itself.
  await page.goto(`/register?kitaId=${kitaId}`);
  const picker = page.getByTestId('language-picker');
  await expect(picker).toBeVisible();
  const firstControlInPicker = await page.evaluate(() => !!document.querySelector('main button, main input, main select')?.closest('[data-qa="language-picker"]'));
  expect(firstControlInPicker).toBe(true);
  await expect(picker.getByRole('button')).toHaveText(['Deutsch', 'English', 'Türkçe', 'Українська', 'العربية', 'Polski', 'Русский']);
  await picker.getByTestId('language-picker-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByTestId('page-title')).toHaveText('التسجيل');
  await expect(page.getByTestId('register-language')).toContainText('العربية');
  await checkScreenA11y(page);
  await shot(page, 'ar-register');

  await page.getByTestId('register-name').fill('Amal Haddad');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-child-0-name').fill('Yara Haddad');
  await page.getByTestId('register-child-0-dob').click();
  await page.getByTestId('calendar-year').selectOption('2021');
  await page.getByTestId('calendar-month').selectOption({ index: 3 });
  await page.getByTestId('calendar-day-12').click();
  await page.getByTestId('register-child-0-group').click();
  await page.getByRole('option', { name: /^Kindergarten : / }).first().click();
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText('تسجيلكم بانتظار موافقة إدارة الحضانة');

  // Stored in Arabic: the inquiry link opens in Arabic in a browser that never chose a language.
  const { parentId, link } = await approveAndActivate(request, email);
  const parent = await apiData(request, apiRoutes.parents.get, { params: { id: parentId }, headers: { authorization: `Bearer ${(await demoKita(request)).managerToken}` } });
  expect(parent.language).toBe('ar');
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('preference-event')).toContainText('استطلاع الحاجة إلى الرعاية الطارئة');
  // The Kita's own words stay as typed, marked as the Kita's in Arabic.
  await expect(page.getByTestId('preference-event-description-note')).toContainText('ملاحظة من الحضانة');
  await expect(page.getByTestId('preference-event-description')).toHaveAttribute('dir', 'auto');
  await page.getByTestId('preference-option-red').first().click();
  await expect(page.getByTestId('preference-chosen-red')).toBeVisible();
  await checkScreenA11y(page);
  await shot(page, 'ar-preference');

  // The history after logging in: Arabic, right to left, the sidebar on the right.
  await parentLogin(page, email, password);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await page.goto(`/parents/${parentId}/history`);
  await expect(page.getByTestId('history-page')).toContainText('استطلاعاتي');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await checkScreenA11y(page);
  await shot(page, 'ar-history');
  const header = await page.getByTestId('app-header').boundingBox();
  const trigger = await page.locator('[data-sidebar="trigger"]').boundingBox();
  // The sidebar button sits at the start of the header: on the right in Arabic.
  expect(trigger!.x).toBeGreaterThan(header!.x + header!.width / 2);

  // On a desktop the sidebar stands on the right, the content to its left.
  await page.setViewportSize({ width: 1280, height: 800 });
  const sidebar = page.getByTestId('app-sidebar');
  await expect(sidebar).toBeVisible();
  const main = await page.getByTestId('history-page').boundingBox();
  const side = await sidebar.boundingBox();
  expect(side!.x).toBeGreaterThan(main!.x);
  await shot(page, 'ar-history-desktop');
});

test('a Ukrainian-speaking family reads the inquiry and the history in Ukrainian, plural forms included', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { kitaId } = await demoKita(request);
  const email = uniqueEmail('olena.kovalenko');
  const password = 'Olena-Kovalenko-26';
  await apiData(request, apiRoutes.accounts.register, {
    body: {
      name: 'Olena Kovalenko', email, kitaId, language: 'uk', preferredCommunication: 'email', password, confirmPassword: password,
      children: [{ childName: 'Sofiia Kovalenko', dateOfBirth: '2021-03-02', groupId: await kindergartenGroup(request, kitaId) }],
    },
  });
  const { parentId, link } = await approveAndActivate(request, email);

  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('preference-event')).toContainText('Опитування щодо екстреного догляду');
  // "Шукаємо 1 дитину / 2 дитини / 5 дітей": never a German word, never a wrong form.
  await expect(page.getByTestId('preference-sought')).toContainText(/Шукаємо \d+ (дитину|дитини|дітей)/);
  await expect(page.getByTestId('preference-event-description-note')).toContainText('Примітка від Kita');
  // The switcher offers every language; choosing Polish switches the page.
  await page.getByTestId('language-select').selectOption('pl');
  await expect(page.getByTestId('preference-event')).toContainText('Ankieta dotycząca opieki awaryjnej');
  await page.getByTestId('language-select').selectOption('uk');
  await page.getByTestId('preference-option-green').first().click();
  await expect(page.getByTestId('preference-chosen-green')).toBeVisible();
  await checkScreenA11y(page);
  await shot(page, 'uk-preference');

  await parentLogin(page, email, password);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await page.goto(`/parents/${parentId}/history`);
  await expect(page.getByTestId('history-page')).toContainText('Мої опитування');
  await checkScreenA11y(page);
  await shot(page, 'uk-history');
  // The profile names the language in itself.
  await page.goto(`/parents/${parentId}`);
  await expect(page.getByTestId('info-language')).toContainText('Українська');
});
