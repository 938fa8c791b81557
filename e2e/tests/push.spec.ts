import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { addFamily, apiData, apiRoutes, expect, expectNoA11yViolations, login, ownKita, parentLogin, test, type OwnKita } from './support';

/**
 * The installable parent app in Chromium: the manifest and its icons, the service worker (the app
 * shell offline, never an /api answer), and its push and notification-click handlers with a push
 * message delivered through DevTools (ServiceWorker.deliverPushMessage), as a push service would.
 * With the server: the notifications card on the preference page and the family's page, and the
 * whole way of a family that allowed them (inquiry by push, answered from the notification, the
 * place by push, into the calendar), the server's pushes decrypted by the local push service.
 */

const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };

const world = (request: APIRequestContext) => ownKita(request, 'Kita Glockenblume');

/** A planned inquiry, open now, answers due in two days (dates from the test's clock). */
async function futureEvent(request: APIRequestContext, w: OwnKita): Promise<string> {
  const now = Date.now();
  const deadline = now + 2 * DAY;
  const event = await apiData(request, apiRoutes.events.create, {
    headers: w.headers,
    body: {
      kitaId: w.kitaId, categoryId: w.categoryId, eventType: 'future', opensAt: new Date(now).toISOString(), responseDeadline: new Date(deadline).toISOString(),
      eventDate: new Date(deadline + DAY).toISOString(), expireDate: new Date(deadline + 2 * DAY + 8 * 3_600_000).toISOString(), totalSlotsKindergarten: 1, confirmOverlap: true,
    },
  });
  return event.eventId;
}

/** The preference link of the newest inquiry to this address (the dev mailbox). */
async function inquiryLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: email } });
      link = /https?:\/\/[^\s]+\/p\/[\w-]+/.exec(messages.find((m) => m.kind === 'inquiry')?.bodyText ?? '')?.[0];
      return !!link;
    }, { timeout: 20_000 })
    .toBe(true);
  return new URL(link!).pathname;
}

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the page is controlled by the active worker (its first load is not yet). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** Every URL in the worker's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

/** Delivers a push message to the page's service worker as the browser's push service would (DevTools). */
async function deliverPush(context: BrowserContext, page: Page, data: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && new URL(r.scopeURL).pathname === '/');
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registrations;
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data });
  await cdp.detach();
}

test('the manifest makes the parent app installable and both pages link it', async ({ page }) => {
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.ok()).toBeTruthy();
  const manifest = (await response.json()) as Record<string, unknown> & { icons: Array<{ src: string; sizes: string; type: string; purpose: string }> };
  expect(manifest).toMatchObject({ name: 'Kita Notbetreuung', start_url: '/', scope: '/', display: 'standalone', theme_color: '#facc15' });
  expect(manifest.short_name).toBeTruthy();
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of manifest.icons) {
    const png = await page.request.get(icon.src);
    expect(png.headers()['content-type']).toBe('image/png');
    const [width] = icon.sizes.split('x').map(Number);
    expect(pngSize(await png.body())).toEqual({ width, height: width });
  }
  // Both HTML pages: the app (/login, every app path) and the preference page (/p/…, /preference).
  for (const path of ['/login', '/p/abc', '/preference?token=abc']) {
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
  }
  await page.goto('/login');
  // Chromium's own reading of the manifest: no errors, the icons found.
  const cdp = await page.context().newCDPSession(page);
  const { errors, parsed } = (await cdp.send('Page.getAppManifest' as never)) as unknown as { errors: unknown[]; parsed?: { name?: string } };
  expect(errors).toEqual([]);
  expect(parsed?.name ?? 'Kita Notbetreuung').toBe('Kita Notbetreuung');
});

test('the service worker keeps the shell: the parent page and the preference page load offline, /api is never cached', async ({ page, context }) => {
  await login(page, 'parent');
  await page.waitForURL(/\/parents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('parent-details-page')).toBeVisible();
  await controlled(page);
  const sw = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL);
  expect(sw).toMatch(/\/sw\.js$/);
  // The scripts and styles the first load fetched before the worker ran are handed to it.
  const entry = await page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')!.src).pathname);
  await expect.poll(() => cachedUrls(page)).toContain(entry);
  const cached = await cachedUrls(page);
  expect(cached).toEqual(expect.arrayContaining(['/index.html', '/preference.html', '/manifest.webmanifest', '/icons/icon-192.png']));
  expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  // The app's frame comes from the cache; the family's data would need the server.
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByRole('alert').or(page.getByText('Erneut versuchen')).first()).toBeVisible();
  // An API request offline fails instead of being answered from a cache.
  expect(await page.evaluate(() => fetch('/api/health').then(() => 'answered', () => 'failed'))).toBe('failed');
  await context.setOffline(false);
  expect((await cachedUrls(page)).filter((url) => url.startsWith('/api/'))).toEqual([]);
});

test('after answering on the preference page the family is offered notifications; the page opens offline after one visit', async ({ browser, baseURL, request }, testInfo) => {
  const w = await world(request);
  await addFamily(request, w, 'Familie Glocke', 'Greta', w.email('glocke'));
  await futureEvent(request, w);
  const link = await inquiryLink(request, w.email('glocke'));

  const context = await browser.newContext({ baseURL, viewport: PHONE, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const subscriber = await newSubscriber(request);
  await standInPushManager(context, subscriber);
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('preference-child')).toBeVisible();
  // Never asked before the family did something.
  await expect(page.getByTestId('push-card')).toHaveCount(0);
  await page.getByTestId('preference-option-green').click();
  await expect(page.getByTestId('preference-chosen-green')).toBeVisible();
  const card = page.getByTestId('push-card');
  await expect(card).toHaveAttribute('data-state', 'ask');
  await expect(card).toContainText('Sie erhalten Abfragen und Ergebnisse kostenlos als Benachrichtigung; ohne Reaktion folgt wie bisher SMS/E-Mail.');
  await expect(card.getByTestId('push-allow')).toBeVisible();
  await expectNoA11yViolations(page);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('preference-push-card-phone.png'), fullPage: true });

  // Allowed from here, with the link's session (no login).
  await card.getByTestId('push-allow').click();
  await expect(card).toHaveAttribute('data-state', 'on');

  await controlled(page);
  const entry = await page.evaluate(() => new URL(document.querySelector<HTMLScriptElement>('script[type="module"]')!.src).pathname);
  expect(entry).toMatch(/^\/assets\/preference-/);
  await expect.poll(() => cachedUrls(page)).toContain(entry);
  await context.setOffline(true);
  await page.reload();
  // Offline the link cannot be checked: the page says so instead of the browser's error page.
  await expect(page.getByTestId('preference-error')).toBeVisible();
  expect((await cachedUrls(page)).filter((url) => url.startsWith('/api/'))).toEqual([]);
  await context.close();
});

test('a push message shows a notification; tapping it reports the ref and opens the linked page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await login(page, 'parent');
  await page.waitForURL(/\/parents\/[0-9a-f-]{36}$/);
  const ownPage = new URL(page.url()).pathname;
  await controlled(page);

  const payload = { title: 'Kita Sonnenschein', body: 'Neue Abfrage zur Notbetreuung', url: '/privacy', ref: 'ref-123', tag: 'inquiry:e-1' };
  await deliverPush(context, page, JSON.stringify(payload));
  const shown = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    for (let i = 0; i < 50; i++) {
      const list = await registration.getNotifications();
      if (list.length) return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, icon: n.icon, data: n.data as unknown }));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return [];
  });
  expect(shown).toEqual([{ title: 'Kita Sonnenschein', body: 'Neue Abfrage zur Notbetreuung', tag: 'inquiry:e-1', icon: expect.stringMatching(/\/icons\/icon-192\.png$/), data: { url: '/privacy', ref: 'ref-123' } }]);

  // The tap: DevTools has no click on a notification, so the worker gets the event it would.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeTruthy();
  await worker!.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean; fetch: typeof fetch; sent?: string[] };
    // What the worker sends, seen at its fetch (the server's push routes answer for themselves).
    const send = scope.fetch.bind(scope);
    scope.sent = [];
    scope.fetch = (input, init) => {
      if (String(input).includes('/api/')) scope.sent!.push(`${init?.method ?? 'GET'} ${String(input)} ${String(init?.body ?? '')} keepalive=${String(init?.keepalive)}`);
      return send(input, init);
    };
    const [notification] = await scope.registration.getNotifications();
    const Click = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new Click('notificationclick', { notification: notification! }));
  });
  await expect.poll(() => worker!.evaluate(() => (self as unknown as { sent: string[] }).sent)).toEqual([`POST /api/push/opened ${JSON.stringify({ ref: 'ref-123' })} keepalive=true`]);
  // The open window of the app goes to the linked page.
  await page.waitForURL(/\/privacy$/);
  expect(ownPage).not.toBe('/privacy');
  expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).length)).toBe(0);
});

// ---------------------------------------------------------------------------------------------
// With the server: subscription, push through the local push service, notification, answer

/** The push stand-in started by playwright.config.ts (apps/server/test/push-service.ts). */
const pushService = () => `http://127.0.0.1:${process.env.E2E_PUSH_PORT}`;
type Subscriber = { id: string; endpoint: string; subscription: { endpoint: string; keys: { p256dh: string; auth: string } } };
type PushRecord = { subscriberId: string; status: number; payload: string | null; problem: string | null };

/** A "browser" of the stand-in: its keys stay there, so it decrypts what the server sends to it. */
async function newSubscriber(request: APIRequestContext): Promise<Subscriber> {
  return (await (await request.post(`${pushService()}/subscribers`, { data: {} })).json()) as Subscriber;
}

/** The decrypted payloads the stand-in received for a subscriber. */
async function pushesTo(request: APIRequestContext, subscriberId: string): Promise<PushRecord[]> {
  const all = (await (await request.get(`${pushService()}/messages`)).json()) as PushRecord[];
  return all.filter((m) => m.subscriberId === subscriberId);
}

/**
 * Chromium here has no way to the real push services, so PushManager answers at its boundary with
 * the stand-in's subscription (the key the page passed is kept for the test to compare); the rest
 * (permission, service worker, notifications) is the browser's own.
 */
async function standInPushManager(context: BrowserContext, subscriber: Subscriber): Promise<void> {
  await context.addInitScript((sub) => {
    const KEY = 'test-push-subscribed';
    const make = () => ({
      endpoint: sub.subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      toJSON: () => ({ endpoint: sub.subscription.endpoint, expirationTime: null, keys: sub.subscription.keys }),
      unsubscribe: async () => (localStorage.removeItem(KEY), true),
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : new Uint8Array();
      localStorage.setItem('test-push-key', btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''));
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
    };
  }, subscriber);
}

/** A family of the test's Kita with a login (registered, approved, e-mail confirmed). */
async function familyWithLogin(request: APIRequestContext, w: OwnKita, name: string, email: string, password: string): Promise<string> {
  const { parentId } = await apiData(request, apiRoutes.accounts.register, {
    body: {
      name, email, kitaId: w.kitaId, language: 'de', preferredCommunication: 'email', password, confirmPassword: password,
      children: [{ childName: 'Fritz', dateOfBirth: '2021-06-01', groupId: w.groupId }],
    },
  });
  await apiData(request, apiRoutes.parents.approve, { params: { id: parentId }, headers: w.headers });
  const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: email } });
  const token = /verify-email\?token=([\w-]+)/.exec(messages.find((m) => m.kind === 'activation')!.bodyText)![1]!;
  await apiData(request, apiRoutes.accounts.activate, { query: { token } });
  return parentId;
}

/** Delivers a push to the page's worker, waits for its notification and taps it (the worker's notificationclick). */
async function showAndTap(context: BrowserContext, page: Page, data: string, title: string): Promise<void> {
  await deliverPush(context, page, data);
  const worker = context.serviceWorkers()[0]!;
  await expect.poll(() => worker.evaluate(async () => (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map((n) => n.title))).toEqual([title]);
  await worker.evaluate(async () => {
    const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
    const [notification] = await scope.registration.getNotifications();
    const Click = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent;
    scope.dispatchEvent(new Click('notificationclick', { notification: notification! }));
  });
}

/** A family with a login whose browser (the stand-in's subscriber) allows notifications on the family's own page. */
async function subscribedFamily(browser: Browser, baseURL: string, request: APIRequestContext) {
  const w = await world(request);
  const email = w.email('funk');
  const parentId = await familyWithLogin(request, w, 'Familie Funk', email, 'geheim-123');
  const subscriber = await newSubscriber(request);
  const context = await browser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await standInPushManager(context, subscriber);
  const page = await context.newPage();
  await parentLogin(page, email, 'geheim-123');
  await page.waitForURL(new RegExp(`/parents/${parentId}$`));
  const card = page.getByTestId('push-card');
  await expect(card).toHaveAttribute('data-state', 'ask');
  await expect(card.getByTestId('push-devices')).toContainText('Noch kein Gerät erhält Benachrichtigungen.');
  await card.getByTestId('push-allow').click();
  await expect(card).toHaveAttribute('data-state', 'on');
  await expect(card.getByTestId('push-devices')).toContainText('1 Gerät');
  return { w, email, parentId, subscriber, context, page, card };
}

test("a parent allows notifications on their page: the device is stored with the server's key, listed and removed", async ({ browser, baseURL, request }, testInfo) => {
  const { page, card, context } = await subscribedFamily(browser, baseURL!, request);
  await expect(card.getByTestId('push-device')).toContainText('Chrome · Linux');
  // The browser subscribed with the server's key.
  const { publicKey } = await apiData(request, apiRoutes.push.publicKey);
  expect(await page.evaluate(() => localStorage.getItem('test-push-key'))).toBe(publicKey);
  await expectNoA11yViolations(page);
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('parent-push-card-desktop.png') });
  await page.screenshot({ path: testInfo.outputPath('parent-page-desktop.png') });
  // On a phone (reloaded at that size): still on, nothing runs off to the right.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(card).toHaveAttribute('data-state', 'on');
  await expect(card.getByTestId('push-device')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await card.screenshot({ path: testInfo.outputPath('parent-push-card-phone.png') });
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);

  // Removing the device empties the list.
  await card.getByRole('button', { name: 'Chrome · Linux entfernen' }).click();
  await expect(card.getByTestId('push-devices')).toContainText('Noch kein Gerät erhält Benachrichtigungen.');
  await context.close();
});

test('a subscribed family gets the inquiry as a push, answers from it, gets its place as a push and adds it to the calendar', async ({ browser, baseURL, request }) => {
  test.setTimeout(150_000);
  const { w, email, parentId, subscriber, context, page } = await subscribedFamily(browser, baseURL!, request);
  await controlled(page);

  // The manager opens an inquiry: the family's device gets it as a push (the stand-in decrypts it as the browser would).
  const eventId = await futureEvent(request, w);
  let record: PushRecord | undefined;
  await expect
    .poll(async () => {
      record = (await pushesTo(request, subscriber.id)).find((m) => m.payload?.includes('"url"'));
      return record?.status;
    }, { timeout: 30_000 })
    .toBe(201);
  const payload = JSON.parse(record!.payload!) as { title: string; body: string; url: string; ref: string; tag: string };
  expect(payload.title).toContain('Kita Glockenblume');
  expect(payload.url).toMatch(/^\/p\/[\w-]+$/);
  expect(payload.tag).toContain(eventId);
  expect(record!.payload).not.toContain('Fritz');

  await showAndTap(context, page, record!.payload!, payload.title);
  // The tap opens the inquiry in the app's window; the family answers there.
  await page.waitForURL(new RegExp(`${payload.url}$`));
  await expect(page.getByTestId('preference-child')).toBeVisible();
  await page.getByTestId('preference-option-red').click();
  await expect(page.getByTestId('preference-chosen-red')).toBeVisible();
  // Opened in time: no e-mail follows for this inquiry.
  const inquiryMails = async () => (await apiData(request, apiRoutes.dev.messages, { query: { recipient: email } })).filter((m) => m.kind === 'inquiry').length;
  expect(await inquiryMails()).toBe(0);
  // The manager's delivery card: the family's push was opened.
  const delivery = await apiData(request, apiRoutes.delivery.eventDelivery, { params: { id: eventId }, headers: w.headers });
  expect(delivery.rows.find((row) => row.parentId === parentId)?.push).toBe('opened');
  // ... as the event page shows it: the push summary and the family's row.
  const staff = await (await browser.newContext({ baseURL, locale: 'de-DE', timezoneId: 'Europe/Berlin' })).newPage();
  await login(staff, 'admin');
  await staff.goto(`/kitas/${w.kitaId}/e/${eventId}`);
  await expect(staff.getByTestId('delivery-push')).toContainText('Push an 1 Familie: 1 geöffnet, 0 per SMS/E-Mail nachgeschickt, 0 fehlgeschlagen.');
  // Nothing went wrong, so the families' list is folded; unfolded, the family reads "Push geöffnet".
  await staff.getByTestId('delivery-toggle-all').click();
  await expect(staff.getByTestId('delivery-family').filter({ hasText: 'Familie Funk' }).getByTestId('delivery-family-push')).toHaveText('Push geöffnet');
  await staff.getByTestId('delivery-push').scrollIntoViewIfNeeded();
  await staff.screenshot({ path: test.info().outputPath('event-delivery-push.png'), fullPage: true });
  await staff.context().close();

  // The manager closes the inquiry: the family's place comes as a push that opens the family's page.
  await apiData(request, apiRoutes.results.close, { params: { id: eventId }, headers: w.headers });
  let results: PushRecord | undefined;
  await expect
    .poll(async () => {
      results = (await pushesTo(request, subscriber.id)).find((m) => m.payload?.includes(`"results:${eventId}"`));
      return results?.status;
    }, { timeout: 30_000 })
    .toBe(201);
  const resultsPayload = JSON.parse(results!.payload!) as { title: string; url: string };
  expect(resultsPayload.url).toBe(`/parents/${parentId}`);
  await showAndTap(context, page, results!.payload!, resultsPayload.title);
  await page.waitForURL(new RegExp(`/parents/${parentId}$`));

  // From there the history, and the place into the calendar (the server's .ics).
  await page.goto(`/parents/${parentId}/history`);
  const addToCalendar = page.getByTestId('add-to-calendar').first();
  await expect(addToCalendar).toBeVisible();
  const ics = await page.request.get((await addToCalendar.getAttribute('href'))!);
  expect(ics.headers()['content-type']).toContain('text/calendar');
  const calendar = await ics.text();
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain('STATUS:CONFIRMED');
  await context.close();
});
