import { expect, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './helpers';

/** Logs any staff account in through the login page (the demo helper knows only the seed logins). */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-role-staff').click();
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-header')).toBeVisible();
}

/** Picks an option of a SelectField (Radix select: trigger `qa`, options `qa-option-<value>`). */
export async function choose(page: Page, qa: string, value: string): Promise<void> {
  await page.getByTestId(qa).click();
  await page.getByTestId(`${qa}-option-${value}`).click();
}

/** Opens the actions menu of the table row that contains `text` and picks an entry. */
export async function rowAction(page: Page, table: string, text: string, action: string): Promise<void> {
  await page.getByTestId(`${table}-row`).filter({ hasText: text }).getByTestId('row-actions').click();
  await page.getByTestId(action).click();
}

/** Waits for the success toast with `text` (spec 8: one toast at a time). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Submits a form dialog and waits until it has closed (success closes it, spec section 2). */
export async function submitDialog(page: Page, qa: string): Promise<void> {
  await page.getByTestId(`${qa}-submit`).click();
  await expect(page.getByTestId(qa)).toBeHidden();
}

/**
 * axe on a structure screen. Open toasts are closed first: a toast is not part of the screen, and
 * sonner's rich success colours (#008a2e on #ecfdf3, 4.25:1) are the shell's to fix.
 */
export async function checkScreenA11y(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const toasts = page.locator('[data-sonner-toast]');
  // Queued toasts (one is visible at a time) move up as the front one closes; they animate, so click without waiting for stability.
  for (let i = 0; i < 10 && (await toasts.count()) > 0; i++) {
    await toasts.first().locator('[data-close-button]').click({ force: true, timeout: 2_000 }).catch(() => undefined);
    await page.waitForTimeout(300);
  }
  await expect(toasts).toHaveCount(0);
  await expectNoA11yViolations(page, options);
}
