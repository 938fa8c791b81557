import { apiData, apiLogin, apiRoutes, demoKita, expect, expectToast, login, test, uniqueEmail } from './support';

/**
 * Texts that are true: a family's links open in the family's language (not the
 * browser's), setting the first password says so, a registration's delete names what it deletes,
 * and a missing group asks for a group.
 */

async function linkFrom(request: import('@playwright/test').APIRequestContext, email: string, kind: string, path: string): Promise<string> {
  const messages = await apiData(request, apiRoutes.dev.messages, { query: { recipient: email } });
  const body = messages.find((m) => m.kind === kind)!.bodyText;
  const url = new URL(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`).exec(body)![0]);
  return url.pathname + url.search;
}

test('an English family\'s activation and password pages speak English in a German browser', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const { headers, kitaId } = await apiLogin(request, 'manager');
  const email = uniqueEmail('emily.brown');
  // Made by the manager, without a password: the activation continues to the first password.
  await apiData(request, apiRoutes.parents.create, { headers, body: { name: 'Emily Brown', email, kitaId, language: 'en', preferredCommunication: 'email' } });
  const context = await browser.newContext({ locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(await linkFrom(request, email, 'activation', '/verify-email'));
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByTestId('reset-password-page')).toContainText('Set your password');
  await expect(page.getByTestId('reset-password-page')).toContainText('Your e-mail address is confirmed. Now set your password.');
  await page.screenshot({ path: testInfo.outputPath('first-password-en.png') });
  await page.getByTestId('reset-new-password').fill('Maple-Garden-42');
  await page.getByTestId('reset-confirm-password').fill('Maple-Garden-42');
  await page.getByTestId('reset-submit').click();
  await expectToast(page, 'Your password is set. Please log in with it.');
  await context.close();

  // A reset link later: English again, in a fresh German browser.
  await apiData(request, apiRoutes.accounts.forgotPassword, { body: { email } });
  const fresh = await browser.newContext({ locale: 'de-DE' });
  const reset = await fresh.newPage();
  await reset.goto(await linkFrom(request, email, 'password_reset', '/reset-password'));
  await expect(reset.getByTestId('reset-password-page')).toContainText('Set a new password');
  await reset.getByTestId('reset-new-password').fill('Maple-Garden-43');
  await reset.getByTestId('reset-confirm-password').fill('Maple-Garden-43');
  await reset.getByTestId('reset-submit').click();
  await expectToast(reset, 'Your password has been changed. Please log in with the new password.');
  await fresh.close();
});

test('a registration\'s delete says what it deletes; a child without a group asks for a group', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { kitaId } = await demoKita(request);
  const name = `Rana Yilmaz ${Date.now().toString(36)}`;
  const groups = await apiData(request, apiRoutes.accounts.kitaGroups, { params: { kitaId } });
  const { parentId } = await apiData(request, apiRoutes.accounts.register, {
    body: {
      name, email: uniqueEmail('rana'), kitaId, language: 'de', preferredCommunication: 'email', password: 'Mohnblume-55', confirmPassword: 'Mohnblume-55',
      children: [{ childName: 'Deniz Yilmaz', dateOfBirth: '2021-06-01', groupId: groups.categories[0]!.groups[0]!.groupId }],
    },
  });
  await login(page, 'manager');
  await page.goto(`/kitas/${kitaId}/p/${parentId}`);
  await page.getByTestId('parent-delete').click();
  const dialog = page.getByTestId('confirm-delete-dialog');
  await expect(dialog).toContainText('Registrierung löschen?');
  await expect(dialog).toContainText(`Die Registrierung von „${name}“ wird mit den angegebenen Kindern dauerhaft gelöscht.`);
  await expect(dialog).not.toContainText('Guthaben');
  await page.keyboard.press('Escape');

  // The registration form without a group.
  await page.getByTestId('logout').click();
  await page.goto(`/register?kitaId=${kitaId}`);
  await page.getByTestId('register-name').fill('Ohne Gruppe');
  await page.getByTestId('register-email').fill(uniqueEmail('ohne.gruppe'));
  await page.getByTestId('register-child-0-name').fill('Kind Ohne Gruppe');
  await page.getByTestId('register-submit').click();
  await expect(page.getByText('Bitte eine Gruppe wählen')).toBeVisible();
  await expect(page.getByText('Ungültige Auswahl')).toHaveCount(0);
});
