import type { Page } from '@playwright/test';
import {
  apiData,
  apiLogin,
  apiRoutes,
  apiSend,
  BERLIN,
  berlinDay,
  DEMO_LOGINS,
  DEMO_PARENT,
  expect,
  login,
  loginThroughForm,
  openInquiryList,
  pickDay,
  rowAction,
  test,
  toasts,
  uniqueEmail,
} from './support';

/**
 * The screens that tripped people up, each walked as a person would, on
 * the demo data. Whatever a test creates it names uniquely, so the other specs see the demo as seeded.
 */

/** The element's right edge lies inside the viewport (nothing important off-screen). */
async function expectInViewport(page: Page, selector: ReturnType<Page['locator']>): Promise<void> {
  const box = await selector.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'element is rendered').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe('sessions and start pages', () => {
  test('after a logout the next person in the same tab starts at their own page', async ({ page }) => {
    await loginThroughForm(page, 'manager');
    await page.getByTestId('nav-kita-parents').first().click();
    await expect(page).toHaveURL(/\/p$/);
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL(/\/login$/);
    await loginThroughForm(page, 'parent');
    await expect(page).toHaveURL(/\/parents\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Unbefugter Zugriff')).toHaveCount(0);
  });

  test('a logged-in parent opening / gets their own page', async ({ page }) => {
    await login(page, 'parent');
    await page.goto('/');
    await expect(page).toHaveURL(/\/parents\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Unbefugter Zugriff')).toHaveCount(0);
  });

  test('/d and /history lead a manager to the Kita dashboard and inquiries, an Admin to the Kita list', async ({ page }) => {
    await login(page, 'manager');
    await page.goto('/d');
    await expect(page).toHaveURL(/\/kitas\/[0-9a-f-]{36}\/d$/);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/kitas\/[0-9a-f-]{36}\/e$/);
    await expect(page.getByTestId('events-table')).toBeVisible();
    await page.getByTestId('logout').click();
    await login(page, 'admin');
    await page.goto('/d');
    await expect(page).toHaveURL(/\/kitas$/);
    await page.goto('/history');
    await expect(page).toHaveURL(/\/kitas$/);
    await expect(page.getByText('Seite nicht gefunden')).toHaveCount(0);
  });

  test('a session ended elsewhere brings the login page with a message', async ({ page }) => {
    await login(page, 'parent');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    // The same account logs out on another device: this session is revoked on the server.
    const res = await apiSend(page.request, apiRoutes.auth.logout, { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok()).toBeTruthy();
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-session-ended')).toHaveText(
      'Ihre Sitzung wurde beendet (abgemeldet, Passwort geändert oder abgelaufen). Bitte melden Sie sich erneut an.',
    );
  });

  test('the rate-limit message says how long to wait', async ({ page }) => {
    const email = uniqueEmail('gesperrt');
    await page.goto('/login');
    await page.getByTestId('login-role-staff').click();
    await page.getByTestId('login-email').fill(email);
    // Each attempt waits for its own answer (a toast from the attempt before must not count);
    // after the free attempts the server answers 429 with the pause.
    let status = 0;
    for (let i = 0; i < 11 && status !== 429; i++) {
      await page.getByTestId('login-password').fill(`falsch-${i}`);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST'),
        page.getByTestId('login-submit').click(),
      ]);
      status = response.status();
      await expect(toasts(page)).toHaveCount(1);
    }
    expect(status, 'repeated wrong passwords are answered 429').toBe(429);
    await expect(toasts(page).filter({ hasText: /Bitte in \d+ Min\. erneut versuchen/ })).toBeVisible();
  });
});

test.describe('toasts, wording and deletions', () => {
  test('one toast at a time: a success replaces an earlier error, which does not come back', async ({ page }) => {
    const name = `Kita Toast ${Date.now().toString(36)}`;
    await login(page, 'admin');
    await page.goto('/kitas');
    // A duplicate of the demo Kita: refused with a clear message.
    await page.getByTestId('kita-add').click();
    await page.getByTestId('kita-name').fill('Kita Sonnenschein');
    await page.getByTestId('kita-location').fill('Berlin');
    await page.getByTestId('kita-form-submit').click();
    await expect(toasts(page)).toContainText('Es gibt bereits eine Kita „Kita Sonnenschein“ in Berlin.');
    await expect(page.getByTestId('kita-form')).toContainText('Diese Kita gibt es an diesem Ort schon');
    await page.getByTestId('kita-name').fill(name);
    await page.getByTestId('kita-form-submit').click();
    await expect(page.getByTestId('kita-form')).toBeHidden();
    await expect(toasts(page)).toHaveCount(1);
    await expect(toasts(page)).toContainText('Die Kita wurde hinzugefügt.');
    await toasts(page).first().locator('[data-close-button]').click();
    await page.waitForTimeout(800);
    await expect(toasts(page)).toHaveCount(0);

    // Deleting it names the Kita and what goes with it (nothing here: a plain confirmation).
    await rowAction(page, 'kita-table', name, 'row-action-delete');
    await expect(page.getByTestId('confirm-delete-dialog')).toContainText(`Die Kita „${name}“ wird dauerhaft gelöscht, mit ihr 0 Familien`);
    await expect(page.getByTestId('confirm-delete-typed')).toHaveCount(0);
    await page.getByTestId('confirm-delete-confirm').click();
    await expect(page.getByTestId('kita-table-row').filter({ hasText: name })).toHaveCount(0);
  });

  test('deleting a Kita with finished inquiries asks for its name and says how many go with it', async ({ page, request }) => {
    const { headers } = await apiLogin(request, 'admin');
    const name = `Kita Archiv ${Date.now().toString(36)}`;
    const kita = await apiData(request, apiRoutes.kitas.create, { headers, body: { kitaName: name, location: 'Potsdam' } });
    const category = await apiData(request, apiRoutes.categories.create, { headers, body: { kitaId: kita.kitaId, categoryName: 'Kindergarten' } });
    const event = await apiData(request, apiRoutes.events.create, {
      headers,
      body: { kitaId: kita.kitaId, categoryId: category.categoryId, eventType: 'immediate', timezone: BERLIN, totalSlotsKindergarten: 1 },
    });
    await apiData(request, apiRoutes.results.close, { params: { id: event.eventId }, headers });

    await login(page, 'admin');
    await page.goto('/kitas');
    await rowAction(page, 'kita-table', name, 'row-action-delete');
    const dialog = page.getByTestId('confirm-delete-dialog');
    // Counts as the catalogue's plurals ("1 Leitungskonten", "1 Bedarfsabfragen").
    await expect(dialog).toContainText('0 Familien mit 0 Kindern, 0 Leitungskonten und 1 Bedarfsabfrage, davon 1 abgeschlossen');
    await expect(page.getByTestId('confirm-delete-confirm')).toBeDisabled();
    await page.getByTestId('confirm-delete-typed').fill('Kita Archiv');
    await expect(page.getByTestId('confirm-delete-confirm')).toBeDisabled();
    await page.getByTestId('confirm-delete-typed').fill(name);
    await page.getByTestId('confirm-delete-confirm').click();
    await expect(page.getByTestId('kita-table-row').filter({ hasText: name })).toHaveCount(0);
  });

  test('deleting a parent or a child names the record and what goes with it', async ({ page }) => {
    await login(page, 'manager');
    await page.getByTestId('nav-kita-parents').first().click();
    // Only a registration not yet approved can be deleted (approved families
    // stay with their inquiries): the seed's pending Sophie Brandt.
    const parentName = 'Sophie Brandt';
    await rowAction(page, 'parents-table', parentName, 'row-action-delete');
    // A registration has no account, answers or credits yet: its own text (it was the generic family one).
    await expect(page.getByTestId('confirm-delete-dialog')).toContainText(`Die Registrierung von „${parentName}“ wird mit den angegebenen Kindern dauerhaft gelöscht.`);
    await expect(page.getByTestId('confirm-delete-dialog')).not.toContainText('Guthaben');
    await page.getByTestId('confirm-delete-cancel').click();

    await page.goto(page.url().replace(/\/p$/, '/children'));
    const child = page.getByTestId('children-table-row').first();
    const childName = (await child.locator('td').first().textContent())!.trim();
    await rowAction(page, 'children-table', childName, 'row-action-delete');
    await expect(page.getByTestId('confirm-delete-dialog')).toContainText(`„${childName}“ (`);
    // Finished inquiries keep the child's answers and places (it said they were deleted too).
    await expect(page.getByTestId('confirm-delete-dialog')).toContainText('abgeschlossene behalten seine Antworten und Platzvergaben');
    await page.getByTestId('confirm-delete-cancel').click();
  });

  test('the German answers table says "Guthaben", the English UI writes "E-mail"', async ({ page }) => {
    await login(page, 'manager');
    await openInquiryList(page);
    await page.getByTestId('events-table-row').first().click();
    await expect(page.getByTestId('responses-table')).toContainText('Guthaben');
    await expect(page.getByTestId('responses-table')).not.toContainText('Punkte');
    await page.getByTestId('logout').click();
    await login(page, 'admin');
    await page.getByTestId('language-toggle').getByTestId('language-option-en').click();
    // The choice is stored when the switch completes (<html lang> follows then); a page load before it would be German again.
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/users');
    await expect(page.getByTestId('user-table')).toContainText('E-mail');
    await expect(page.locator('main')).not.toContainText(/\bEmail\b/);
  });

  test("an Admin sets another user's password even when it equals the Admin's own", async ({ page, request }) => {
    const { headers } = await apiLogin(request, 'admin');
    const email = uniqueEmail('leitung');
    await apiData(request, apiRoutes.users.create, { headers, body: { name: 'Lea Leitung', email, role: 'Admin', password: 'start-pass-9' } });
    await login(page, 'admin');
    await page.goto('/users');
    await rowAction(page, 'user-table', email, 'row-action-change-password');
    await page.getByTestId('old-password').fill(DEMO_LOGINS.admin.password);
    await page.getByTestId('new-password').fill(DEMO_LOGINS.admin.password);
    await page.getByTestId('confirm-password').fill(DEMO_LOGINS.admin.password);
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('change-password')).toBeHidden();
    await expect(page.getByText('Das neue Passwort muss sich vom alten unterscheiden')).toHaveCount(0);
  });
});

test.describe('forms', () => {
  test('the child form has a parent search', async ({ page }) => {
    await login(page, 'manager');
    await page.getByTestId('nav-children').first().click();
    await page.getByTestId('children-table-add').click();
    await page.getByTestId('child-parent-search').fill('schneider');
    await page.getByTestId('child-parent').click();
    const options = page.locator('[data-qa^="child-parent-option-"]');
    await expect(options.first()).toBeVisible();
    for (const text of await options.allTextContents()) expect(text.toLowerCase()).toContain('schneider');
    await page.keyboard.press('Escape');
    await page.getByTestId('child-parent-search').fill('niemand-heisst-so');
    await expect(page.getByTestId('child-parent')).toContainText('Kein Elternteil gefunden');
  });

  test('a manager who asked a parent for a phone code has a way back', async ({ page, request }) => {
    const { headers, kitaId } = await apiLogin(request, 'manager');
    const phone = `0176 ${String(Date.now()).slice(-7)}`;
    const parent = await apiData(request, apiRoutes.parents.create, {
      headers,
      body: { name: 'Tomasz Wiśniewski', email: uniqueEmail('tomasz'), primaryPhoneNumber: phone, kitaId, language: 'de', preferredCommunication: 'email' },
    });
    await login(page, 'manager');
    await page.goto(`/kitas/${kitaId}/p/${parent.parentId}`);
    // Typed as "0176 …", stored as E.164 and shown formatted.
    await expect(page.getByTestId('info-phone')).toContainText(`+49 176 ${phone.slice(5)}`);
    const parentUrl = page.url();
    await page.getByTestId('info-phone-verify').click();
    await expect(page).toHaveURL(/\/verify-phone$/);
    await expect(page.getByTestId('verify-phone-back')).toHaveText('Zurück zu Tomasz Wiśniewski');
    await page.getByTestId('verify-phone-back').click();
    await expect(page).toHaveURL(parentUrl);
    await expect(page.getByTestId('app-header')).toBeVisible();
  });

  test('German times are entered on a 24-hour clock, English keeps AM/PM', async ({ page }) => {
    await login(page, 'manager');
    await openInquiryList(page);
    await page.getByTestId('event-add').click();
    await expect(page.getByTestId('eventTime-period')).toHaveCount(0);
    await page.getByTestId('eventTime-hour').click();
    await expect(page.getByRole('option', { name: '17', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText('Bedarfsabfragen');
    await page.getByTestId('language-toggle').getByTestId('language-option-en').click();
    // The list page in English, settled, before its add button is clicked (not mid-re-render).
    await expect(page.getByTestId('page-title')).toHaveText('Demand inquiries');
    await page.getByTestId('event-add').click();
    await expect(page.getByTestId('eventTime-period')).toBeVisible();
    await page.getByTestId('eventTime-hour').click();
    await expect(page.getByRole('option', { name: '12', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: '17', exact: true })).toHaveCount(0);
  });

  test('the event form reads picked times in the Kita zone, also on a laptop set to UTC', async ({ browser, request }) => {
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'UTC' });
    const page = await context.newPage();
    const description = `UTC-Laptop ${Date.now().toString(36)}`;
    await login(page, 'manager');
    await openInquiryList(page);
    await page.getByTestId('event-add').click();
    await page.getByTestId('categoryId').click();
    await page.getByRole('option', { name: 'Kindergarten' }).click();
    await pickDay(page, 'eventDay', berlinDay(20));
    await page.getByTestId('eventTime-hour').click();
    await page.getByRole('option', { name: '08', exact: true }).click();
    await page.getByTestId('eventTime-minute').click();
    await page.getByRole('option', { name: '00', exact: true }).click();
    await pickDay(page, 'expireDay', berlinDay(22));
    await page.getByTestId('totalSlotsKindergarten').fill('3');
    await page.getByTestId('description').fill(description);
    await page.getByTestId('event-form-submit').click();
    await page.waitForURL(/\/e\/[0-9a-f-]{36}$/);
    const eventId = /\/e\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await expect(page.getByTestId('event-date')).toContainText('08:00');

    // The stored instant is 08:00 in Berlin, whatever zone the laptop is in.
    const { headers, kitaId } = await apiLogin(request, 'manager');
    const saved = (await apiData(request, apiRoutes.events.get, { params: { id: eventId }, query: { kitaId }, headers })).eventDetails;
    expect(saved.timezone).toBe(BERLIN);
    expect(new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, hour: '2-digit', minute: '2-digit' }).format(new Date(saved.eventDate))).toBe('08:00');
    await apiData(request, apiRoutes.events.remove, { params: { id: eventId }, headers });
    await context.close();
  });

  test('the dev mailbox finds messages by part of an address or number', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await page.getByTestId('mailbox-filter').fill('171 3920000');
    await expect(page).toHaveURL(/recipient=171/);
    const messages = page.getByTestId('mailbox-message');
    await expect(messages.first()).toBeVisible();
    for (const recipient of await messages.evaluateAll((els) => els.map((e) => e.getAttribute('data-recipient')))) {
      expect(recipient).toBe(DEMO_PARENT.phone);
    }
    // Each SMS says how many segments it is billed as.
    await expect(messages.first().getByTestId('mailbox-segments')).toBeVisible();
    // A fragment of the digits alone finds the number too ("3920000" found nothing).
    await page.getByTestId('mailbox-filter').fill('3920000');
    await expect(page).toHaveURL(/recipient=3920000/);
    await expect(messages.first()).toBeVisible();
    for (const recipient of await messages.evaluateAll((els) => els.map((e) => e.getAttribute('data-recipient')))) {
      expect(recipient).toBe(DEMO_PARENT.phone);
    }
    await expect(page.getByTestId('mailbox-count')).toHaveText(/^\d+ Nachrichten?$/);
  });
});

test.describe('parent history', () => {
  test('blue reads "already in the Kita" and times are the Kita’s, also on a phone set to UTC', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'UTC', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await login(page, 'parent');
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const parentId = /\/parents\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const history = await apiData(page.request, apiRoutes.results.history, { params: { id: parentId }, headers: { authorization: `Bearer ${token}` } });
    await page.goto(`/parents/${parentId}/history`);
    const lena = history.find((c) => c.childName === 'Lena Schneider')!;
    const card = page.getByTestId('history-child').filter({ hasText: 'Lena Schneider' });
    const rows = card.getByTestId('history-table-row');
    await expect(rows).toHaveCount(lena.preferences.length);
    // The care day (never the sending time) in the Kita's zone, not the phone's.
    const berlin = new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, day: '2-digit', month: '2-digit' });
    for (const [i, p] of lena.preferences.entries()) {
      const row = rows.nth(i);
      await expect(row.getByTestId('history-date')).toContainText(berlin.format(new Date(p.eventDate)));
      if (p.preferenceType === 'blue') {
        await expect(row.getByTestId('history-preference-inKita')).toHaveText('Schon in der Kita');
        await expect(row).not.toContainText('Zu Hause');
      }
    }
    expect(lena.preferences.some((p) => p.preferenceType === 'blue'), 'the demo family answered blue before').toBe(true);
    await context.close();
  });
});

test.describe('phone and laptop layouts', () => {
  test('on a 390 px phone the parents credits, the approve button and the answers are on screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'manager');
    const kita = /\/kitas\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    await page.goto(`/kitas/${kita}/p`);
    await expectInViewport(page, page.getByTestId('parents-table').locator('th').filter({ hasText: 'Guthaben' }));

    await page.goto(`/kitas/${kita}/registration`);
    await expectInViewport(page, page.getByTestId('registration-approve').first());

    await page.goto(`/kitas/${kita}/e`);
    await page.getByTestId('events-table-row').first().click();
    const answers = page.getByTestId('responses-table');
    const first = answers.getByTestId('responses-table-row').first();
    // The answer badge (under the name) and the slot column are on screen.
    await expectInViewport(page, first.locator('[data-qa^="preference-"]').first());
    await expectInViewport(page, first.locator('td').nth(1));
    await expectInViewport(page, answers.locator('th').nth(1));
  });

  test('at 1280 px the dashboard shows the whole inquiry table', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, 'manager');
    const table = page.getByTestId('dashboard-events-card').getByTestId('events-table');
    const region = table.getByRole('region');
    const status = table.locator('th').filter({ hasText: 'Status' });
    await expect(status).toBeVisible();
    const [r, s] = [await region.boundingBox(), await status.boundingBox()];
    expect(s!.x + s!.width).toBeLessThanOrEqual(r!.x + r!.width);
  });
});
