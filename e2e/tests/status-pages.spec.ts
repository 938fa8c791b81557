import { expect, expectNoA11yViolations, login, test } from './support';

test.describe('status pages', () => {
  test('/unauthorized explains the missing permission and leads an anonymous visitor to /', async ({ page }) => {
    await page.goto('/unauthorized');
    await expect(page.getByTestId('page-title')).toHaveText('Unbefugter Zugriff');
    await expect(page.getByTestId('unauthorized-text')).toContainText('Sie haben nicht die erforderlichen Berechtigungen');
    await expect(page.getByTestId('unauthorized-home')).toHaveAttribute('href', '/');
    await expectNoA11yViolations(page);
  });

  test('/unauthorized leads a Kita manager to their Kita dashboard', async ({ page }) => {
    await login(page, 'manager');
    const dashboard = new URL(page.url()).pathname;
    await page.goto('/unauthorized');
    await page.getByTestId('unauthorized-home').click();
    await expect(page).toHaveURL(new RegExp(`${dashboard}$`));
  });

  test('/error shows the default message and a Home button', async ({ page }) => {
    await page.goto('/error');
    await expect(page.getByTestId('page-title')).toHaveText('Hoppla! Etwas ist schiefgelaufen');
    await expect(page.getByTestId('error-message')).toHaveText('Ein unerwarteter Fehler ist aufgetreten.');
    await expectNoA11yViolations(page);
    await page.getByTestId('error-home').click();
    // Home for an anonymous visitor is '/', which is guarded: the login page follows.
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/error shows the message handed over in the navigation state', async ({ page }) => {
    await page.goto('/login');
    // react-router keeps navigation state under history.state.usr; a reload reads it back.
    await page.evaluate(() => window.history.pushState({ usr: { message: 'Token fehlt oder ist ungültig.' }, key: 'e2e', idx: 1 }, '', '/error'));
    await page.reload();
    await expect(page.getByTestId('error-message')).toHaveText('Token fehlt oder ist ungültig.');
  });

  test('an unknown path shows the 404 page inside the shell', async ({ page }) => {
    await login(page, 'manager');
    const dashboard = new URL(page.url()).pathname;
    await page.goto('/does-not-exist');
    await expect(page.getByTestId('not-found')).toContainText('Seite nicht gefunden');
    await expect(page.getByTestId('app-sidebar')).toBeVisible();
    await expect(page.getByTestId('not-found-home')).toHaveAttribute('href', dashboard);
    await expectNoA11yViolations(page);
  });
});
