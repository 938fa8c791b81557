import type { APIRequestContext } from '@playwright/test';
import { apiData, apiLogin, apiRoutes, checkScreenA11y, expect, expectNoA11yViolations, expectToast, login, test } from './support';

/**
 * Delivery the manager can see: a Kita of its own with 200 families (so the demo Kita
 * stays as the other journeys expect it), an immediate inquiry created on screen, the fan-out's
 * progress and counts, a family whose e-mail bounced with its reason in words, resend, and the
 * answer of a family reached by phone. The dev mailbox simulates the failures by recipient
 * (README "Delivery states without accounts").
 */

const FAMILIES = 200;

/** A Kita with a Kindergarten group and FAMILIES families by e-mail; two of them cannot be reached. */
async function kitaWithFamilies(request: APIRequestContext): Promise<string> {
  const { headers } = await apiLogin(request, 'admin');
  const stamp = Date.now().toString(36);
  const kita = await apiData(request, apiRoutes.kitas.create, { headers, body: { kitaName: `Kita Zustellung ${stamp}`, location: 'Leipzig' } });
  const category = await apiData(request, apiRoutes.categories.create, { headers, body: { categoryName: 'Kindergarten', kitaId: kita.kitaId } });
  const group = await apiData(request, apiRoutes.groups.create, { headers, body: { groupName: 'Sonnengruppe', categoryId: category.categoryId } });
  const tag = (i: number) => (i === 0 ? '+failed' : i === 1 ? '+full' : '');
  const name = (i: number) => (i === 0 ? 'Familie Abgemeldet' : i === 1 ? 'Familie Vollpost' : `Familie ${String(i).padStart(3, '0')}`);
  for (let i = 0; i < FAMILIES; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, FAMILIES - i) }, (_, k) => i + k).map(async (n) =>
        apiData(request, apiRoutes.children.create, {
          headers,
          body: {
            childName: `Kind ${n}`,
            dateOfBirth: '2021-05-06',
            groupId: group.groupId,
            newParent: { name: name(n), email: `f${n}-${stamp}${tag(n)}@familie.example`, kitaId: kita.kitaId, preferredCommunication: 'email', isAnonymous: false, language: 'de' },
          },
        }),
      ),
    );
  }
  return kita.kitaId;
}

test('the manager watches a 200-family fan-out, sees a bounced family with its reason, resends, and records a phoned-in answer', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const kitaId = await kitaWithFamilies(request);

  await login(page, 'admin');
  await page.goto(`/kitas/${kitaId}/e`);
  await page.getByTestId('event-add').click();
  await page.getByTestId('categoryId').click();
  await page.getByRole('option', { name: 'Kindergarten' }).click();
  await page.getByTestId('eventType').click();
  await page.getByTestId('eventType-option-immediate').click();
  await page.getByTestId('totalSlotsKindergarten').fill('20');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await page.getByTestId('event-form-submit').click();
  await expectToast(page, 'Die Bedarfsabfrage wurde angelegt.');

  // The fan-out: the progress line counts up to all 200 messages while the page polls.
  const card = page.getByTestId('delivery-card');
  await expect(card).toBeVisible();
  await expect(page.getByTestId('delivery-progress-line')).toContainText(`${FAMILIES}`);
  const progress = page.getByTestId('delivery-progress').getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  // Two of them bounced: the line does not say that all went out.
  await expect(page.getByTestId('delivery-progress-line')).toHaveText(`Versand beendet: 2 von ${FAMILIES} Nachrichten sind fehlgeschlagen.`);
  await expect(page.getByTestId('delivery-count-delivered-value')).toHaveText(`${FAMILIES - 2}`);
  await expect(page.getByTestId('delivery-count-failed-value')).toHaveText('2');
  await expect(page.getByTestId('delivery-channel-email-delivered')).toHaveText(`${FAMILIES - 2}`);
  await expect(page.getByTestId('delivery-channel-email-failed')).toHaveText('2');
  await expect(page.getByTestId('delivery-reminder')).toContainText('Erinnerung an Familien ohne Antwort: geplant für');
  await checkScreenA11y(page);
  await card.screenshot({ path: testInfo.outputPath('delivery-card.png') });

  // The families that were not reached, with the reason in words.
  const bounced = page.getByTestId('delivery-family').filter({ hasText: 'Familie Abgemeldet' });
  await expect(bounced.getByTestId('delivery-reason')).toHaveText('E-Mail-Adresse existiert nicht');
  await expect(bounced.getByTestId('delivery-needs-call')).toHaveText('Bitte anrufen');
  const full = page.getByTestId('delivery-family').filter({ hasText: 'Familie Vollpost' });
  await expect(full.getByTestId('delivery-reason')).toHaveText('Postfach voll');

  // Resend to one family: a second message appears in its row (it bounces again: same address).
  await full.getByTestId('delivery-resend').click();
  await expectToast(page, '1 Nachricht wird erneut gesendet.');
  await expect(full.locator('li')).toHaveCount(2);

  // Reached by phone: the record-answer dialog opens for the family's child; the answer counts.
  await checkScreenA11y(page); // closes the toasts first: a click on one would close the dialog
  await bounced.getByTestId('delivery-phoned').click();
  const dialog = page.getByTestId('record-answer-dialog');
  await expect(dialog).toContainText('Kind 0');
  await expectNoA11yViolations(page);
  await dialog.getByTestId('record-red').click();
  await expectToast(page, 'Die Antwort wurde gespeichert.');
  await expect(bounced).toContainText('Beantwortet');
  await expect(bounced.getByTestId('delivery-phoned')).toHaveCount(0);

  // The dashboard lists the inquiry with the family still not reached (the other one answered by phone).
  await page.goto(`/kitas/${kitaId}/d`);
  await expect(page.getByTestId('delivery-failures-banner')).toContainText('1 Familie nicht erreicht');
  await checkScreenA11y(page);

  // All families: the list is one click away and scrolls.
  await page.getByTestId('delivery-failures-link').click();
  await page.getByTestId('delivery-toggle-all').click();
  await expect(page.getByTestId('delivery-family')).toHaveCount(FAMILIES);
  await checkScreenA11y(page);
});
