import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import type { DataOf, DefinitionOf, RequestOf, RouteAddress } from '@kita/shared/api';
import { apiRoutes, fillPath } from '@kita/shared/api/routes';

/**
 * What every spec uses: `test` bound to this worker's own server, the demo logins, API helpers,
 * toasts, animation settling, axe, the dev mailbox and the form widgets. One copy of each.
 */
export { expect };

// ---------------------------------------------------------------------------------------------
// One server per worker

/**
 * playwright.config.ts starts one server per worker (own port, own data folder, own demo seed);
 * each worker talks only to its own, so what one spec creates never shows in another worker's run.
 */
export function serverUrl(parallelIndex: number): string {
  return `http://localhost:${Number(process.env.E2E_PORT || 3100) + parallelIndex}`;
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => use(serverUrl(testInfo.parallelIndex)),
});

// ---------------------------------------------------------------------------------------------
// Demo logins and the API

/** Demo logins of the seed (apps/server/src/seed). */
export const DEMO_LOGINS = {
  admin: { email: 'admin@kita.example', password: 'demo-admin-1' },
  manager: { email: 'manager@kita.example', password: 'demo-manager-1' },
  parent: { email: 'eltern@kita.example', password: 'demo-parent-1' },
} as const;
export type DemoLogin = keyof typeof DEMO_LOGINS;
type Credentials = { email: string; password: string };

/** The demo parent (prefers SMS, verified phone). */
export const DEMO_PARENT = { ...DEMO_LOGINS.parent, phone: '+491713920000' } as const;

/** The `data` of a successful API answer; fails the test with the answer's text otherwise. */
export async function json<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} -> ${response.status()} ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** A route's params, query and body as its shared contract types them, plus request headers. */
export type ApiInput<A extends RouteAddress> = RequestOf<DefinitionOf<A>> & { headers?: Record<string, string> };
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{} extends`: every key optional, so the input may be left out
type ApiArgs<A extends RouteAddress> = {} extends ApiInput<A> ? [input?: ApiInput<A>] : [input: ApiInput<A>];

/**
 * Sends a route of the shared table (packages/shared/src/api/routes.ts) as the web does, with the
 * params, query and body its contract types; answers the raw response, for tests that check a
 * refusal. `apiData` is the usual form.
 */
export function apiSend<A extends RouteAddress>(request: APIRequestContext, route: A, ...[input]: ApiArgs<A>): Promise<APIResponse> {
  const { params, query, body, headers } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string> };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.set(key, String(value));
  const url = `/api${fillPath(route.path, params)}${search.size ? `?${search}` : ''}`;
  return request.fetch(url, { method: route.method, headers, ...(body === undefined ? {} : { data: body }) });
}

/** The typed `data` of a successful call of a shared route; fails the test with the answer's text otherwise. */
export async function apiData<A extends RouteAddress>(request: APIRequestContext, route: A, ...args: ApiArgs<A>): Promise<DataOf<DefinitionOf<A>>> {
  return json<DataOf<DefinitionOf<A>>>(await apiSend(request, route, ...args));
}

export { apiRoutes };

function credentials(who: DemoLogin | Credentials): Credentials {
  return typeof who === 'string' ? DEMO_LOGINS[who] : who;
}

/** Logs in through the API: the bearer header, the token and (for staff of a Kita) the Kita id. */
export async function apiLogin(request: APIRequestContext, who: DemoLogin | Credentials) {
  const body = credentials(who);
  const data = await (who === 'parent' ? apiData(request, apiRoutes.auth.loginWithEmail, { body }) : apiData(request, apiRoutes.auth.staffLogin, { body }));
  // A staff login of the demo accounts finishes at once (no verified phone, so no SMS code step).
  if (!('token' in data)) throw new Error(`login of ${body.email} asks for an SMS code`);
  return { token: data.token, user: data.user, headers: { authorization: `Bearer ${data.token}` }, kitaId: data.user.kita?.kitaId ?? '' };
}

/**
 * Logs a user in for a test whose subject is not the login page: the session is taken through the
 * API and stored as the app stores it (lib/auth.ts `setSession`), then /login sends the user on to
 * their start page, as after a login by the form. login.spec.ts tests the form itself
 * (`loginThroughForm`).
 */
export async function login(page: Page, who: DemoLogin | Credentials): Promise<void> {
  const { token, user } = await apiLogin(page.request, who);
  // Any page of the origin gives access to its localStorage; the health check is the cheapest.
  await page.goto('/api/health');
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('authToken', token);
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.removeItem('otpToken');
      const language = (user as { parent?: { language?: string } | null }).parent?.language;
      if (language) localStorage.setItem('i18nextLng', language);
    },
    [token, user] as const,
  );
  await page.goto('/login');
  await expect(page.getByTestId('app-header')).toBeVisible();
}

/** Logs a staff user (staff tab) or the demo parent (parent tab, e-mail) in through the login page. */
export async function loginThroughForm(page: Page, who: DemoLogin | Credentials): Promise<void> {
  const { email, password } = credentials(who);
  if (who === 'parent') {
    await parentLogin(page, email, password);
  } else {
    await page.goto('/login');
    await page.getByTestId('login-role-staff').click();
    await page.getByTestId('login-email').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
  }
  await expect(page.getByTestId('app-header')).toBeVisible();
}

/** Fills the login page's Parent tab (e-mail or phone identifier) and submits; the caller checks the outcome. */
export async function parentLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-role-parent').click();
  await page.getByTestId('login-identifier').fill(identifier);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

let seq = 0;
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${++seq}@familie.example`;

/** The demo manager's Kita and its first group (through the API). */
export async function demoKita(request: APIRequestContext): Promise<{ kitaId: string; groupId: string; managerToken: string }> {
  const { token, kitaId } = await apiLogin(request, 'manager');
  const groups = await apiData(request, apiRoutes.accounts.kitaGroups, { params: { kitaId } });
  return { kitaId, groupId: groups.categories[0]!.groups[0]!.groupId, managerToken: token };
}

/**
 * A parent who registered, was approved by the manager and activated the e-mail (all through the
 * API, for tests whose subject is something else).
 */
export async function approvedParent(
  request: APIRequestContext,
  opts: { name: string; email: string; password: string; language?: 'de' | 'en' },
): Promise<{ parentId: string }> {
  const { kitaId, groupId, managerToken } = await demoKita(request);
  const { parentId } = await apiData(request, apiRoutes.accounts.register, {
    body: {
      name: opts.name, email: opts.email, kitaId, language: opts.language ?? 'de', preferredCommunication: 'email',
      password: opts.password, confirmPassword: opts.password,
      children: [{ childName: 'Ella', dateOfBirth: '2021-06-01', groupId }],
    },
  });
  await apiData(request, apiRoutes.parents.approve, { params: { id: parentId }, headers: { authorization: `Bearer ${managerToken}` } });
  const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: opts.email } });
  const token = /verify-email\?token=([\w-]+)/.exec(messages.find((m) => m.kind === 'activation')!.bodyText)![1]!;
  await apiData(request, apiRoutes.accounts.activate, { query: { token } });
  return { parentId };
}

// ---------------------------------------------------------------------------------------------
// The dev mailbox

/** The newest message of a kind to a recipient on /dev/mailbox (the page polls; we wait for it). */
export async function newestMessage(page: Page, recipient: string, kind: string): Promise<Locator> {
  await page.goto(`/dev/mailbox?recipient=${encodeURIComponent(recipient)}`);
  const message = page.locator(`[data-qa="mailbox-message"][data-kind="${kind}"][data-recipient="${recipient.toLowerCase()}"]`).first();
  await expect(message).toBeVisible({ timeout: 15_000 });
  return message;
}

/** Opens the first link of the newest message of that kind, as a parent would click it. */
export async function clickMailboxLink(page: Page, recipient: string, kind: string): Promise<void> {
  const message = await newestMessage(page, recipient, kind);
  await message.getByTestId('mailbox-link').first().click();
}

/** The 6-digit code of the newest OTP SMS to a phone. */
export async function otpFromMailbox(page: Page, phone: string): Promise<string> {
  const message = await newestMessage(page, phone, 'otp');
  const code = /\b(\d{6})\b/.exec((await message.textContent()) ?? '')?.[1];
  expect(code, 'OTP code in the SMS').toBeTruthy();
  return code!;
}

// ---------------------------------------------------------------------------------------------
// Toasts, animations, axe

export const toasts = (page: Page) => page.locator('[data-sonner-toast]');

/** Waits for the toast with `text` (one toast at a time). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toasts(page).filter({ hasText: text }).first()).toBeVisible();
}

/**
 * Waits until every finite animation (dialogs, select lists and toasts fading in or out) has
 * finished, plus two frames for the unmount that follows; endless ones (spinners, the live dot)
 * do not count.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const require = createRequire(import.meta.url);
let axeSource: string | undefined;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the current page and fails on serious or critical violations, listing them.
 * The script goes in through page.evaluate (DevTools protocol), which the app's CSP does not
 * block, so the test runs against the real security headers. axe measures colours as painted:
 * a dialog still fading in gives false contrast failures, so the page settles first.
 */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await settle(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (exclude: string[]) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = exclude.length ? { include: [document], exclude: exclude.map((selector) => [selector]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, options.exclude ?? []);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`)
    .join('\n');
  expect(serious, `axe found serious/critical violations on ${page.url()}:\n${report}`).toEqual([]);
}

/**
 * axe on a screen without its toasts: a toast is not part of the screen, and sonner's rich
 * success colours (#008a2e on #ecfdf3, 4.25:1) are the shell's to fix. Open toasts are closed
 * first; queued ones (one is visible at a time) move up as the front one closes.
 */
export async function checkScreenA11y(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  const open = toasts(page);
  for (let i = 0; i < 10; i++) {
    const count = await open.count();
    if (count === 0) break;
    // They animate: click without waiting for stability, then wait until that one is gone.
    await open.first().locator('[data-close-button]').click({ force: true, timeout: 2_000 }).catch(() => undefined);
    await expect(open).not.toHaveCount(count, { timeout: 2_000 }).catch(() => undefined);
  }
  await expect(open).toHaveCount(0);
  await expectNoA11yViolations(page, options);
}

/** Collects console errors and failed page scripts (e.g. CSP violations) for a later assertion. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Form widgets

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

/** Submits a form dialog and waits until it has closed (success closes it). */
export async function submitDialog(page: Page, qa: string): Promise<void> {
  await page.getByTestId(`${qa}-submit`).click();
  await expect(page.getByTestId(qa)).toBeHidden();
}

/**
 * From the manager's dashboard to the Kita's inquiry list. Waits until the list page has replaced
 * the dashboard: the dashboard has an inquiry table with an add button of its own, and a dialog
 * opened there is torn down (its fields detached) when the route switches a moment later.
 */
export async function openInquiryList(page: Page): Promise<void> {
  await page.getByTestId('dashboard-events-all').click();
  await expect(page).toHaveURL(/\/kitas\/[0-9a-f-]{36}\/e$/);
  await expect(page.getByTestId('page-title')).toHaveText('Bedarfsabfragen');
}

export const BERLIN = 'Europe/Berlin';

/** A calendar day in Berlin, `offsetDays` from today, as {y, m (0-based), d}. */
export function berlinDay(offsetDays: number, from = new Date()): { y: number; m: number; d: number } {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: BERLIN }).format(from).split('-').map(Number);
  const day = new Date(Date.UTC(y!, m! - 1, d! + offsetDays));
  return { y: day.getUTCFullYear(), m: day.getUTCMonth(), d: day.getUTCDate() };
}

/** Picks a day in the calendar popover of a date field. */
export async function pickDay(page: Page, field: string, day: { y: number; m: number; d: number }): Promise<void> {
  await page.getByTestId(field).click();
  await page.getByTestId('calendar-year').selectOption(String(day.y));
  await page.getByTestId('calendar-month').selectOption(String(day.m));
  await page.getByTestId(`calendar-day-${day.d}`).click();
}

/** A Kita of the test's own with one Kindergarten group (the demo Kita's families stay out of its inquiries). */
export type OwnKita = { kitaId: string; categoryId: string; groupId: string; headers: Record<string, string>; stamp: string; email: (key: string) => string };

/** Creates a Kita named `${name} <stamp>` as the Admin, with the category Kindergarten and the group Igel. */
export async function ownKita(request: APIRequestContext, name: string): Promise<OwnKita> {
  const { headers } = await apiLogin(request, 'admin');
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const kita = await apiData(request, apiRoutes.kitas.create, { headers, body: { kitaName: `${name} ${stamp}`, location: 'Kassel' } });
  const category = await apiData(request, apiRoutes.categories.create, { headers, body: { categoryName: 'Kindergarten', kitaId: kita.kitaId } });
  const group = await apiData(request, apiRoutes.groups.create, { headers, body: { groupName: 'Igel', categoryId: category.categoryId } });
  return { kitaId: kita.kitaId, categoryId: category.categoryId, groupId: group.groupId, headers, stamp, email: (key) => `${key}-${stamp}@familie.example` };
}

/** A family by e-mail with one child in the Kita's group, added by the Admin. */
export async function addFamily(request: APIRequestContext, w: OwnKita, name: string, childName: string, email: string): Promise<{ childId: string; parentId: string }> {
  const child = await apiData(request, apiRoutes.children.create, {
    headers: w.headers,
    body: { childName, dateOfBirth: '2021-05-06', groupId: w.groupId, newParent: { name, email, kitaId: w.kitaId, preferredCommunication: 'email', isAnonymous: false, language: 'de' } },
  });
  return { childId: child.childId, parentId: child.parentId };
}
