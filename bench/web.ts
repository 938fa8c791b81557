/**
 * Web: the gzipped JavaScript that /preference (aim <= 100 KB), /login (<= 130 KB)
 * and the parent's landing page after login (/parents/{id}, with the credits histogram; <= 150 KB)
 * load, and their Lighthouse mobile scores (simulated throttling): performance >= 0.95,
 * accessibility 1.0, LCP <= 1.5 s, with Debian's Chromium.
 *
 * The web app is built into a temporary folder and served by the real server (embedded database,
 * demo seed); /preference is opened with a real link of the demo parent from the dev mailbox.
 * Lighthouse runs BENCH_WEB_RUNS times (3) per page and the median run counts.
 * Run alone: `node --import tsx bench/web.ts`. CHROME_PATH overrides /usr/lib/chromium/chromium;
 * BENCH_WEB_DIST serves an existing build instead of building; BENCH_WEB_SCREENSHOTS=<folder> saves a
 * screenshot of each page there.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeBenchResult } from './lib/fresh-database.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME = [process.env.CHROME_PATH, '/usr/lib/chromium/chromium', '/usr/bin/chromium'].find((p): p is string => !!p && existsSync(p));
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PERFORMANCE_TARGET = 0.95;
const LCP_TARGET_MS = 1500;
/** Lighthouse runs per page; the median run (by performance score) counts, as Lighthouse advises for noisy machines. */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));

export interface WebPageResult {
  name: string;
  jsGzipKB: number;
  performance: number;
  accessibility: number;
  target: string;
  pass: boolean;
  scripts: Array<{ file: string; gzipKB: number }>;
  lcpMs: number;
  lighthouse: { lcpMs: number; tbtMs: number; cls: number; fcpMs: number; failedA11yAudits: string[]; lcpElement: string; performanceRuns: number[]; loadAverage: number };
  reason?: string;
}

/** A logged-in browser: the session the web app keeps in localStorage (lib/auth.ts). */
type Login = { token: string; user: unknown };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
  });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 120_000): Promise<T> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Sum of the gzipped sizes of every script the page loads (fresh browser context, no cache). */
async function scriptsOf(url: string, login?: Login, screenshot?: string) {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE' });
    if (login) await context.addInitScript(storeLogin, login);
    const page = await context.newPage();
    const bodies: Array<Promise<{ file: string; bytes: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(response.body().then((b) => ({ file: new URL(response.url()).pathname, bytes: gzipSync(b, { level: 9 }).length })));
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    const scripts = await Promise.all(bodies);
    return { total: scripts.reduce((sum, s) => sum + s.bytes, 0), scripts: scripts.map((s) => ({ file: s.file, gzipKB: kb(s.bytes) })) };
  } finally {
    await browser.close();
  }
}

/** Lighthouse's default (mobile, simulated throttling) performance and accessibility run. */
/** Runs in the page (the bench's tsconfig has no DOM types, hence the global look-up). */
function storeLogin(login: Login): void {
  const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
  storage.setItem('authToken', login.token);
  storage.setItem('user', JSON.stringify(login.user));
}

async function lighthouseOf(url: string, login?: Login) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
  try {
    if (login) {
      // Lighthouse keeps the origin's storage (disableStorageReset), so the page opens logged in.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate(storeLogin, login);
      await page.close();
      await browser.close();
    }
    const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: !!login });
    const lhr = run!.lhr;
    // A page that did not render (e.g. NO_FCP) scores 0: say why instead of printing NaN.
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items;
    const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    return {
      performance: lhr.categories.performance?.score ?? 0,
      accessibility: lhr.categories.accessibility?.score ?? 0,
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
      fcpMs: Math.round(audit('first-contentful-paint')),
      failedA11yAudits: a11yFailures,
      lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '',
    };
  } finally {
    chrome.kill();
  }
}

/** Lighthouse asks to be run again when its trace failed (NO_NAVSTART, NO_FCP on a busy machine): up to 3 attempts. */
async function lighthouseWithRetry(url: string, login?: Login): ReturnType<typeof lighthouseOf> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOf(url, login);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${error instanceof Error ? error.message : String(error)}; running it again`);
    }
  }
}

export async function benchWeb(): Promise<WebPageResult[]> {
  if (!CHROME) throw new Error('No Chromium found: install Debian chromium or set CHROME_PATH');
  const dir = mkdtempSync(join(tmpdir(), 'kita-bench-web-'));
  let server: ReturnType<typeof spawn> | undefined;
  try {
    let webDist = process.env.BENCH_WEB_DIST;
    if (!webDist) {
      webDist = join(dir, 'web');
      const build = spawnSync('npm', ['run', 'build', '-w', '@kita/web', '--', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
      if (build.status !== 0) throw new Error('web build failed');
    }
    const port = await freePort();
    const base = `http://localhost:${port}`;
    // The embedded database with the demo seed: no DATABASE_URL from the caller's environment.
    const { DATABASE_URL: _ignored, ...env } = process.env;
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...env, PORT: String(port), DATA_DIR: join(dir, 'db'), WEB_DIST_DIR: webDist, PUBLIC_URL: base, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      stdio: 'ignore',
    });
    await waitFor('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined));
    // The demo inquiry opens a moment after start; its SMS to the demo parent carries a real link.
    const link = await waitFor('the demo inquiry link', async () => {
      const res = await fetch(`${base}/api/dev/messages?recipient=${encodeURIComponent('+491713920000')}`);
      const messages = ((await res.json()) as { data: Array<{ kind: string; bodyText: string }> }).data;
      return messages.find((m) => m.kind === 'inquiry')?.bodyText.match(/https?:\/\/\S+\/p\/[\w-]+/)?.[0];
    });

    const loginRes = await fetch(`${base}/api/auth/login-with-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'eltern@kita.example', password: 'demo-parent-1' }),
    });
    const login = ((await loginRes.json()) as { data: Login & { user: { parentId: string } } }).data;

    const results: WebPageResult[] = [];
    const pages = [
      { name: 'web-preference', url: link, kb: 100 },
      { name: 'web-login', url: `${base}/login`, kb: 130 },
      { name: 'web-parent-landing', url: `${base}/parents/${login.user.parentId}`, kb: 150, login },
    ];
    for (const p of pages) {
      const shots = process.env.BENCH_WEB_SCREENSHOTS;
      const js = await scriptsOf(p.url, p.login, shots ? join(shots, `${p.name}.png`) : undefined);
      // The machine's other work stretches the observed tasks that Lighthouse's simulation scales up.
      const load = loadavg()[0]!;
      const runs: Array<Awaited<ReturnType<typeof lighthouseOf>>> = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseWithRetry(p.url, p.login));
      runs.sort((a, b) => a.performance - b.performance);
      const lh = runs[Math.floor(runs.length / 2)]!;
      const jsKB = kb(js.total);
      const scripts = js.scripts.sort((a, b) => b.gzipKB - a.gzipKB);
      const reasons: string[] = [];
      if (jsKB > p.kb) reasons.push(`JS ${jsKB} KB, largest: ${scripts.slice(0, 3).map((x) => `${x.file.replace('/assets/', '')} ${x.gzipKB}`).join(', ')}`);
      if (lh.performance < PERFORMANCE_TARGET) reasons.push(`performance ${lh.performance} (LCP ${lh.lcpMs} ms, FCP ${lh.fcpMs} ms, TBT ${lh.tbtMs} ms; load average ${load.toFixed(1)} on ${cpus().length} cores)`);
      else if (lh.lcpMs > LCP_TARGET_MS) reasons.push(`LCP ${lh.lcpMs} ms (FCP ${lh.fcpMs} ms)`);
      if (lh.accessibility < 1) reasons.push(`accessibility audits: ${lh.failedA11yAudits.join(', ')}`);
      results.push({
        name: p.name,
        jsGzipKB: jsKB,
        performance: lh.performance,
        accessibility: lh.accessibility,
        lcpMs: lh.lcpMs,
        target: `JS <= ${p.kb} KB, perf >= ${PERFORMANCE_TARGET}, a11y 1, LCP <= ${LCP_TARGET_MS}`,
        pass: reasons.length === 0,
        scripts,
        lighthouse: { lcpMs: lh.lcpMs, tbtMs: lh.tbtMs, cls: lh.cls, fcpMs: lh.fcpMs, failedA11yAudits: lh.failedA11yAudits, lcpElement: lh.lcpElement, performanceRuns: runs.map((r) => r.performance), loadAverage: Math.round(((load + loadavg()[0]!) / 2) * 100) / 100 },
        ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      });
    }
    writeBenchResult('web', results);
    return results;
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const r of await benchWeb()) {
    console.log(`${r.name}: ${r.jsGzipKB} KB gzipped JS, Lighthouse mobile performance ${r.performance}, accessibility ${r.accessibility}, LCP ${r.lcpMs} ms (target ${r.target}) ${r.pass ? 'PASS' : `MISS: ${r.reason}`}`);
    console.log(`  LCP element: ${r.lighthouse.lcpElement}`);
    console.log(`  performance of the ${r.lighthouse.performanceRuns.length} Lighthouse runs: ${r.lighthouse.performanceRuns.join(', ')} (load average ${r.lighthouse.loadAverage})`);
    console.log(`  LCP ${r.lighthouse.lcpMs} ms, TBT ${r.lighthouse.tbtMs} ms, CLS ${r.lighthouse.cls}; largest scripts: ${r.scripts.slice(0, 4).map((s) => `${s.file} ${s.gzipKB} KB`).join(', ')}`);
    if (r.lighthouse.failedA11yAudits.length) console.log(`  accessibility audits below 1: ${r.lighthouse.failedA11yAudits.join(', ')}`);
  }
}
