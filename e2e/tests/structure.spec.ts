import { checkScreenA11y, choose, DEMO_LOGINS, expect, expectToast, login, rowAction, submitDialog, test } from './support';

/**
 * Structure management end to end: the Admin builds a Kita with both categories,
 * groups and a manager, uses the registration card; the manager sees only their Kita.
 */
const suffix = Date.now().toString(36);
const kitaName = `Kita Sternschnuppe ${suffix}`;
const manager = { name: 'Lena Löwenzahn', email: `lena-${suffix}@kita.example`, password: 'Pusteblume-42' };

test.describe.serial('Admin builds a Kita, its manager works in it', () => {
  let kitaUrl = '';

  test('Admin creates a Kita with both categories, groups and a manager, copies the link and downloads the QR code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await login(page, 'admin');

    // Kita list at '/'
    await expect(page.getByTestId('page-title')).toHaveText('Kitas');
    await expect(page.getByTestId('kita-table-row').filter({ hasText: 'Kita Sonnenschein' })).toBeVisible();
    await checkScreenA11y(page);

    // Add a Kita; validation first, then success closes the dialog and reloads the list.
    await page.getByTestId('kita-add').click();
    await expect(page.getByTestId('kita-form')).toBeVisible();
    await page.getByTestId('kita-form-submit').click();
    await expect(page.getByTestId('error-kitaName')).toHaveText('Pflichtfeld');
    await checkScreenA11y(page);
    await page.getByTestId('kita-name').fill(kitaName);
    await page.getByTestId('kita-location').fill('Leipzig');
    // Push first: the escalation minutes are checked in their range, the mode is a choice.
    await expect(page.getByTestId('kita-push-immediate')).toHaveValue('3');
    await expect(page.getByTestId('kita-push-planned')).toHaveValue('120');
    await page.getByTestId('kita-push-immediate').fill('0');
    await page.getByTestId('kita-form-submit').click();
    await expect(page.getByTestId('error-pushEscalationImmediateMinutes')).toHaveText('Bitte eine ganze Zahl von 1 bis 60 eingeben');
    await page.getByTestId('kita-push-immediate').fill('5');
    await choose(page, 'kita-push-mode', 'extra');
    await submitDialog(page, 'kita-form');
    await expectToast(page, 'Die Kita wurde hinzugefügt.');
    await page.getByTestId('kita-table-search').fill('Sternschnuppe');
    await expect(page.getByTestId('kita-table-row')).toHaveCount(1);

    // Sort by location: Berlin (Sonnenschein) before Hamburg (Regenbogen) ascending.
    await page.getByTestId('kita-table-search').fill('');
    await page.getByTestId('sort-location').click();
    const locations = await page.getByTestId('kita-table-row').locator('td:nth-child(2)').allTextContents();
    expect(locations).toEqual([...locations].sort((a, b) => a.localeCompare(b, 'de')));

    // Row click opens the dashboard.
    await page.getByTestId('kita-table-row').filter({ hasText: kitaName }).click();
    await expect(page).toHaveURL(/\/kitas\/[0-9a-f-]{36}\/d$/);
    kitaUrl = page.url().replace(/\/d$/, '');
    await expect(page.getByTestId('page-title')).toHaveText(kitaName);
    const card = page.getByTestId('registration-card');
    await expect(card).toBeVisible();
    expect((await card.boundingBox())?.height).toBe(550);
    await expect(page.getByTestId('pending-parents-banner')).toHaveCount(0);
    await checkScreenA11y(page);

    // Copy the registration link: 'Kopiert' for 5 seconds, the clipboard holds the link.
    const link = await page.getByTestId('registration-link').inputValue();
    expect(link).toMatch(/\/register\?kitaId=[0-9a-f-]{36}$/);
    await page.getByTestId('registration-copy').click();
    await expect(page.getByTestId('registration-copy')).toHaveText('Kopiert');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(page.getByTestId('registration-copy')).toHaveText('Link kopieren', { timeout: 7_000 });

    // Download the QR code as qr-code.png.
    await expect(page.getByTestId('registration-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('registration-download').click()]);
    expect(download.suggestedFilename()).toBe('qr-code.png');

    // Categories: Kindergarten, then Krippe; then the add button is disabled.
    await page.getByTestId('nav-categories').click();
    await expect(page.getByTestId('page-title')).toHaveText('Kategorien');
    await expect(page.getByTestId('category-table-empty')).toBeVisible();
    await checkScreenA11y(page);
    await page.getByTestId('category-add').click();
    await choose(page, 'category-name', 'Kindergarten');
    await submitDialog(page, 'category-form');
    await expectToast(page, 'Die Kategorie wurde hinzugefügt.');
    await page.getByTestId('category-add').click();
    await expect(page.getByTestId('category-name')).toHaveText('Krippe');
    await submitDialog(page, 'category-form');
    await expect(page.getByTestId('category-table-row')).toHaveCount(2);
    await expect(page.getByTestId('category-add')).toBeDisabled();

    // Groups in each category; group details with its title and back navigation.
    for (const [category, group] of [['Kindergarten', 'Sonnenkäfer'], ['Krippe', 'Zwergenstube']] as const) {
      await page.getByTestId('category-table-row').filter({ hasText: category }).click();
      await expect(page.getByTestId('page-title')).toHaveText(category);
      await page.getByTestId('group-add').click();
      await page.getByTestId('group-name').fill('1 falsch');
      await page.getByTestId('group-form-submit').click();
      await expect(page.getByTestId('error-groupName')).toContainText('nicht mit einer Ziffer beginnen');
      await page.getByTestId('group-name').fill(group);
      await submitDialog(page, 'group-form');
      await expectToast(page, 'Die Gruppe wurde hinzugefügt.');
      await expect(page.getByTestId('group-table-row').filter({ hasText: group })).toBeVisible();
      await checkScreenA11y(page);
      await page.getByTestId('group-table-row').filter({ hasText: group }).click();
      await expect(page.getByTestId('page-title')).toHaveText(`${category} : ${group}`);
      await expect(page.getByTestId('group-children-table-empty')).toBeVisible();
      await checkScreenA11y(page);
      await page.getByTestId('page-back').click();
      await expect(page.getByTestId('page-title')).toHaveText(category);
      await page.getByTestId('page-back').click();
    }

    // Managers: add one, then set their password from the managers page.
    await page.getByTestId('nav-managers').click();
    await expect(page.getByTestId('page-title')).toHaveText('Leitungen');
    await expect(page.getByTestId('manager-table-empty')).toBeVisible();
    await page.getByTestId('manager-table-add').click();
    await page.getByTestId('user-name').fill(manager.name);
    await page.getByTestId('user-email').fill(manager.email);
    await page.getByTestId('user-password').fill('kurz');
    await page.getByTestId('user-form-submit').click();
    await expect(page.getByTestId('error-password')).toContainText('mindestens 6 Zeichen');
    await page.getByTestId('user-password').fill('erst-einmal-1');
    await submitDialog(page, 'user-form');
    await expectToast(page, 'Die Leitung wurde hinzugefügt.');
    await expect(page.getByTestId('manager-table-row').filter({ hasText: manager.email })).toBeVisible();
    await checkScreenA11y(page);

    await rowAction(page, 'manager-table', manager.email, 'row-action-change-password');
    await expect(page.getByTestId('change-password')).toContainText('Passwort ändern');
    await expect(page.getByTestId('change-password')).toContainText('Ihr eigenes Passwort');
    await checkScreenA11y(page);
    await page.getByTestId('old-password').fill(DEMO_LOGINS.admin.password);
    await page.getByTestId('new-password').fill(manager.password);
    await page.getByTestId('confirm-password').fill(manager.password);
    await submitDialog(page, 'change-password');
    await expectToast(page, 'Das Passwort wurde geändert.');

    // The users page lists the new manager with their Kita.
    await page.getByTestId('nav-users').click();
    await expect(page.getByTestId('page-title')).toHaveText('Benutzer');
    const row = page.getByTestId('user-table-row').filter({ hasText: manager.email });
    await expect(row).toContainText(kitaName);
    await expect(row.getByTestId('role-KitaManager')).toHaveText('Kita-Leitung');
    await checkScreenA11y(page);
  });

  test('the new manager sees only their Kita and may not open /users', async ({ page }) => {
    await login(page, { email: manager.email, password: manager.password });
    await expect(page).toHaveURL(`${kitaUrl}/d`);
    await expect(page.getByTestId('page-title')).toHaveText(kitaName);
    await page.goto('/kitas');
    await expect(page.getByTestId('kita-table-row')).toHaveCount(1);
    await expect(page.getByTestId('kita-table-row')).toContainText(kitaName);
    await expect(page.getByTestId('kita-add')).toHaveCount(0);
    await page.goto('/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});

test.describe('Kita manager (demo)', () => {
  test('lands on the Kita Sonnenschein dashboard, cannot reach another Kita or /users', async ({ page }) => {
    await login(page, 'manager');
    await expect(page).toHaveURL(/\/kitas\/[0-9a-f-]{36}\/d$/);
    await expect(page.getByTestId('page-title')).toHaveText('Kita Sonnenschein');
    await page.goto('/kitas');
    await expect(page.getByTestId('kita-table-row')).toHaveCount(1);
    await expect(page.getByTestId('kita-table-row')).toContainText('Kita Sonnenschein');
    await checkScreenA11y(page);

    // Another Kita's pages read as not found (the server answers 404 outside the manager's scope).
    const other = '00000000-0000-4000-8000-000000000000';
    await page.goto(`/kitas/${other}/d`);
    await expect(page.getByTestId('not-found')).toContainText(`Keine Kita mit der ID ${other} gefunden`);
    await page.goto(`/kitas/${other}/g/${other}`);
    await expect(page.getByTestId('not-found')).toContainText(`Keine Gruppe mit der ID ${other} gefunden`);

    await page.goto('/users');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });

  test('the managers page lists the demo manager; the own password needs the old one', async ({ page }) => {
    await login(page, 'manager');
    await page.getByTestId('nav-managers').click();
    const row = page.getByTestId('manager-table-row').filter({ hasText: DEMO_LOGINS.manager.email });
    await expect(row).toBeVisible();
    await rowAction(page, 'manager-table', DEMO_LOGINS.manager.email, 'row-action-change-password');
    await expect(page.getByTestId('change-password')).toContainText('Altes Passwort');
    await page.getByTestId('old-password').fill('nicht-richtig');
    await page.getByTestId('new-password').fill('neues-passwort-9');
    await page.getByTestId('confirm-password').fill('neues-passwort-9');
    await page.getByTestId('change-password-submit').click();
    await expect(page.getByTestId('error-oldPassword')).toHaveText('Das alte Passwort ist falsch');
    await expectToast(page, 'Das Passwort konnte nicht geändert werden.');
    await page.getByTestId('change-password-cancel').click();
  });
});

test.describe('structure screens in English and on a phone', () => {
  test('the language toggle switches the structure screens', async ({ page }) => {
    await login(page, 'admin');
    await page.getByTestId('language-toggle').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.getByTestId('page-title')).toHaveText('Kitas');
    await expect(page.getByTestId('kita-add')).toHaveText('Add Kita');
    await page.getByTestId('kita-table-row').filter({ hasText: 'Kita Sonnenschein' }).click();
    await expect(page.getByTestId('registration-copy')).toHaveText('Copy link');
    await expect(page.getByTestId('registration-download')).toHaveText('Download QR code');
    await page.getByTestId('nav-categories').click();
    await expect(page.getByTestId('page-title')).toHaveText('Categories');
    await page.getByTestId('nav-managers').click();
    await expect(page.getByTestId('page-title')).toHaveText('Managers');
    await page.getByTestId('nav-users').click();
    await expect(page.getByTestId('page-title')).toHaveText('Users');
    await expect(page.getByTestId('user-table-add')).toHaveText('Add user');
  });

  test('the dashboard and the users page pass axe on a 390px phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'admin');
    await page.getByTestId('kita-table-row').filter({ hasText: 'Kita Sonnenschein' }).click();
    await expect(page.getByTestId('registration-card')).toBeVisible();
    // The header's compact language toggle ('DE' labelled 'Deutsch') belongs to the shell and is checked there.
    const shell = { exclude: ['[data-qa="language-toggle"]'] };
    await checkScreenA11y(page, shell);
    await page.goto('/users');
    await expect(page.getByTestId('user-table-row').first()).toBeVisible();
    await checkScreenA11y(page, shell);
  });
});
