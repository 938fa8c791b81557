import { apiData, apiLogin, apiRoutes, demoKita, expect, expectToast, login, test } from './support';

/**
 * A failed activation mail shows up for the Admin, who sends it again. The dev mailbox
 * refuses addresses whose local part ends in `+failed` (no_such_address), as a receiving server
 * refuses a mistyped one.
 */
test('a failed activation mail is listed for the Admin and sent again', async ({ page, request }) => {
  const email = `lena.${Date.now().toString(36)}+failed@familie.example`;
  const { kitaId, groupId } = await demoKita(request);
  await apiData(request, apiRoutes.accounts.register, {
    body: {
      name: 'Lena Tippfehler', email, kitaId, language: 'de', preferredCommunication: 'email',
      password: 'Lena-Passwort-1', confirmPassword: 'Lena-Passwort-1',
      children: [{ childName: 'Ida', dateOfBirth: '2021-06-01', groupId }],
    },
  });
  const { headers } = await apiLogin(request, 'admin');
  const failedActivations = async () =>
    (await apiData(request, apiRoutes.dev.messages, { query: { recipient: email }, headers }))
      .filter((m) => m.kind === 'activation' && m.status === 'failed').length;
  await expect.poll(failedActivations, { timeout: 15_000 }).toBe(1);

  await login(page, 'admin');
  const card = page.getByTestId('failed-account-mails');
  const line = card.getByTestId('failed-account-mail').filter({ hasText: email });
  await expect(line).toContainText('Lena Tippfehler');
  await expect(line).toContainText('Aktivierungsmail');
  await expect(line).toContainText('E-Mail-Adresse existiert nicht');

  await line.getByTestId('failed-account-mail-resend').click();
  await expectToast(page, `Die Mail wurde erneut an ${email} geschickt.`);
  // A fresh activation mail was written; at this address it fails again and is listed again.
  await expect.poll(failedActivations, { timeout: 15_000 }).toBe(2);
  await page.reload();
  await expect(card.getByTestId('failed-account-mail').filter({ hasText: email })).toHaveCount(1);
});
