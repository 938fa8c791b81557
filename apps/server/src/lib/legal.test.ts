import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalSettingsOf, loadConfig } from '../config.js';
import { LEGAL_ENV } from '../../test/legal-env.js';
import { refusedConfig } from '../../test/config-refusal.js';
import { LEGAL_LANGUAGES, LEGAL_PAGES, legalTemplatesFolder, legalText, OPERATOR_SETTINGS } from './legal.js';

/** Everything production needs except the legal settings. */
const PROD = {
  NODE_ENV: 'production',
  JWT_SECRET: 'c4f1e9a07b3d52e8a6f0d19b7c2e4a8f5b3d0e6c',
  PUBLIC_URL: 'https://kita.stadt-test.de',
  DATABASE_URL: 'postgres://db/kita',
  SMTP_FROM: 'Kita Notbetreuung <no-reply@stadt-test.de>',
  // Only the legal settings are checked here (push needs VAPID keys in production: config.test.ts).
  PUSH: 'off',
};

const refused = refusedConfig;
const legalLines = (message: string) => message.split('\n').filter((l) => /^\s+LEGAL_/.test(l));

let dir: string;
beforeAll(() => void (dir = mkdtempSync(path.join(tmpdir(), 'kita-legal-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a production start with the legal pages', () => {
  it('is refused while the templates are unedited, in one line naming every missing setting', () => {
    const lines = legalLines(refused(PROD));
    expect(lines).toHaveLength(1);
    expect(lines[0]!.trim()).toMatch(/^LEGAL_\*: the privacy notice, imprint and accessibility statement are still the unedited templates; set /);
    for (const name of Object.values(OPERATOR_SETTINGS)) expect(lines[0]).toContain(name);
  });

  it('names only what is still missing', () => {
    const { LEGAL_DPO: _d, LEGAL_ENFORCEMENT_BODY: _e, ...some } = LEGAL_ENV;
    const [line] = legalLines(refused({ ...PROD, ...some }));
    expect(line).toMatch(/set LEGAL_DPO, LEGAL_ENFORCEMENT_BODY \(docs\/privacy\.md/);
    // An empty value is unset (a compose file's `LEGAL_DPO: ${LEGAL_DPO:-}`).
    expect(legalLines(refused({ ...PROD, ...LEGAL_ENV, LEGAL_DPO: '  ' }))[0]).toMatch(/set LEGAL_DPO \(/);
  });

  it('starts with every setting filled, and the pages show them', () => {
    const config = loadConfig({ ...PROD, ...LEGAL_ENV, RETENTION_MESSAGES_DAYS: '30', SMTP_URL: 'smtp://u:p@mail.stadt-test.de:587', SEVEN_API_KEY: 'k', SEVEN_FROM: 'Kita' });
    const settings = legalSettingsOf(config);
    const privacy = legalText(settings, 'privacy', 'de');
    expect(privacy.missing).toEqual([]);
    expect(privacy.markdown).not.toMatch(/⟦|\{\{/);
    expect(privacy.markdown).toContain(LEGAL_ENV.LEGAL_OPERATOR);
    expect(privacy.markdown).toContain(LEGAL_ENV.LEGAL_DPO);
    expect(privacy.markdown).toContain(LEGAL_ENV.LEGAL_SUPERVISORY_AUTHORITY);
    // The product's own facts come from its settings, not from a text someone must keep in step.
    expect(privacy.markdown).toContain('löschen wir 30 Tage nach dem Versand');
    expect(privacy.markdown).toContain('SMS-Versand: seven communications GmbH & Co. KG');
    expect(privacy.markdown).toContain('Mailserver: mail.stadt-test.de');
    expect(privacy.markdown).not.toContain('u:p');
    const en = legalText(settings, 'privacy', 'en');
    expect(en.markdown).toContain('deleted 30 days after sending');
    expect(legalText(settings, 'accessibility', 'en').markdown).toContain(`write to us: ${LEGAL_ENV.LEGAL_CONTACT}`);
    expect(legalText(settings, 'imprint', 'de').markdown).toContain(LEGAL_ENV.LEGAL_REPRESENTATIVE);
  });

  it("takes the operator's own texts from LEGAL_DIR, which need only the settings they use", () => {
    const own = path.join(dir, 'own');
    mkdirSync(own);
    for (const page of LEGAL_PAGES) for (const lang of LEGAL_LANGUAGES) writeFileSync(path.join(own, `${page}.${lang}.md`), `# ${page} ${lang}\n\nUnsere eigenen Angaben. Nachrichten: {{retentionMessagesDays}} Tage.\n`);
    const config = loadConfig({ ...PROD, LEGAL_DIR: own });
    const text = legalText(legalSettingsOf(config), 'privacy', 'de');
    expect(text).toMatchObject({ own: true, missing: [], markdown: '# privacy de\n\nUnsere eigenen Angaben. Nachrichten: 90 Tage.\n' });
    // An own file that uses an operator variable needs its setting; an unknown variable is refused.
    writeFileSync(path.join(own, 'imprint.en.md'), '# Imprint\n\n{{operator}}\n');
    expect(legalLines(refused({ ...PROD, LEGAL_DIR: own }))[0]).toMatch(/set LEGAL_OPERATOR \(/);
    writeFileSync(path.join(own, 'imprint.en.md'), '# Imprint\n\n{{operater}}\n');
    expect(legalLines(refused({ ...PROD, LEGAL_DIR: own }))[0]).toMatch(/^\s+LEGAL_DIR: unknown template variables \{\{operater\}\} in imprint\.en\.md/);
    expect(legalLines(refused({ ...PROD, ...LEGAL_ENV, LEGAL_DIR: path.join(dir, 'missing') }))[0]).toMatch(/LEGAL_DIR: the folder .*missing does not exist/);
  });

  it('outside production shows each gap with the setting that fills it', () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: path.join(dir, 'data') });
    const text = legalText(legalSettingsOf(config), 'imprint', 'de');
    expect(text.missing).toEqual(['LEGAL_OPERATOR', 'LEGAL_REPRESENTATIVE', 'LEGAL_CONTACT']);
    expect(text.markdown).toContain('⟦LEGAL_OPERATOR⟧');
  });
});

describe('the shipped templates', () => {
  it('exist in German and English with the same sections and variables', () => {
    for (const page of LEGAL_PAGES) {
      const [de, en] = LEGAL_LANGUAGES.map((lang) => readFileSync(path.join(legalTemplatesFolder, `${page}.${lang}.md`), 'utf8'));
      const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(vars(en!), page).toEqual(vars(de!));
      const headings = (s: string) => s.split('\n').filter((l) => l.startsWith('#')).length;
      expect(headings(en!), page).toBe(headings(de!));
    }
  });
});
