import { apiData, apiRoutes, apiSend, collectConsoleErrors, DEMO_LOGINS, expect, expectNoA11yViolations, login, loginThroughForm, test } from './support';

test.describe('login page', () => {
  test('shows the role choice in German, loads without console errors and passes axe', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/login');
    await expect(page.getByTestId('login-title')).toHaveText('Anmelden');
    await expect(page.getByTestId('login-role-parent')).toHaveText('Eltern');
    await expect(page.getByTestId('login-role-staff')).toHaveText('Mitarbeiter');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expectNoA11yViolations(page);
    await page.getByTestId('login-role-staff').click();
    await expect(page.getByTestId('login-email')).toBeVisible();
    await expectNoA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('passes axe on a 390px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/login');
    await expect(page.getByTestId('login-card')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('shows translated validation messages for empty staff credentials', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-role-staff').click();
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('error-email')).toHaveText('Pflichtfeld');
    await expect(page.getByTestId('error-password')).toHaveText('Pflichtfeld');
  });

  test('a wrong password shows "Anmeldung fehlgeschlagen" and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-role-staff').click();
    await page.getByTestId('login-email').fill(DEMO_LOGINS.admin.email);
    await page.getByTestId('login-password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('Anmeldung fehlgeschlagen')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  });

  test('admin logs in to the shell at / and logs out again', async ({ page }) => {
    await loginThroughForm(page, 'admin');
    await expect(page).toHaveURL(/\/$/);
    const stored = await page.evaluate(() => ({ token: localStorage.getItem('authToken'), user: localStorage.getItem('user') }));
    expect(stored.token).toBeTruthy();
    expect(JSON.parse(stored.user ?? '{}')).toMatchObject({ role: 'Admin', email: DEMO_LOGINS.admin.email });
    await expect(page.getByTestId('sidebar-group-management')).toContainText('Kitas');
    await expect(page.getByTestId('sidebar-group-management')).toContainText('Benutzer');
    await expect(page.getByTestId('sidebar-user')).toContainText('Administrator');

    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    const after = await page.evaluate(() => [localStorage.getItem('authToken'), localStorage.getItem('user'), localStorage.getItem('otpToken')]);
    expect(after).toEqual([null, null, null]);
    // The guarded shell now sends the visitor back to the login page.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the revoked token of a logged-out session is refused by the server', async ({ page, request }) => {
    await login(page, 'admin');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect((await apiSend(request, apiRoutes.auth.me, { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(200);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect
      .poll(async () => (await apiSend(request, apiRoutes.auth.me, { headers: { Authorization: `Bearer ${token}` } })).status())
      .toBe(401);
  });

  test('a Kita manager lands on the dashboard of their Kita with the Kita menu', async ({ page }) => {
    await loginThroughForm(page, 'manager');
    await expect(page).toHaveURL(/\/kitas\/[0-9a-f-]{36}\/d$/);
    const kitaId = /\/kitas\/([0-9a-f-]{36})\/d$/.exec(page.url())?.[1];
    await expect(page.getByTestId('sidebar-group-kita')).toBeVisible();
    await expect(page.getByTestId('nav-dashboard')).toHaveAttribute('href', `/kitas/${kitaId}/d`);
    await expect(page.getByTestId('nav-events')).toHaveAttribute('href', `/kitas/${kitaId}/e`);
    await expect(page.getByTestId('nav-parents')).toHaveAttribute('href', '/parents');
    await expect(page.getByTestId('nav-users')).toHaveCount(0);
    // Their breadcrumb home is their Kita's dashboard.
    await page.goto('/no-such-page');
    await expect(page.getByTestId('breadcrumb-home')).toHaveAttribute('href', `/kitas/${kitaId}/d`);
  });

  test('a parent logs in with e-mail, lands on their profile and gets the UI in their language', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-option-en').click();
    await expect(page.getByTestId('login-title')).toHaveText('Log in');
    await page.getByTestId('login-identifier').fill(DEMO_LOGINS.parent.email);
    await page.getByTestId('login-password').fill(DEMO_LOGINS.parent.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/parents\/[0-9a-f-]{36}$/);
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user'))) ?? '{}') as {
      role?: string;
      parentId?: string;
      parent?: { language?: string };
    };
    expect(user.role).toBe('Parent');
    expect(page.url()).toContain(`/parents/${user.parentId}`);
    // The demo parent's profile language is German: the UI follows it after login.
    expect(user.parent?.language).toBe('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('sidebar-group-parent')).toContainText('Mein Profil');
    await expect(page.getByTestId('nav-history')).toHaveAttribute('href', `/parents/${user.parentId}/history`);
    await expect(page.getByTestId('nav-kitas')).toHaveCount(0);
    // A parent on a staff-only page is sent to /unauthorized, whose button leads back to the profile.
    await page.goto('/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByTestId('unauthorized-home')).toHaveAttribute('href', `/parents/${user.parentId}`);
  });

  test('a parent logs in with the phone number and the SMS code (OTP step)', async ({ page, request }) => {
    const phone = '+491713920000'; // the demo parent's verified number (seed)
    const since = Date.now();
    await page.goto('/login');
    // Typed as people write it; the server gets +491713920000.
    await page.getByTestId('login-identifier').fill('0171 392 00 00');
    await page.getByTestId('login-password').fill(DEMO_LOGINS.parent.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-title')).toHaveText('Bestätigungscode eingeben');
    expect(await page.evaluate(() => localStorage.getItem('otpToken'))).toBeTruthy();

    // The code arrives in the dev mailbox (the SMS outbox of a non-production server).
    let code = '';
    await expect
      .poll(async () => {
        const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: phone } });
        const otp = messages.find((m) => m.kind === 'otp' && (!m.createdAt || Date.parse(m.createdAt) >= since - 1000));
        code = /\b(\d{6})\b/.exec(otp?.bodyText ?? '')?.[1] ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('otp-input').fill(wrong);
    await page.getByTestId('otp-submit').click();
    await expect(page.getByText('OTP-Überprüfung fehlgeschlagen')).toBeVisible();
    await page.getByTestId('otp-input').fill(code);
    await page.getByTestId('otp-submit').click();
    await expect(page).toHaveURL(/\/parents\/[0-9a-f-]{36}$/);
    expect(await page.evaluate(() => localStorage.getItem('otpToken'))).toBeNull();
  });

  test('the parent form checks the identifier before calling the server', async ({ page }) => {
    await page.goto('/login');
    // "0170 1234567" is now a valid spelling; a number too short is not.
    await page.getByTestId('login-identifier').fill('0170 12');
    await page.getByTestId('login-password').fill('x');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('error-identifier')).toHaveText(
      'Bitte eine gültige E-Mail-Adresse oder Handynummer eingeben (z. B. 0170 1234567)',
    );
  });

  test('a guarded page remembers where the visitor wanted to go', async ({ page }) => {
    // Any path inside the shell is guarded; an unknown one depends on no feature's screen.
    const wanted = '/somewhere/inside?tab=2';
    await page.goto(wanted);
    await expect(page).toHaveURL(/\/login$/);
    await page.getByTestId('login-role-staff').click();
    await page.getByTestId('login-email').fill(DEMO_LOGINS.admin.email);
    await page.getByTestId('login-password').fill(DEMO_LOGINS.admin.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/somewhere\/inside\?tab=2$/);
  });
});
