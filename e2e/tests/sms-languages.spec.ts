import { apiData, apiLogin, apiRoutes, expect, expectNoA11yViolations, login, openInquiryList, test } from './support';

/**
 * A Ukrainian family registered by phone gets its code and its confirmation SMS in Ukrainian
 * (Cyrillic, UCS-2), and the manager sees, in the inquiry form before sending, what the inquiry will
 * cost in SMS per family language: the Ukrainian SMS takes more parts than the German one.
 */
test('a Ukrainian SMS family: its SMS speak Ukrainian, and the inquiry form shows the SMS parts per language', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { kitaId, token: managerToken } = await apiLogin(request, 'manager');
  const groups = await apiData(request, apiRoutes.accounts.kitaGroups, { params: { kitaId } });
  const category = groups.categories[0]!;
  const phone = `+49176${String(Date.now()).slice(-7)}`;

  // Registration by phone only, in Ukrainian: the code SMS is Ukrainian.
  const registered = await apiData(request, apiRoutes.accounts.register, {
    body: {
      name: 'Олена Шевченко', primaryPhoneNumber: phone, kitaId, language: 'uk', preferredCommunication: 'sms',
      password: 'Kyiv-Familie-25', confirmPassword: 'Kyiv-Familie-25',
      children: [{ childName: 'Марія Шевченко', dateOfBirth: '2021-06-01', groupId: category.groups[0]!.groupId }],
    },
  });
  const sms = await apiData(request, apiRoutes.dev.messages, { query: { recipient: phone } });
  const otp = sms.find((m) => m.kind === 'otp')!;
  expect(otp.bodyText).toMatch(/^Код Kita: \d{6}\. Дійсний \d+ хв\./);
  // A registration by phone gets the code's token (null only for e-mail registrations).
  expect(registered.otpToken).toBeTruthy();
  await apiData(request, apiRoutes.accounts.verifyPhone, { body: { otp: /\d{6}/.exec(otp.bodyText)![0], otpToken: registered.otpToken! } });
  await apiData(request, apiRoutes.parents.approve, { params: { id: registered.parentId }, headers: { authorization: `Bearer ${managerToken}` } });
  const after = await apiData(request, apiRoutes.dev.messages, { query: { recipient: phone } });
  expect(after.find((m) => m.kind === 'registration_approved')!.bodyText).toContain('реєстрацію схвалено');

  // The manager's inquiry form, before sending: the SMS parts per family language.
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const) {
    await page.setViewportSize(viewport);
    await login(page, 'manager');
    await openInquiryList(page);
    await page.getByTestId('event-add').click();
    await page.getByTestId('categoryId').click();
    await page.getByRole('option', { name: category.categoryName }).click();
    // A planned inquiry shows the estimate once its care days are chosen; an immediate one at once.
    await expect(page.getByTestId('event-sms-estimate')).toHaveCount(0);
    await page.getByTestId('eventType').click();
    await page.getByRole('option', { name: 'Sofort' }).click();
    const estimate = page.getByTestId('event-sms-estimate');
    await expect(estimate).toContainText('Voraussichtliche SMS dieser Abfrage');
    await expect(page.getByTestId('event-sms-estimate-summary')).toContainText(/Abgerechnete SMS-Teile: \d+ · Familien per SMS: \d+ · per E-Mail: \d+/);
    const uk = page.getByTestId('event-sms-estimate-uk');
    const de = page.getByTestId('event-sms-estimate-de');
    await expect(uk).toHaveText(/^Українська: 1 × \d$/);
    await expect(de).toHaveText(/^Deutsch: \d+ × \d$/);
    // Cyrillic SMS are UCS-2: more parts for the same inquiry than the German one.
    const parts = async (item: typeof uk) => Number(/× (\d)$/.exec((await item.textContent()) ?? '')![1]);
    expect(await parts(uk)).toBeGreaterThan(await parts(de));
    await expect(page.getByTestId('event-sms-estimate-languages')).toHaveAccessibleName('Je Sprache (Familien × Teile einer SMS):');
    await expectNoA11yViolations(page);
    await estimate.scrollIntoViewIfNeeded();
    await page.getByTestId('event-form-dialog').screenshot({ path: testInfo.outputPath(`sms-estimate-${name}.png`) });
    await page.keyboard.press('Escape');
  }
});
