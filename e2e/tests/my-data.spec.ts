import { readFileSync } from 'node:fs';
import { apiData, apiLogin, apiRoutes, apiSend, approvedParent, expect, expectNoA11yViolations, expectToast, login, parentLogin, test, uniqueEmail } from './support';

/**
 * "Meine Daten" and the audit log: a parent downloads everything stored about the family (JSON
 * and PDF); a family asks for erasure, the manager carries it out; the audit log shows a write
 * just made and nothing of another Kita.
 */

test('a parent downloads their data: the JSON holds every category and nothing of another family', async ({ page }) => {
  await login(page, 'parent');
  await page.waitForURL(/\/parents\/[0-9a-f-]{36}$/);
  const card = page.getByTestId('my-data');
  await expect(card).toContainText('Meine Daten');
  await expectNoA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('my-data-json').click()]);
  expect(download.suggestedFilename()).toBe('family-data.json');
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  for (const key of ['profile', 'children', 'inquiries', 'credits', 'messages', 'consents', 'logins', 'recordHistory', 'erasureRequests']) expect(data, key).toHaveProperty(key);
  expect(data.profile.email).toBe('eltern@kita.example');
  expect(data.children.length).toBeGreaterThan(0);
  expect(data.inquiries.length).toBeGreaterThan(0);
  expect(data.inquiries[0].children[0]).toHaveProperty('answer');
  expect(data.credits.ledger.length).toBeGreaterThan(0);
  expect(data.messages.length).toBeGreaterThan(0);
  expect(data.logins.sessions.length).toBeGreaterThan(0);
  // No message text with links or codes, and no other family of the Kita.
  const text = JSON.stringify(data);
  expect(text).not.toContain('/p/');
  const { headers } = await apiLogin(page.request, 'manager');
  const others = await apiData(page.request, apiRoutes.parents.list, { headers });
  const mine = data.profile.id as string;
  for (const o of others.filter((p) => p.parentId !== mine)) {
    expect(text).not.toContain(o.parentId);
    if (o.email) expect(text).not.toContain(o.email);
  }

  const [pdf] = await Promise.all([page.waitForEvent('download'), card.getByTestId('my-data-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe('family-data.pdf');
  expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
});

test('an erasure request goes from the parent to the manager to done', async ({ page, browser }) => {
  const email = uniqueEmail('loeschung');
  const name = `Lena Löschmich ${Date.now().toString(36)}`;
  const { parentId } = await approvedParent(page.request, { name, email, password: 'geheim-123' });

  await parentLogin(page, email, 'geheim-123');
  await page.waitForURL(new RegExp(`/parents/${parentId}$`));
  await page.getByTestId('erasure-request').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ja, Löschung beantragen' }).click();
  await expectToast(page, 'Ihr Löschantrag ist eingegangen.');
  await expect(page.getByTestId('erasure-requested')).toContainText('Löschung beantragt am');

  // The manager sees it with its deadline and carries it out.
  const staff = await browser.newPage();
  await login(staff, 'manager');
  await staff.getByRole('link', { name: 'Löschanträge' }).click();
  await expect(staff).toHaveURL(/\/erasure-requests$/);
  const row = staff.getByTestId('erasure-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expectNoA11yViolations(staff);
  await row.getByTestId('erasure-execute').click();
  const dialog = staff.getByRole('alertdialog');
  await dialog.getByRole('textbox').fill(name);
  await dialog.getByRole('button', { name: 'Jetzt löschen' }).click();
  await expectToast(staff, 'Die Familie wurde gelöscht.');
  await expect(staff.getByTestId('erasure-row').filter({ hasText: name })).toHaveCount(0);
  await staff.getByTestId('erasure-toggle').click();
  await expect(staff.getByTestId('erasure-row').first()).toContainText(/gelöschte Familie \d+/);
  await expect(staff.getByTestId('erasure-table')).not.toContainText(name);

  // The family is gone: its session ends, the login fails, the confirmation went to its address.
  const { headers } = await apiLogin(page.request, 'manager');
  expect((await apiSend(page.request, apiRoutes.parents.get, { params: { id: parentId }, headers })).status()).toBe(404);
  await page.reload();
  await page.waitForURL(/\/login/);
  const messages = await apiData(page.request, apiRoutes.dev.messages, { query: { recipient: email } });
  expect(messages.map((m) => m.kind)).toEqual(['erasure_done']);
  await staff.close();
});

test('the audit log shows a write just made, and nothing outside the manager\'s Kita', async ({ page }) => {
  // The Admin renames a group of the other Kita: the manager must not see it.
  const admin = await apiLogin(page.request, 'admin');
  const kitas = await apiData(page.request, apiRoutes.kitas.list, { headers: admin.headers });
  const manager = await apiLogin(page.request, 'manager');
  const other = kitas.find((k) => k.kitaId !== manager.kitaId)!;
  const otherGroups = await apiData(page.request, apiRoutes.groups.listOfKita, { params: { kitaId: other.kitaId }, headers: admin.headers });
  const secret = `Zebras ${Date.now().toString(36)}`;
  await apiData(page.request, apiRoutes.groups.create, { headers: admin.headers, body: { categoryId: otherGroups[0]!.categoryId, groupName: secret } });

  // The manager makes a write in the app and finds it at the top of the audit log.
  await login(page, 'manager');
  const kitaId = manager.kitaId;
  const firstCategory = async (k: string) =>
    (await apiData(page.request, apiRoutes.groups.listOfKita, { params: { kitaId: k }, headers: manager.headers }))[0]!.categoryId;
  const mine = `Igel ${Date.now().toString(36)}`;
  await apiData(page.request, apiRoutes.groups.create, { headers: manager.headers, body: { categoryId: await firstCategory(kitaId), groupName: mine } });
  await page.getByRole('link', { name: 'Protokoll' }).click();
  await expect(page).toHaveURL(/\/audit-log$/);
  const first = page.getByTestId('audit-row').first();
  await expect(first).toContainText('Gruppe: angelegt');
  await expect(first).toContainText(mine);
  await expect(page.getByTestId('audit-table')).not.toContainText(secret);
  await expectNoA11yViolations(page);

  // Filter by kind of record: groups only.
  await page.getByTestId('audit-entity').selectOption('group');
  await page.getByTestId('audit-apply').click();
  await expect(page.getByTestId('audit-row').first()).toContainText('Gruppe');
  const kinds = await page.getByTestId('audit-row').allTextContents();
  expect(kinds.every((k) => k.includes('Gruppe'))).toBe(true);

  // The CSV of the same filter: BOM, header, the write, not the other Kita's.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('"Zeit";"Person";"Rolle";"Aktion";"Art";"Datensatz";"Kita";"Details"');
  expect(csv).toContain(mine);
  expect(csv).not.toContain(secret);

  // The Admin sees both Kitas' writes.
  await login(page, 'admin');
  await page.goto('/audit-log');
  await expect(page.getByTestId('audit-table')).toContainText(secret);
  await expect(page.getByTestId('audit-table')).toContainText(mine);
});

