import { expect, expectToast, login, test } from './support';

/**
 * Operators: the Admin's delivery test sends an SMS and an e-mail and shows the
 * provider's answer and delivery report; an account-level refusal (the dev mailbox simulates one
 * for numbers ending 9995) pauses SMS with a banner in words, and the Admin resumes it.
 */
test('the Admin sends test messages, sees the delivery report, and resumes a paused SMS channel', async ({ page }, testInfo) => {
  await login(page, 'admin');
  await page.goto('/delivery-test');
  await expect(page.getByRole('heading', { name: 'Zustelltest' })).toBeVisible();
  await page.getByTestId('delivery-test-phone').fill('0171 3920 001');
  await page.getByTestId('delivery-test-email').fill('betrieb@kita.example');
  await page.getByTestId('delivery-test-send').click();
  await expectToast(page, 'Testnachrichten sind unterwegs.');
  const rows = page.getByTestId('delivery-test-row');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('delivery-test-state').first()).toContainText('Zugestellt', { timeout: 15_000 });
  await expect(page.getByTestId('delivery-test-state').nth(1)).toContainText('Zugestellt', { timeout: 15_000 });

  // A number the provider refuses for the account: SMS pauses for everyone, nothing fails.
  await page.getByTestId('delivery-test-phone').fill('0171 3929 995');
  await page.getByTestId('delivery-test-email').fill('');
  await page.getByTestId('delivery-test-send').click();
  const banner = page.getByTestId('channel-pause-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner).toContainText('SMS-Versand angehalten');
  await expect(banner).toContainText('Testkonto');
  await expect(page.getByTestId('delivery-test-state').first()).toContainText('Ausstehend');
  await page.screenshot({ path: testInfo.outputPath('delivery-test-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('delivery-test-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByTestId('channel-pause-resume').click();
  await expectToast(page, 'Der Versand läuft wieder.');
  await expect(banner).toHaveCount(0);
});
