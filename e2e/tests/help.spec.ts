import { DEMO_PARENT, expect, newestMessage, test } from './support';

/**
 * The preference page's FAQ link pointed at a placeholder address. It opens the
 * product's own help page (unless FAQ_URL names another), which explains the traffic light, how
 * places are given (rule version 2: green gives no advantage) and the care days.
 */
test('the FAQ link of the preference page opens the help page, on a phone too', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  // The demo parent's inquiry links: other tests on this server add inquiries (some closed by
  // now), so the test opens them newest first until one is still open (the demo's open strike is).
  await newestMessage(page, DEMO_PARENT.phone, 'inquiry');
  const links = await page
    .locator(`[data-qa="mailbox-message"][data-kind="inquiry"][data-recipient="${DEMO_PARENT.phone.toLowerCase()}"] [data-qa="mailbox-link"]`)
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  const faq = page.getByTestId('preference-faq');
  for (const link of links) {
    await page.goto(link);
    await expect(page.locator('[data-qa="preference-kita"], h1').first()).toBeVisible();
    if (await page.getByText(/Grün bringt dabei keinen Vorteil/).isVisible()) break;
  }
  await expect(faq).toHaveText('Häufige Fragen zur Notbetreuung');
  const href = await faq.getAttribute('href');
  expect(new URL(href!).pathname).toBe('/help');
  // The hint under the choices states the rule as it is.
  await expect(page.getByText(/Grün bringt dabei keinen Vorteil/)).toBeVisible();
  await expect(page.getByText(/Ablaufdatum|öfter verzichtet/)).toHaveCount(0);

  await page.goto(href!);
  const help = page.getByTestId('help-page');
  await expect(help.getByRole('heading', { level: 1 })).toHaveText('Häufige Fragen zur Notbetreuung');
  await expect(help.getByTestId('help-colours')).toContainText('Grün bringt kein Guthaben');
  await expect(help.getByTestId('help-credits')).toContainText('von -1 bis +1');
  await expect(help.getByTestId('help-careDays')).toContainText('Beide genannten Tage gehören dazu');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('help-phone.png'), fullPage: true });

  // In English too.
  await page.getByTestId('language-toggle').getByTestId('language-option-en').click();
  await expect(help.getByRole('heading', { level: 1 })).toHaveText('Questions about emergency care');
  await context.close();
});
