import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO_LOGINS } from './helpers';

/** Parent accounts: the dev mailbox as a person would use it, and API set-up of fresh parents. */

export const DEMO_PARENT = { email: 'eltern@kita.example', password: 'demo-parent-1', phone: '+491713920000' } as const;

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

async function json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(response.ok(), `${response.url()} -> ${response.status()} ${await response.text()}`).toBeTruthy();
  return ((await response.json()) as { data: T }).data;
}

/** The demo manager's Kita and its first group (through the API). */
export async function demoKita(request: APIRequestContext): Promise<{ kitaId: string; groupId: string; managerToken: string }> {
  const login = await json<{ token: string; user: { kita: { kitaId: string } } }>(
    await request.post('/api/auth/login', { data: DEMO_LOGINS.manager }),
  );
  const kitaId = login.user.kita.kitaId;
  const groups = await json<{ categories: { groups: { groupId: string }[] }[] }>(await request.get(`/api/auth/kita-groups/${kitaId}`));
  return { kitaId, groupId: groups.categories[0]!.groups[0]!.groupId, managerToken: login.token };
}

let seq = 0;
export const uniqueEmail = (name: string) => `${name}.${Date.now().toString(36)}${++seq}@familie.example`;

/**
 * A parent who registered, was approved by the manager and activated the e-mail (all through the
 * API, for tests whose subject is something else).
 */
export async function approvedParent(
  request: APIRequestContext,
  opts: { name: string; email: string; password: string; language?: 'de' | 'en' },
): Promise<{ parentId: string }> {
  const { kitaId, groupId, managerToken } = await demoKita(request);
  const { parentId } = await json<{ parentId: string }>(
    await request.post('/api/auth/register', {
      data: {
        name: opts.name, email: opts.email, kitaId, language: opts.language ?? 'de', preferredCommunication: 'email',
        password: opts.password, confirmPassword: opts.password,
        children: [{ childName: 'Ella', dateOfBirth: '2021-06-01', groupId }],
      },
    }),
  );
  await json(await request.post(`/api/parents/${parentId}/approve`, { headers: { authorization: `Bearer ${managerToken}` } }));
  const messages = await json<{ kind: string; bodyText: string }[]>(await request.get(`/api/dev/messages?recipient=${encodeURIComponent(opts.email)}`));
  const token = /verify-email\?token=([\w-]+)/.exec(messages.find((m) => m.kind === 'activation')!.bodyText)![1]!;
  await json(await request.post(`/api/auth/activate-account?token=${token}`));
  return { parentId };
}

/** Logs a parent in through the login page's Parent tab (e-mail or phone identifier). */
export async function parentLogin(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-role-parent').click();
  await page.getByTestId('login-identifier').fill(identifier);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}
