import { expect, expectNoA11yViolations, login, test } from './support';

test.describe('language toggle', () => {
  test('switches the login page to English and keeps the choice', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('language-toggle').getByTestId('language-option-en').click();
    await expect(page.getByTestId('login-title')).toHaveText('Log in');
    await expect(page.getByTestId('login-role-parent')).toHaveText('Parent');
    await expect(page.getByTestId('login-role-staff')).toHaveText('Staff');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByTestId('language-option-en')).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    await page.reload();
    await expect(page.getByTestId('login-title')).toHaveText('Log in');
    await page.getByTestId('language-toggle').getByTestId('language-option-de').click();
    await expect(page.getByTestId('login-title')).toHaveText('Anmelden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('switches the texts of the app shell', async ({ page }) => {
    await login(page, 'admin');
    await expect(page.getByTestId('logout')).toContainText('Abmelden');
    await expect(page.getByTestId('sidebar-group-management')).toContainText('Verwaltung');
    await page.getByTestId('language-toggle').getByTestId('language-option-en').click();
    await expect(page.getByTestId('logout')).toContainText('Log out');
    await expect(page.getByTestId('sidebar-group-management')).toContainText('Management');
    await expect(page.getByTestId('nav-users')).toContainText('Users');
  });
});

test.describe('app shell', () => {
  test('passes axe with the sidebar open', async ({ page }) => {
    await login(page, 'manager');
    await expect(page.getByTestId('app-sidebar')).toBeVisible();
    await expectNoA11yViolations(page);
  });

  test('ctrl+b collapses the sidebar to icons and the state survives a reload (cookie)', async ({ page, context }) => {
    await login(page, 'admin');
    const sidebar = page.locator('[data-slot="sidebar"]').first();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    // Kept for 7 days.
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 24 * 3600);
    await page.reload();
    await expect(page.locator('[data-slot="sidebar"]').first()).toHaveAttribute('data-state', 'collapsed');
    await page.getByTestId('sidebar-trigger').click();
    await expect(page.locator('[data-slot="sidebar"]').first()).toHaveAttribute('data-state', 'expanded');
  });

  test('below 768px the sidebar is a sheet opened by the trigger', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, 'admin');
    await expect(page.getByTestId('sidebar-mobile')).toHaveCount(0);
    await page.getByTestId('sidebar-trigger').click();
    const sheet = page.getByTestId('sidebar-mobile');
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('nav-users')).toBeVisible();
    await expectNoA11yViolations(page);
    await sheet.getByTestId('nav-users').click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByTestId('sidebar-mobile')).toHaveCount(0);
  });
});
