import { apiData, apiLogin, apiRoutes, expect, expectToast, login, otpFromMailbox, test, toasts, uniqueEmail } from './support';

/**
 * Texts that speak to the right person and pages that say what is due:
 * - a parent logging in during an open inquiry sees on the profile that an answer is due;
 * - the toasts of failed tries are gone after a successful login, and a wrong password with a
 *   phone number names the phone number;
 * - the credits histogram on the manager's page of a family speaks about that family;
 * - a manager verifying a family's phone reads about the family, and the page shows the number
 *   as confirmed without a reload.
 * The family registers for the demo Kita's Kindergarten, which has an open inquiry (demo seed):
 * approved while it is open, the family joins it at once.
 */

const PASSWORD = 'Fruehling-Blume-7';

async function kindergartenFamily(request: import('@playwright/test').APIRequestContext, name: string, phone: string) {
  const manager = await apiLogin(request, 'manager');
  const kitaId = manager.kitaId;
  const groups = await apiData(request, apiRoutes.accounts.kitaGroups, { params: { kitaId } });
  const groupId = groups.categories.find((c) => c.categoryName === 'Kindergarten')!.groups[0]!.groupId;
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '.'));
  const { parentId } = await apiData(request, apiRoutes.accounts.register, {
    body: {
      name, email, ...(phone ? { primaryPhoneNumber: phone } : {}), kitaId, language: 'de', preferredCommunication: 'email',
      password: PASSWORD, confirmPassword: PASSWORD,
      children: [{ childName: `Lina ${name.split(' ')[1]}`, dateOfBirth: '2021-06-01', groupId }],
    },
  });
  await apiData(request, apiRoutes.parents.approve, { params: { id: parentId }, headers: manager.headers });
  const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: email } });
  const token = /verify-email\?token=([\w-]+)/.exec(messages.find((m) => m.kind === 'activation')!.bodyText)![1]!;
  await apiData(request, apiRoutes.accounts.activate, { query: { token } });
  return { parentId, email };
}

test('a parent logging in during an open inquiry sees the answer due, without the failed tries\' toasts', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const name = `Sara Wolf${Date.now().toString(36)}`;
  const { parentId, email } = await kindergartenFamily(request, name, '');

  // Two failed tries: with a phone number, then with the e-mail address.
  await page.goto('/login');
  await page.getByTestId('login-role-parent').click();
  await page.getByTestId('login-identifier').fill('0171 5550000');
  await page.getByTestId('login-password').fill('falsch-falsch');
  await page.getByTestId('login-submit').click();
  await expectToast(page, 'Handynummer oder Passwort ist falsch.');
  await page.getByTestId('login-identifier').fill(email);
  await page.getByTestId('login-submit').click();
  await expectToast(page, 'E-Mail oder Passwort ist falsch.');

  // The right password: the profile, no old toast, and the answer that is due.
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`/parents/${parentId}$`));
  await expect(toasts(page)).toHaveCount(0);
  const due = page.getByTestId('answer-due');
  await expect(due).toContainText('Eine Bedarfsabfrage wartet auf Ihre Antwort');
  await expect(due.getByTestId('answer-due-item')).toContainText(/Kita Sonnenschein: Notbetreuung (am|vom) .+, für Lina .+\. Antwort bis .+ Uhr\./);
  await page.screenshot({ path: testInfo.outputPath('profile-answer-due.png'), fullPage: true });
  await page.getByTestId('answer-due-link').click();
  await expect(page).toHaveURL(new RegExp(`/parents/${parentId}/history$`));
  await expect(page.getByTestId('open-inquiry').first()).toBeVisible();
});

test('the manager reads about the family on its page: credits chart and phone verification', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const phone = `+49171${String(Date.now()).slice(-7)}`;
  const name = `Tarek Haddad${Date.now().toString(36)}`;
  const { parentId } = await kindergartenFamily(request, name, phone);

  await login(page, 'manager');
  await page.goto(`/parents/${parentId}`);
  const histogram = page.getByTestId('credits-histogram');
  await expect(histogram).toContainText('Orange: der Bereich dieser Familie.');
  await expect(histogram).toContainText('wenn ein Kind der Familie Rot geantwortet');
  await expect(histogram).not.toContainText(/Ihr Bereich|Ihr Kind/);
  await expect(histogram.getByTestId('histogram-chart')).toHaveAttribute('aria-label', /Familien?[;.]/);
  await expect(histogram.getByTestId('histogram-chart')).not.toHaveAttribute('aria-label', /Eltern|Ihr Bereich/);

  // Verifying the family's phone: the page speaks about the family, then shows it confirmed.
  await expect(page.getByTestId('info-phone').getByTestId('icon-unverified')).toBeVisible();
  await page.getByTestId('info-phone-verify').click();
  await expect(page.getByTestId('verify-phone-page')).toContainText('die Familie nennt Ihnen den Code');
  await expect(page.getByTestId('verify-phone-page')).not.toContainText('Wir haben');
  const mailbox = await browser.newPage();
  const code = await otpFromMailbox(mailbox, phone);
  await mailbox.close();
  await page.getByTestId('verify-phone-otp').fill(code);
  await page.getByTestId('verify-phone-submit').click();
  await expectToast(page, `Die Handynummer von ${name} ist bestätigt.`);
  await expect(toasts(page).filter({ hasText: 'Ihre Handynummer' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/parents/${parentId}$`));
  await expect(page.getByTestId('info-phone').getByTestId('icon-verified')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('manager-parent-page.png'), fullPage: true });
});
