import http from 'node:http';
import { approvedParent, expect, newestMessage, parentLogin, test, toasts, uniqueEmail } from './support';

/**
 * Password guessing in the browser: someone guesses the password of a parent's account from
 * many addresses until the account's budget of 100 checked failures is used up. The parent, on a
 * browser the account never logged in from, is not locked out: the login page says a code was sent,
 * asks for it, and the code from the e-mail together with the password logs her in.
 */

/** One wrong login from another loopback address (127.0.0.<n>): a real, separate client. */
function guessFrom(baseURL: string, n: number, email: string): Promise<number> {
  const url = new URL('/api/auth/login-with-email', baseURL);
  const body = JSON.stringify({ email, password: `wrong-guess-${n}` });
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress: `127.0.${Math.floor(n / 250)}.${(n % 250) + 2}`, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

for (const language of ['de', 'en'] as const) {
  test(`a parent under a guessing attack logs in with the e-mailed code (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail(`guessed-${language}`);
    const password = 'Sonnenblume-42';
    await approvedParent(page.request, { name: 'Mara Guessed', email, password, language });

    const statuses: number[] = [];
    for (let n = 0; n < 110; n++) statuses.push(await guessFrom(baseURL!, n, email));
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.slice(100)).toEqual(Array(10).fill(429));

    if (language === 'en') {
      await page.goto('/login');
      await page.evaluate(() => localStorage.setItem('i18nextLng', 'en'));
    }
    await parentLogin(page, email, password);
    const note = page.getByTestId('login-code-sent');
    await expect(note).toHaveText(
      language === 'de' ? /Zu viele Fehlversuche – wir haben Ihnen einen Code geschickt/ : /Too many failed attempts – we have sent you a code/,
    );
    // The note says it; no error toast repeats it (on a phone it covered the page header).
    await expect(toasts(page)).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`login-code-${language}-desktop.png`), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath(`login-code-${language}-phone.png`), fullPage: true });

    const mailbox = await page.context().newPage();
    const message = await newestMessage(mailbox, email, 'otp');
    const code = /\b(\d{6})\b/.exec((await message.textContent()) ?? '')![1]!;
    await mailbox.close();

    await page.getByTestId('login-code').fill(code);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('app-header')).toBeVisible();
    // The browser is now a known device of the account (HttpOnly cookie, not readable by scripts).
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'kita_device')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  });
}
