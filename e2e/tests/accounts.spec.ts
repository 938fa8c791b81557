import {
  approvedParent,
  choose,
  clickMailboxLink,
  DEMO_PARENT,
  demoKita,
  expect,
  expectNoA11yViolations,
  expectToast,
  login,
  newestMessage,
  otpFromMailbox,
  parentLogin,
  test,
  toasts,
  uniqueEmail,
} from './support';

/**
 * Parent accounts:
 * registration by link, approval, activation from the dev mailbox, login by e-mail and by phone
 * with the SMS code, forgot/reset password, preferred communication, profile and language.
 */

test('a parent registers through the registration link, is approved, activates and logs in by e-mail', async ({ page, request }) => {
  const { kitaId } = await demoKita(request);
  const email = uniqueEmail('lena.schmidt');
  const password = 'Sonnenblume-11';

  await page.goto(`/register?kitaId=${kitaId}`);
  await expect(page.getByTestId('register-page')).toContainText('Registrieren Sie sich für die Notbetreuung von Kita Sonnenschein.');
  await expect(page.getByTestId('register-pending-note')).toContainText('Erst nach der Freigabe');
  await expectNoA11yViolations(page);
  // Empty submit: the rules of docs/domain.md "Validation" show next to the fields.
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('error-name')).toHaveText('Pflichtfeld');
  await expect(page.getByTestId('error-email')).toHaveText('Bitte eine E-Mail-Adresse oder eine Handynummer angeben');

  await page.getByTestId('register-name').fill('Lena Schmidt');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-child-0-name').fill('Mia Schmidt');
  await page.getByTestId('register-child-0-dob').click();
  await page.getByTestId('calendar-year').selectOption('2021');
  await page.getByTestId('calendar-month').selectOption({ index: 3 });
  await page.getByTestId('calendar-day-12').click();
  await expect(page.getByTestId('register-child-0-dob')).toHaveText(/12\.04\.2021/);
  await page.getByTestId('register-child-0-group').click();
  await page.getByRole('option', { name: /^Kindergarten : / }).first().click();
  // A second child in the Krippe.
  await page.getByTestId('register-add-child').click();
  await page.getByTestId('register-child-1-name').fill('Leo Schmidt');
  await page.getByTestId('register-child-1-dob').click();
  await page.getByTestId('calendar-year').selectOption('2024');
  await page.getByTestId('calendar-month').selectOption({ index: 0 });
  await page.getByTestId('calendar-day-20').click();
  await page.getByTestId('register-child-1-group').click();
  await page.getByRole('option', { name: /^Krippe : / }).first().click();
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-confirm-password').fill(`${password}x`);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('error-confirmPassword')).toHaveText('Die Passwörter stimmen nicht überein');
  await page.getByTestId('register-confirm-password').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText('Ihre Registrierung wartet auf die Freigabe');
  await expectNoA11yViolations(page);

  // Before approval the login says so.
  await parentLogin(page, email, password);
  await expect(toasts(page).first()).toContainText(/noch nicht bestätigt|wartet noch auf die Freigabe/);

  // The manager approves the registration from the Kita's registration list.
  await login(page, 'manager');
  await page.goto(`/kitas/${kitaId}/registration`);
  const row = page.getByTestId('registration-table-row').filter({ hasText: 'Lena Schmidt' });
  await expect(row.getByTestId('registration-child')).toHaveCount(2);
  await row.getByTestId('registration-approve').click();
  await expect(row).toBeHidden();
  await page.getByTestId('logout').click();

  // The parent opens the activation link from the dev mailbox.
  await expect((await newestMessage(page, email, 'registration_approved')).getByTestId('mailbox-subject')).toHaveText('Ihr Konto bei Kita Sonnenschein ist freigegeben');
  await expectNoA11yViolations(page);
  await clickMailboxLink(page, email, 'activation');
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await expect(page.getByTestId('verify-email-done')).toContainText('Ihre E-Mail-Adresse ist bestätigt');
  await expectNoA11yViolations(page);

  await page.getByTestId('verify-email-login').click();
  await parentLogin(page, email, password);
  await expect(page).toHaveURL(/\/parents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('parent-details-page')).toContainText('Lena Schmidt');
  await expect(page.getByTestId('parent-children-row')).toHaveCount(2);
});

test('an unknown or missing Kita in the registration link shows a clear error page', async ({ page }) => {
  await page.goto('/register?kitaId=00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('register-invalid')).toContainText('Registrierungslink ungültig');
  await expectNoA11yViolations(page);
  await page.goto('/register?kitaId=not-a-kita');
  await expect(page.getByTestId('register-invalid-text')).toContainText('ungültig');
  await page.goto('/register');
  await expect(page.getByTestId('register-invalid-text')).toHaveText('Im Link fehlt die Kita. Bitte verwenden Sie den Link oder QR-Code Ihrer Kita.');
});

test('the demo parent logs in by phone with the code from the dev mailbox', async ({ page }) => {
  await parentLogin(page, DEMO_PARENT.phone, DEMO_PARENT.password);
  await expect(page.getByTestId('otp-form')).toBeVisible();
  await expectNoA11yViolations(page);
  const mailbox = await page.context().newPage();
  const code = await otpFromMailbox(mailbox, DEMO_PARENT.phone);
  await expect(await newestMessage(mailbox, DEMO_PARENT.phone, 'otp')).toContainText('Gültig für 10 Minuten');
  await mailbox.close();
  await page.getByTestId('otp-input').fill(code);
  await page.getByTestId('otp-submit').click();
  await expect(page).toHaveURL(/\/parents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('app-header')).toBeVisible();
});

test('forgot and reset password end to end', async ({ page, request }) => {
  const email = uniqueEmail('tom.becker');
  await approvedParent(request, { name: 'Tom Becker', email, password: 'Erster-Versuch-1' });

  await parentLogin(page, email, 'Erster-Versuch-1');
  await expect(page).toHaveURL(/\/parents\//);
  await page.getByTestId('logout').click();

  await page.getByTestId('login-role-parent').click();
  await page.getByTestId('forgot-password-link').click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoA11yViolations(page);
  await page.getByTestId('forgot-email').fill(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByTestId('forgot-sent')).toContainText(email);
  await expectNoA11yViolations(page);

  await clickMailboxLink(page, email, 'password_reset');
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expectNoA11yViolations(page);
  await page.getByTestId('reset-new-password').fill('Zweiter-Versuch-2');
  await page.getByTestId('reset-confirm-password').fill('Zweiter-Versuch-3');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('error-confirmPassword')).toHaveText('Die Passwörter stimmen nicht überein');
  await page.getByTestId('reset-confirm-password').fill('Zweiter-Versuch-2');
  await page.getByTestId('reset-submit').click();
  await expectToast(page, 'Ihr Passwort wurde geändert');
  await expect(page).toHaveURL(/\/login$/);

  await parentLogin(page, email, 'Erster-Versuch-1');
  await expect(toasts(page).first()).toContainText('Anmeldung fehlgeschlagen');
  await parentLogin(page, email, 'Zweiter-Versuch-2');
  await expect(page).toHaveURL(/\/parents\//);
});

test('a parent edits the profile, switches the language and chooses SMS with a verified phone', async ({ page, request }) => {
  const email = uniqueEmail('sara.klein');
  const digits = String(Date.now()).slice(-7);
  const phone = `+49176${digits}`;
  // Numbers are shown formatted.
  const shown = `+49 176 ${digits}`;
  await approvedParent(request, { name: 'Sara Klein', email, password: 'Profil-Passwort-1' });
  await parentLogin(page, email, 'Profil-Passwort-1');
  await expect(page).toHaveURL(/\/parents\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.getByTestId('parent-edit').click();
  await expect(page.getByTestId('parent-form-dialog')).toBeVisible();
  await page.getByTestId('parent-name').fill('Sara Klein-Wagner');
  await choose(page, 'parent-language', 'en');
  await page.getByTestId('parent-form-submit').click();
  await expect(page.getByTestId('parent-form-dialog')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('parent-details-page')).toContainText('Sara Klein-Wagner');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // The language is stored on the server: a new login (after clearing the browser's choice) is English.
  await page.getByTestId('logout').click();
  await page.evaluate(() => localStorage.removeItem('i18nextLng'));
  await parentLogin(page, email, 'Profil-Passwort-1');
  await expect(page).toHaveURL(/\/parents\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // Preferred communication: SMS to a new number, confirmed with the code from the mailbox.
  await page.goto('/preferred-communication');
  await expect(page.getByTestId('preferred-communication-page')).toContainText('How would you like to receive');
  await expectNoA11yViolations(page);
  await page.getByTestId('preferred-sms').click();
  await page.getByTestId('preferred-phone').fill(phone);
  await page.getByTestId('preferred-submit').click();
  await expect(page).toHaveURL(/\/verify-phone$/);
  await expect(page.getByTestId('verify-phone-page')).toContainText(shown);
  await expectNoA11yViolations(page);
  const mailbox = await page.context().newPage();
  const code = await otpFromMailbox(mailbox, phone);
  await expect(await newestMessage(mailbox, phone, 'otp')).toContainText('Your Kita verification code');
  await mailbox.close();
  await page.getByTestId('verify-phone-otp').fill(code);
  await page.getByTestId('verify-phone-submit').click();
  await expectToast(page, 'Your mobile number is confirmed.');
  await expect(page).toHaveURL(/\/parents\//);
  await expect(page.getByTestId('info-phone')).toContainText(shown);
  await expect(page.getByTestId('info-phone').getByTestId('icon-verified')).toBeVisible();
});

test('a parent changes the own e-mail address: it applies once the link sent to it is opened', async ({ page, request }) => {
  const email = uniqueEmail('jonas.roth');
  const next = uniqueEmail('jonas.roth.neu');
  await approvedParent(request, { name: 'Jonas Roth', email, password: 'Adresse-Neu-1' });
  await parentLogin(page, email, 'Adresse-Neu-1');
  await expect(page).toHaveURL(/\/parents\//);
  const profile = page.url();

  await page.getByTestId('parent-edit').click();
  await page.getByTestId('parent-email').fill(next);
  await page.getByTestId('parent-form-submit').click();
  await expectToast(page, `Wir haben einen Bestätigungslink an ${next} gesendet.`);
  // Until the link is opened the old address stays, and the page says what waits.
  await expect(page.getByTestId('info-email')).toContainText(email);
  await expect(page.getByTestId('info-email-note')).toContainText(`Neue Adresse ${next} wartet auf Bestätigung`);
  await expectNoA11yViolations(page);

  await clickMailboxLink(page, next, 'email_change');
  await expect(page.getByTestId('verify-email-done')).toBeVisible();
  await page.goto(profile);
  await expect(page.getByTestId('info-email')).toContainText(next);
  await expect(page.getByTestId('info-email').getByTestId('icon-verified')).toBeVisible();
  await expect(page.getByTestId('info-email-note')).toHaveCount(0);
});

test('the public account pages pass axe on a 390px phone', async ({ page, request }) => {
  const { kitaId } = await demoKita(request);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, qa] of [
    [`/register?kitaId=${kitaId}`, 'register-page'],
    ['/forgot-password', 'forgot-password-page'],
    ['/reset-password?token=abc', 'reset-password-page'],
    ['/verify-email?token=invalid', 'verify-email-failed'],
    ['/dev/mailbox', 'mailbox-page'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(qa)).toBeVisible();
    await expectNoA11yViolations(page);
  }
  await page.evaluate(() => localStorage.setItem('otpToken', 'from-an-earlier-step'));
  await page.goto('/verify-phone');
  await expect(page.getByTestId('verify-phone-form')).toBeVisible();
  await expectNoA11yViolations(page);
});
