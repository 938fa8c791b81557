import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

/** Demo logins of the seed (apps/server/src/seed). */
export const DEMO_LOGINS = {
  admin: { email: 'admin@kita.example', password: 'demo-admin-1' },
  manager: { email: 'manager@kita.example', password: 'demo-manager-1' },
  parent: { email: 'eltern@kita.example', password: 'demo-parent-1' },
} as const;
export type DemoLogin = keyof typeof DEMO_LOGINS;

/**
 * Logs a demo user in through the login page (staff tab for admin/manager, parent tab with the
 * e-mail for the parent) and waits until the app shell shows.
 */
export async function login(page: Page, who: DemoLogin): Promise<void> {
  const { email, password } = DEMO_LOGINS[who];
  await page.goto('/login');
  if (who === 'parent') {
    await page.getByTestId('login-role-parent').click();
    await page.getByTestId('login-identifier').fill(email);
  } else {
    await page.getByTestId('login-role-staff').click();
    await page.getByTestId('login-email').fill(email);
  }
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('app-header')).toBeVisible();
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
 * block, so the test runs against the real security headers.
 */
export async function expectNoA11yViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // axe measures colours as painted: a dialog still fading in (or an overlay fading out) gives
  // false contrast failures. Wait until every finite animation has finished, plus one frame for
  // the unmount that follows it; endless ones (spinners, the live dot) do not count.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
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

/** Collects console errors and failed page scripts (e.g. CSP violations) for a later assertion. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
