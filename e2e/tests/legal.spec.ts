import type { Page } from '@playwright/test';
import { checkScreenA11y, DEMO_PARENT, demoKita, expect, newestMessage, test } from './support';

/**
 * The privacy notice, imprint and accessibility statement are public and linked from every page
 * where a visitor gives data: login, registration, forgotten password and the preference page
 * (opened with the demo family's inquiry link from the dev mailbox).
 */
const LEGAL = {
  privacy: { de: 'Datenschutzerklärung', en: 'Privacy notice' },
  imprint: { de: 'Impressum', en: 'Imprint' },
  accessibility: { de: 'Erklärung zur Barrierefreiheit', en: 'Accessibility statement' },
} as const;
type LegalName = keyof typeof LEGAL;
const OPERATOR = 'Stadt Musterstadt, Jugendamt, Marktplatz 1, 12345 Musterstadt';

async function openFrom(page: Page, source: string, legal: LegalName, lang: 'de' | 'en') {
  await page.goto(source);
  // The preference page speaks the family's language at first; the visitor may switch.
  if (source.includes('/p/') || source.includes('/preference')) await page.getByTestId(`language-option-${lang}`).click();
  const link = page.getByTestId('legal-links').getByTestId(`legal-link-${legal}`);
  await expect(link).toHaveText(lang === 'de' ? { privacy: 'Datenschutz', imprint: 'Impressum', accessibility: 'Barrierefreiheit' }[legal] : { privacy: 'Privacy', imprint: 'Imprint', accessibility: 'Accessibility' }[legal]);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${legal}$`));
  const view = page.getByTestId(`legal-page-${legal}`);
  await expect(view.getByRole('heading', { level: 1 })).toHaveText(LEGAL[legal][lang]);
  await expect(view).toContainText(OPERATOR);
  await expect(view).not.toContainText('⟦');
  return view;
}

for (const lang of ['de', 'en'] as const) {
  test(`login, registration, forgotten password and the preference page link the three legal pages (${lang})`, async ({ page, request }) => {
    const { kitaId } = await demoKita(request);
    await page.goto('/login');
    if (lang === 'en') await page.getByTestId('language-toggle').getByTestId('language-option-en').click();
    await newestMessage(page, DEMO_PARENT.phone, 'inquiry');
    const inquiryLink = await page
      .locator(`[data-qa="mailbox-message"][data-kind="inquiry"][data-recipient="${DEMO_PARENT.phone.toLowerCase()}"] [data-qa="mailbox-link"]`)
      .first()
      .getAttribute('href');
    const sources = ['/login', `/register?kitaId=${kitaId}`, '/forgot-password', new URL(inquiryLink!).pathname + new URL(inquiryLink!).search];
    for (const source of sources) {
      for (const legal of Object.keys(LEGAL) as LegalName[]) await openFrom(page, source, legal, lang);
    }
    // The texts are true to this installation: its retention settings and its contact.
    const privacy = await openFrom(page, '/login', 'privacy', lang);
    await expect(privacy).toContainText(lang === 'de' ? 'löschen wir 90 Tage nach dem Versand' : 'deleted 90 days after sending');
    await checkScreenA11y(page);
    const accessibility = await openFrom(page, '/login', 'accessibility', lang);
    await expect(accessibility).toContainText('kita-notbetreuung@musterstadt.example');
    await expect(accessibility).toContainText('axe-core');
    await checkScreenA11y(page);
    await openFrom(page, '/login', 'imprint', lang);
    await checkScreenA11y(page);
    // The registration form says where the privacy notice is, before anything is sent.
    await page.goto(`/register?kitaId=${kitaId}`);
    await expect(page.getByTestId('register-privacy-note').getByRole('link')).toHaveAttribute('href', '/privacy');
  });
}

test("an e-mail's link opens the page in the recipient's language, on a phone too", async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto('/privacy?lang=en');
  const view = page.getByTestId('legal-page-privacy');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText('Privacy notice');
  await expect(view.locator('article')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('privacy-phone.png'), fullPage: true });
  await page.getByTestId('language-toggle').getByTestId('language-option-de').click();
  await expect(view.getByRole('heading', { level: 1 })).toHaveText('Datenschutzerklärung');
  await checkScreenA11y(page);
  await context.close();
});
