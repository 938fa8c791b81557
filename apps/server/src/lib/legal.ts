import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The legal pages: privacy notice (GDPR Art. 13), imprint (§ 5 DDG) and accessibility statement
 * (§ 12b BGG, BITV 2.0), in German and English.
 *
 * The product ships Markdown templates (`legal-templates/<page>.<lang>.md`, copied beside the
 * compiled server) that are true for what the product does. They take two kinds of `{{name}}`
 * variables: the operator's (who runs the service, data-protection officer, supervisory authority,
 * processors, …: the LEGAL_* settings) and the product's own (retention periods, the SMS provider
 * and mail server in use, the public address), which are always filled from the configuration,
 * so the texts cannot drift from what the installation really does. An operator who wants their
 * own wording puts `<page>.<lang>.md` files into LEGAL_DIR; a file there replaces the template of
 * the same name and may use the same variables. An operator variable that is not set shows as a
 * visible ⟦…⟧ gap, and production refuses to start while any page has one (config.ts).
 */
export const LEGAL_PAGES = ['privacy', 'imprint', 'accessibility'] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];
export const LEGAL_LANGUAGES = ['de', 'en'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

/** The operator's settings, by the template variable that uses each. */
export const OPERATOR_SETTINGS = {
  operator: 'LEGAL_OPERATOR',
  representative: 'LEGAL_REPRESENTATIVE',
  contact: 'LEGAL_CONTACT',
  dpo: 'LEGAL_DPO',
  supervisoryAuthority: 'LEGAL_SUPERVISORY_AUTHORITY',
  processors: 'LEGAL_PROCESSORS',
  enforcementBody: 'LEGAL_ENFORCEMENT_BODY',
} as const;
export type OperatorVariable = keyof typeof OPERATOR_SETTINGS;

export interface LegalSettings {
  /** LEGAL_DIR: the operator's own Markdown files (absolute path), if any. */
  dir?: string | undefined;
  operator: Partial<Record<OperatorVariable, string>>;
  publicUrl: string;
  smsProvider: 'twilio' | 'seven' | null;
  /** The host of SMTP_URL, or null without a mail server. */
  mailServer: string | null;
  retention: { messagesDays: number; auditDays: number; registrationsDays: number; registrationExpiryDays: number };
}

/** Development: src/lib/legal-templates; the compiled server: dist/legal-templates. */
export const legalTemplatesFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'legal-templates');

/** Login sessions last 12 hours (plugins/auth.ts); the device cookie 180 days (lib/device-cookie.ts). */
const SESSION_HOURS = 12;
const DEVICE_COOKIE_DAYS = 180;

const SMS_PROVIDERS: Record<LegalLanguage, Record<'twilio' | 'seven' | 'none', string>> = {
  de: {
    twilio: 'Twilio Inc., San Francisco, USA, mit ihren Tochtergesellschaften (SMS-Versand; Übermittlung in die USA auf Grundlage des EU-US Data Privacy Framework bzw. der Standardvertragsklauseln im Vertrag mit Twilio)',
    seven: 'seven communications GmbH & Co. KG, Kiel (SMS-Versand)',
    none: 'keiner: diese Installation versendet keine SMS',
  },
  en: {
    twilio: 'Twilio Inc., San Francisco, USA, and its affiliates (sending SMS; transfers to the USA under the EU-U.S. Data Privacy Framework or the standard contractual clauses of the contract with Twilio)',
    seven: 'seven communications GmbH & Co. KG, Kiel, Germany (sending SMS)',
    none: 'none: this installation sends no SMS',
  },
};
const NO_MAIL: Record<LegalLanguage, string> = { de: 'keiner: diese Installation versendet keine E-Mails', en: 'none: this installation sends no e-mail' };

/** What an unset operator variable shows: the setting that fills it. */
const gap = (name: OperatorVariable) => `⟦${OPERATOR_SETTINGS[name]}⟧`;

function productVariables(s: LegalSettings, lang: LegalLanguage): Record<string, string> {
  return {
    publicUrl: s.publicUrl,
    smsProvider: SMS_PROVIDERS[lang][s.smsProvider ?? 'none'],
    mailServer: s.mailServer ?? NO_MAIL[lang],
    retentionMessagesDays: String(s.retention.messagesDays),
    retentionAuditDays: String(s.retention.auditDays),
    retentionRegistrationsDays: String(s.retention.registrationsDays),
    registrationExpiryDays: String(s.retention.registrationExpiryDays),
    sessionHours: String(SESSION_HOURS),
    deviceCookieDays: String(DEVICE_COOKIE_DAYS),
  };
}

function templateOf(s: LegalSettings, page: LegalPage, lang: LegalLanguage): { source: string; own: boolean } {
  const own = s.dir ? path.join(s.dir, `${page}.${lang}.md`) : null;
  if (own && existsSync(own)) return { source: readFileSync(own, 'utf8'), own: true };
  return { source: readFileSync(path.join(legalTemplatesFolder, `${page}.${lang}.md`), 'utf8'), own: false };
}

export interface LegalText {
  markdown: string;
  /** Operator settings the text needs that are not set (shown as ⟦…⟧ gaps). */
  missing: string[];
  /** `{{name}}` in an operator's file that is no variable (left in the text as written). */
  unknown: string[];
  /** The text comes from LEGAL_DIR rather than the shipped template. */
  own: boolean;
}

/** One page in one language, with every variable filled (or marked as a gap). */
export function legalText(s: LegalSettings, page: LegalPage, lang: LegalLanguage): LegalText {
  const { source, own } = templateOf(s, page, lang);
  const product = productVariables(s, lang);
  const missing = new Set<string>();
  const unknown = new Set<string>();
  const markdown = source.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (whole, name: string) => {
    if (name in product) return product[name]!;
    if (name in OPERATOR_SETTINGS) {
      const value = s.operator[name as OperatorVariable]?.trim();
      if (value) return value;
      missing.add(OPERATOR_SETTINGS[name as OperatorVariable]);
      return gap(name as OperatorVariable);
    }
    unknown.add(name);
    return whole;
  });
  return { markdown, missing: [...missing], unknown: [...unknown], own };
}

/**
 * Why production may not start with these texts, as one line, or null: an operator setting a
 * page needs is missing, LEGAL_DIR does not exist, or an own file names an unknown variable.
 */
export function legalProblem(s: LegalSettings): string | null {
  if (s.dir && !existsSync(s.dir)) return `LEGAL_DIR: the folder ${s.dir} does not exist (the operator's privacy.de.md, imprint.de.md, … ; docs/privacy.md "Legal pages")`;
  const missing = new Set<string>();
  const unknown = new Set<string>();
  for (const page of LEGAL_PAGES) {
    for (const lang of LEGAL_LANGUAGES) {
      const text = legalText(s, page, lang);
      text.missing.forEach((m) => missing.add(m));
      text.unknown.forEach((u) => unknown.add(`{{${u}}} in ${page}.${lang}.md`));
    }
  }
  if (missing.size > 0) {
    return `LEGAL_*: the privacy notice, imprint and accessibility statement are still the unedited templates; set ${[...missing].join(', ')} (docs/privacy.md "Legal pages"), or put your own texts into LEGAL_DIR`;
  }
  if (unknown.size > 0) return `LEGAL_DIR: unknown template variables ${[...unknown].join(', ')} (docs/privacy.md "Legal pages" lists them)`;
  return null;
}
