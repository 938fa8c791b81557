// Draws the installable app's PNG icons (apps/web/public/icons) from the favicon's house with
// Chromium (Playwright): `node scripts/app-icons.mjs`. The PNGs are committed; run again only when
// the favicon changes.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'apps/web/public/icons');
const house = '<path d="M8 15.5 16 9l8 6.5V24a1 1 0 0 1-1 1h-4.5v-5.5h-5V25H9a1 1 0 0 1-1-1z" fill="#1c1917"/>';
// "any": the favicon as it is (rounded square). "maskable": the yellow fills the whole square and
// the house stays inside the inner 80 % circle that every launcher mask keeps.
const icons = [
  { file: 'icon-192.png', size: 192, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#facc15"/>${house}</svg>` },
  { file: 'icon-512.png', size: 512, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#facc15"/>${house}</svg>` },
  { file: 'icon-maskable-512.png', size: 512, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#facc15"/><g transform="translate(16 17) scale(0.75) translate(-16 -17)">${house}</g></svg>` },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, svg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#facc15"/><g transform="translate(16 17) scale(0.85) translate(-16 -17)">${house}</g></svg>` },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/lib/chromium/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`);
    writeFileSync(path.join(out, icon.file), await page.screenshot({ omitBackground: true, type: 'png' }));
    await page.close();
  }
} finally {
  await browser.close();
}
