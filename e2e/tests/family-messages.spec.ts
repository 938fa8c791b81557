import type { APIRequestContext, Page } from '@playwright/test';
import { addFamily, apiData, apiLogin, apiRoutes, apiSend, checkScreenA11y, expect, login, ownKita, rowAction, settle, test, type OwnKita } from './support';

/**
 * What the manager and the families see: a closed inquiry's delivery card with the result
 * that reached nobody (per message kind, also on a 390 px phone without sideways scrolling) and the
 * dashboard's warning for it; the link after the close showing the family's result (a place, care
 * at home); deleting an inquiry that families have (the confirmation counts them, their link says
 * the Kita withdrew it); the edit dialog that says why category and type are fixed; no row menu on
 * the registrations; delete offered for a family that never took part; the parent's history with
 * the place column on a phone. A Kita of its own, families by e-mail through the dev mailbox
 * ("+failed" addresses are refused, README "Delivery states without accounts").
 */

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };

const world = (request: APIRequestContext) => ownKita(request, 'Kita Regenbogen');

async function futureEvent(request: APIRequestContext, w: OwnKita, slots: number): Promise<string> {
  const now = Date.now();
  const deadline = now + 2 * DAY;
  const event = await apiData(request, apiRoutes.events.create, {
    headers: w.headers,
    body: {
      kitaId: w.kitaId,
      categoryId: w.categoryId,
      eventType: 'future',
      opensAt: new Date(now).toISOString(),
      responseDeadline: new Date(deadline).toISOString(),
      eventDate: new Date(deadline + DAY).toISOString(),
      expireDate: new Date(deadline + 2 * DAY + 8 * 3_600_000).toISOString(),
      totalSlotsKindergarten: slots,
      confirmOverlap: true,
    },
  });
  return event.eventId;
}

/** The preference link of the newest inquiry to this address (the dev mailbox API, as a family clicks it). */
async function inquiryLink(request: APIRequestContext, email: string, count = 1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: email } });
      const inquiries = messages.filter((m) => m.kind === 'inquiry');
      link = /https?:\/\/[^\s]+\/p\/[\w-]+/.exec(inquiries[0]?.bodyText ?? '')?.[0];
      return inquiries.length >= count && !!link;
    }, { timeout: 20_000 })
    .toBe(true);
  return new URL(link!).pathname;
}

/** Nothing runs off to the right: the element is no wider than the screen. */
async function expectNoSidewaysScroll(page: Page, qa: string) {
  const overflow = await page.getByTestId(qa).first().evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
  const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(pageOverflow).toBeLessThanOrEqual(1);
}

test('a closed inquiry shows the result that reached nobody, the link shows each family its result, and a deleted inquiry says it was withdrawn', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const w = await world(request);
  const anna = await addFamily(request, w, 'Familie Anders', 'Anton', w.email('anders'));
  const bounce = await addFamily(request, w, 'Familie Prall', 'Paula', `prall-${w.stamp}+failed@familie.example`);
  const home = await addFamily(request, w, 'Familie Zuhause', 'Zoe', w.email('zuhause'));
  const eventId = await futureEvent(request, w, 1);
  const annaLink = await inquiryLink(request, w.email('anders'));
  const homeLink = await inquiryLink(request, w.email('zuhause'));
  // The bounced family phoned; the others answered too (recorded by the manager).
  await apiData(request, apiRoutes.preferences.staffAnswer, {
    params: { id: eventId },
    headers: w.headers,
    body: {
      preferences: [
        { childId: anna.childId, preferenceType: 'red' },
        { childId: bounce.childId, preferenceType: 'yellow' },
        { childId: home.childId, preferenceType: 'green' },
      ],
    },
  });

  // With answers, the edit dialog keeps category and type and says why (no offer that fails).
  await login(page, 'admin');
  await page.goto(`/kitas/${w.kitaId}/e`);
  await rowAction(page, 'events-table', 'Kindergarten', 'row-action-edit');
  const dialog = page.getByTestId('event-form-dialog');
  await expect(dialog.getByTestId('categoryId')).toBeDisabled();
  await expect(dialog.getByTestId('eventType')).toBeDisabled();
  await expect(dialog).toContainText('Es liegen schon 3 Antworten vor: Kategorie und Art bleiben, wie sie sind.');
  await settle(page);
  await dialog.screenshot({ path: testInfo.outputPath('edit-dialog-answers.png') });
  await page.keyboard.press('Escape');

  await apiData(request, apiRoutes.results.close, { params: { id: eventId }, headers: w.headers });

  // The closed inquiry's card: the result e-mail to the bounced family failed, and no other channel.
  await page.goto(`/kitas/${w.kitaId}/e/${eventId}`);
  const card = page.getByTestId('delivery-card');
  const prall = card.getByTestId('delivery-family').filter({ hasText: 'Familie Prall' });
  await expect(prall.getByTestId('delivery-kind-results')).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(prall.getByTestId('delivery-kind-results')).toHaveText('Ergebnis: Fehlgeschlagen (E-Mail-Adresse existiert nicht)');
  await expect(prall.getByTestId('delivery-needs-call')).toHaveText('Bitte anrufen');
  await card.getByTestId('delivery-toggle-all').click();
  const anders = card.getByTestId('delivery-family').filter({ hasText: 'Familie Anders' });
  await expect(anders.getByTestId('delivery-kind-results')).toHaveText(/^Ergebnis: (Zugestellt|Verschickt)$/);
  await checkScreenA11y(page);
  await card.screenshot({ path: testInfo.outputPath('delivery-card-closed-desktop.png') });
  await page.setViewportSize(PHONE);
  await expect(prall.getByTestId('delivery-kind-results')).toBeVisible();
  await expectNoSidewaysScroll(page, 'delivery-families');
  // The channel table fits the card as well (states as rows, the two channels as columns).
  const [tableBox, cardBox] = [await card.getByTestId('delivery-channels').boundingBox(), await card.boundingBox()];
  expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  await card.screenshot({ path: testInfo.outputPath('delivery-card-closed-phone.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The dashboard warns about the closed inquiry.
  await page.goto(`/kitas/${w.kitaId}/d`);
  await expect(page.getByTestId('delivery-failures-banner')).toContainText('(abgeschlossen): 1 Familie hat ihr Ergebnis nicht erhalten');

  // The link after the close shows the family's result, not "Abfrage beendet".
  const family = await page.context().browser()!.newPage({ viewport: PHONE });
  await family.goto(annaLink);
  await expect(family.getByTestId('preference-result-child').filter({ hasText: 'Anton' })).toContainText('Platz erhalten');
  await expect(family.getByTestId('preference-expired')).toHaveCount(0);
  await family.screenshot({ path: testInfo.outputPath('link-result-phone.png'), fullPage: true });
  await family.goto(homeLink);
  await expect(family.getByTestId('preference-result-child').filter({ hasText: 'Zoe' })).toContainText('Betreuung zu Hause – danke!');

  // A second inquiry, deleted after it went out: the confirmation counts the families with the link.
  const second = await futureEvent(request, w, 1);
  const secondLink = await inquiryLink(request, w.email('anders'), 2);
  await expect
    .poll(async () => (await apiData(request, apiRoutes.delivery.eventDelivery, { params: { id: second }, headers: w.headers })).rows.length)
    .toBe(3);
  await page.goto(`/kitas/${w.kitaId}/e`);
  await page.getByTestId('events-table-row').nth(0).getByTestId('row-actions').click();
  await page.getByTestId('row-action-delete').click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByTestId('event-delete-families')).toHaveText(/^2 Familien haben den Link zu dieser Abfrage bereits erhalten\./);
  await settle(page);
  await confirm.screenshot({ path: testInfo.outputPath('delete-confirmation.png') });
  await confirm.getByRole('button', { name: /löschen/i }).click();
  await expect(confirm).toBeHidden();

  // Their link now says the Kita withdrew the inquiry (not "Hoppla! … Ungültiger … Aktivierungslink").
  await family.goto(secondLink);
  await expect(family.getByTestId('preference-withdrawn')).toContainText('Diese Abfrage wurde von der Kita zurückgezogen');
  await expect(family.getByTestId('preference-withdrawn-message')).toContainText(`Kita Regenbogen ${w.stamp}`);
  await family.screenshot({ path: testInfo.outputPath('link-withdrawn-phone.png'), fullPage: true });
  await expect
    .poll(async () => (await apiData(request, apiRoutes.dev.messages, { query: { recipient: w.email('anders') } })).some((m) => m.kind === 'event_withdrawn'))
    .toBe(true);
  await family.close();
});

test('no dead ends: the registrations have no row menu, a family that never took part can be deleted', async ({ page, request }, testInfo) => {
  const w = await world(request);
  const { parentId } = await addFamily(request, w, 'Familie Ohne Abfrage', 'Olli', w.email('ohne'));
  await apiData(request, apiRoutes.accounts.register, {
    body: {
      name: 'Familie Wartend', email: w.email('wartend'), kitaId: w.kitaId, language: 'de', preferredCommunication: 'email',
      password: 'Sonnenblume-2026!', confirmPassword: 'Sonnenblume-2026!',
      children: [{ childName: 'Wanda', dateOfBirth: '2021-06-01', groupId: w.groupId }],
    },
  });
  await login(page, 'admin');
  await page.goto(`/kitas/${w.kitaId}/registration`);
  const row = page.getByTestId('registration-table-row').filter({ hasText: 'Familie Wartend' });
  await expect(row.getByTestId('registration-approve')).toBeVisible();
  await expect(row.getByTestId('row-actions')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('registrations.png') });

  await page.goto(`/kitas/${w.kitaId}/p`);
  await rowAction(page, 'parents-table', 'Familie Ohne Abfrage', 'row-action-delete');
  await page.getByRole('alertdialog').getByRole('button', { name: /löschen/i }).click();
  await expect(page.getByTestId('parents-table-row').filter({ hasText: 'Familie Ohne Abfrage' })).toHaveCount(0);
  expect((await apiSend(request, apiRoutes.parents.get, { params: { id: parentId }, headers: w.headers })).status()).toBe(404);
});

test("on a phone, the parent's history shows the place column on screen", async ({ browser }, testInfo) => {
  const page = await browser.newPage({ viewport: PHONE });
  await login(page, 'parent');
  const { user } = await apiLogin(page.request, 'parent');
  await page.goto(`/parents/${user.parentId}/history`);
  const table = page.getByTestId('history-table').first();
  await expect(table).toBeVisible();
  const header = table.locator('th').filter({ hasText: /^Platz$/ });
  await header.scrollIntoViewIfNeeded();
  // The place column is on screen, right of the date, not beyond the right edge.
  const box = (await header.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  await expect(table.locator('th').nth(1)).toHaveText('Platz');
  await expectNoSidewaysScroll(page, 'history-table');
  await page.screenshot({ path: testInfo.outputPath('history-phone.png'), fullPage: true });
  await page.close();
});
