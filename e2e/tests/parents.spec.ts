import type { Page } from '@playwright/test';
import { choose, expect, expectNoA11yViolations, expectToast, login, test } from './support';

/**
 * Parents and children, staff side: the manager of the demo Kita adds a child with a new parent,
 * approves a pending registration, and checks a parent's verified contact data.
 */

/** Logs the demo manager in and returns the id of their Kita (from the dashboard URL). */
async function managerKita(page: Page): Promise<string> {
  await login(page, 'manager');
  await page.waitForURL(/\/kitas\/[0-9a-f-]{36}\/d/);
  return /\/kitas\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
}

test('a manager adds a child with a new parent from the children page', async ({ page }) => {
  const kitaId = await managerKita(page);
  await page.goto(`/kitas/${kitaId}/children`);
  await expect(page.getByTestId('children-table-row').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByTestId('children-table-add').click();
  await expect(page.getByTestId('child-form-dialog')).toBeVisible();
  // Submitting empty shows the missing-parent rule (docs/domain.md "Validation").
  await page.getByTestId('child-form-submit').click();
  await expect(page.getByTestId('child-form-dialog')).toContainText('Elternteil fehlt – bitte ein Elternteil auswählen oder ein neues eingeben');

  await page.getByTestId('child-name').fill('Frida Neumeier');
  await page.getByTestId('child-date-of-birth').click();
  await page.getByTestId('calendar-year').selectOption('2022');
  await page.getByTestId('calendar-month').selectOption({ index: 4 });
  await page.getByTestId('calendar-day-15').click();
  await expect(page.getByTestId('child-date-of-birth')).toHaveText(/15\.05\.2022/);
  await page.getByTestId('child-group').click();
  await page.getByRole('option', { name: 'Kindergarten : Füchse' }).click();

  await page.getByTestId('child-parent-mode-new').click();
  await expect(page.getByTestId('child-new-parent')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByTestId('new-parent-name').fill('Jana Neumeier');
  await page.getByTestId('new-parent-email').fill('jana.neumeier@example.de');
  await choose(page, 'new-parent-communication', 'sms');
  await page.getByTestId('child-form-submit').click();
  // SMS needs a phone (docs/domain.md "Validation"): the form says so and stays open.
  await expect(page.getByTestId('child-new-parent')).toContainText('Für SMS wird eine Telefonnummer benötigt');
  await page.getByTestId('new-parent-phone').fill('0176 111 22 23');
  await page.getByTestId('child-form-submit').click();
  await expect(page.getByTestId('child-form-dialog')).toBeHidden();
  await expectToast(page, 'Das Kind wurde hinzugefügt.');

  const row = page.getByTestId('children-table-row').filter({ hasText: 'Frida Neumeier' });
  await expect(row).toContainText('Kindergarten : Füchse');
  await expect(row).toContainText('Jana Neumeier');

  // The new parent is in the parents list and has the child.
  await page.goto(`/kitas/${kitaId}/p`);
  await page.getByTestId('parents-table-search').fill('Neumeier');
  await page.getByTestId('parents-table-row').filter({ hasText: 'Jana Neumeier' }).click();
  await expect(page).toHaveURL(new RegExp(`/kitas/${kitaId}/p/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('page-title')).toHaveText('Jana Neumeier');
  await expect(page.getByTestId('parent-children-row')).toContainText('Frida Neumeier');
  await expect(page.getByTestId('info-phone')).toContainText('+49 176 1112223');
  await expect(page.getByTestId('info-phone').getByTestId('icon-unverified')).toBeVisible();
});

test('a manager approves a pending registration from the registration list', async ({ page }) => {
  const kitaId = await managerKita(page);
  await page.goto(`/kitas/${kitaId}/registration`);
  const row = page.getByTestId('registration-table-row').filter({ hasText: 'Katrin Albrecht' });
  await expect(row).toContainText('katrin.albrecht@eltern.example');
  await expect(row.getByTestId('registration-child')).toContainText(/Kindergarten|Krippe/);
  await expectNoA11yViolations(page);

  // Row click opens the parent inside the Kita, with the 'registered' badge and approve button.
  await row.getByText('Katrin Albrecht').click();
  await expect(page).toHaveURL(new RegExp(`/kitas/${kitaId}/p/[0-9a-f-]{36}$`));
  await expect(page.getByTestId('badge-registered')).toBeVisible();
  await expect(page.getByTestId('parent-approve')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.goBack();

  await page.getByTestId('registration-table-row').filter({ hasText: 'Katrin Albrecht' }).getByTestId('registration-approve').click();
  await expectToast(page, 'Die Registrierung wurde freigegeben.');
  await expect(page.getByTestId('registration-table-row').filter({ hasText: 'Katrin Albrecht' })).toHaveCount(0);

  await page.goto(`/kitas/${kitaId}/p`);
  await page.getByTestId('parents-table-search').fill('Katrin Albrecht');
  await expect(page.getByTestId('parents-table-row').filter({ hasText: 'Katrin Albrecht' })).toContainText('Aktiv');
});

test('parent details show the verified icons, account info and children; the list and form pass axe', async ({ page }) => {
  const kitaId = await managerKita(page);
  await page.goto(`/kitas/${kitaId}/p`);
  await expect(page.getByTestId('parents-table-row').first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByTestId('parents-add').click();
  await expect(page.getByTestId('parent-form-dialog')).toBeVisible();
  await page.getByTestId('parent-anonymous').click();
  await expect(page.getByTestId('parent-email')).toBeDisabled();
  await expectNoA11yViolations(page);
  await page.keyboard.press('Escape');

  await page.getByTestId('parents-table-search').fill('Julia Schneider');
  await page.getByTestId('parents-table-row').filter({ hasText: 'Julia Schneider' }).click();
  await expect(page.getByTestId('page-title')).toHaveText('Julia Schneider');
  await expect(page.getByTestId('info-email').getByTestId('icon-verified')).toBeVisible();
  await expect(page.getByTestId('info-phone').getByTestId('icon-verified')).toBeVisible();
  await expect(page.getByTestId('info-email-verify')).toHaveCount(0);
  await expect(page.getByTestId('info-communication')).toContainText('SMS');
  await expect(page.getByTestId('info-language')).toContainText('Deutsch');
  await expect(page.getByTestId('info-account')).toContainText('Aktiv');
  await expect(page.getByTestId('parent-approve')).toHaveCount(0);
  await expect(page.getByTestId('parent-children-row')).toHaveCount(2);
  await expectNoA11yViolations(page);

  // Outside a Kita the heading adds the location.
  await page.getByTestId('page-title').waitFor();
  const parentUrl = page.url().replace(/.*\/p\//, '/parents/');
  await page.goto(parentUrl);
  await expect(page.getByTestId('page-title')).toContainText('Berlin');

  // An unknown id shows the not-found text with the id.
  await page.goto('/parents/0b5f3c1e-0000-4000-8000-000000000000');
  await expect(page.getByTestId('not-found')).toContainText('0b5f3c1e-0000-4000-8000-000000000000');
});

test('a parent sees their own details and children, may correct a child but not add one', async ({ page }) => {
  await login(page, 'parent');
  await page.waitForURL(/\/parents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('page-title')).toContainText('Julia Schneider');
  await expect(page.getByTestId('parent-children-row')).toHaveCount(2);
  await expect(page.getByTestId('parent-children-add')).toHaveCount(0);
  await expect(page.getByTestId('reset-credits')).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByTestId('parent-children-row').filter({ hasText: 'Lena Schneider' }).getByTestId('row-actions').click();
  await expect(page.getByTestId('row-action-delete')).toHaveCount(0);
  await page.getByTestId('row-action-edit').click();
  await expect(page.getByTestId('child-group')).toHaveCount(0);
  await expect(page.getByTestId('child-parent-mode')).toHaveCount(0);
  await page.getByTestId('child-name').fill('Lena Marie Schneider');
  await page.getByTestId('child-form-submit').click();
  await expect(page.getByTestId('child-form-dialog')).toBeHidden();
  await expect(page.getByTestId('parent-children-row').filter({ hasText: 'Lena Marie Schneider' })).toContainText('Kindergarten');

  // Back to the seeded name: the specs that run after this one on the same server find Lena as seeded.
  await page.getByTestId('parent-children-row').filter({ hasText: 'Lena Marie Schneider' }).getByTestId('row-actions').click();
  await page.getByTestId('row-action-edit').click();
  await page.getByTestId('child-name').fill('Lena Schneider');
  await page.getByTestId('child-form-submit').click();
  await expect(page.getByTestId('child-form-dialog')).toBeHidden();
  await expect(page.getByTestId('parent-children-row').filter({ hasText: 'Lena Schneider' })).toBeVisible();
});
