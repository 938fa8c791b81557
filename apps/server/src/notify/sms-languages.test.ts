import { describe, expect, it } from 'vitest';
import { formatDeadline, LANGUAGES, type Language } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { MessageKind } from './outbox.js';
import { appLink, composeMessage, MESSAGE_VARS, resultLines } from './messages.js';
import { countSmsSegments, isGsm7, SMS_ENCODING } from './sms-text.js';

/**
 * The SMS segment table: every SMS kind in every family language, with the longest realistic Kita
 * name (45 characters), the real link length (a 40-character PUBLIC_URL plus a 22-character
 * token), the longest care-day wording (a range of five days) and children's names of every
 * script. Each SMS must stay within its bound of segments (at most 3, the price of an affordable
 * inquiry); docs/translations-messages.md prints the table (PRINT_SMS_TABLE=1 prints it here).
 */
const PUBLIC_URL = 'https://notbetreuung.kita-musterstadt.de';
const KITA = 'Städtische Kindertagesstätte Regenbogenland 2';
const TOKEN = 'Ab3_-Zx9Qw8Er7Ty6Ui5Op';
const CHILDREN = ['Elif Yılmaz', 'Анастасія Ковальчук', 'Zofia Wójcik', 'Александра Кузнецова', 'Nguyễn Thị Hương', 'Ελένη Κωνσταντινίδου', 'Mia Schäfer'];
/** Arabic names only in the Arabic (UCS-2) SMS: GSM-7 has no spelling for them. */
const ARABIC_CHILD = 'فاطمة الزهراء عبد الله';
const BOUND = 3;

const LINKS: Partial<Record<MessageKind, string>> = {
  activation: appLink(PUBLIC_URL, '/verify-email', { token: TOKEN }),
  email_change: appLink(PUBLIC_URL, '/verify-email', { token: TOKEN }),
  password_reset: appLink(PUBLIC_URL, '/reset-password', { token: TOKEN }),
  registration_approved: appLink(PUBLIC_URL, '/login'),
  account_exists: appLink(PUBLIC_URL, '/login'),
  inquiry: appLink(PUBLIC_URL, `/p/${TOKEN}`),
  reminder: appLink(PUBLIC_URL, `/p/${TOKEN}`),
};
const KINDS = Object.keys(MESSAGE_VARS) as MessageKind[];

function children(language: Language): string[] {
  return language === 'ar' ? [ARABIC_CHILD, ...CHILDREN] : CHILDREN;
}

/** The variables of one SMS: the longest wordings, one or two children in the result. */
function vars(kind: MessageKind, language: Language, childName: string, second?: string) {
  const rows = [childName, ...(second ? [second] : [])].map((name) => ({ childName: name, hasSlot: false, waitlistPosition: 12, credited: true }));
  return {
    kitaName: KITA,
    otp: '123456',
    minutes: 60,
    careDays: formatCarePeriod(language, '2026-12-21T07:00:00Z', '2026-12-25T17:00:00Z', 'Europe/Berlin'),
    deadline: formatDeadline(language, '2026-12-20T17:00:00Z', 'Europe/Berlin'),
    childName,
    results: resultLines(language, rows),
    ...(LINKS[kind] ? { link: LINKS[kind] } : {}),
  };
}

const sms = (kind: MessageKind, language: Language, v: Record<string, string | number>) =>
  composeMessage(kind, { language, channel: 'sms', recipient: '+491701234567', vars: v });

/** The worst case of one kind in one language over every child's name (and two children for results). */
function worst(kind: MessageKind, language: Language) {
  let max = { units: 0, segments: 0, encoding: SMS_ENCODING[language] as string, text: '' };
  for (const child of children(language)) {
    const cases = [vars(kind, language, child), ...(kind === 'results' ? [vars(kind, language, child, 'Mia Schäfer')] : [])];
    for (const v of cases) {
      const m = sms(kind, language, v);
      const c = countSmsSegments(m.bodyText);
      if (c.units > max.units) max = { ...c, text: m.bodyText };
    }
  }
  return max;
}

describe('SMS segment table: every kind in every language', () => {
  it('the test data is as long as the product must handle', () => {
    expect(KITA).toHaveLength(45);
    expect(LINKS.inquiry).toHaveLength(65);
  });

  for (const language of LANGUAGES) {
    for (const kind of KINDS) {
      it(`${kind} (${language}, ${SMS_ENCODING[language]}): at most ${BOUND} segments for every name`, () => {
        for (const child of children(language)) {
          const m = sms(kind, language, vars(kind, language, child));
          const c = countSmsSegments(m.bodyText);
          expect(c.encoding, m.bodyText).toBe(SMS_ENCODING[language]);
          expect(c.segments, `${c.units} units: ${m.bodyText}`).toBeLessThanOrEqual(BOUND);
          expect(m.smsSegments).toBe(c.segments);
          // The link is never cut or transliterated.
          if (LINKS[kind]) expect(m.bodyText).toContain(LINKS[kind]);
          expect(m.bodyText).not.toMatch(/\{\{|\}\}/);
        }
      });
    }
  }

  it('a result SMS for two children stays within the bound in every language', () => {
    for (const language of LANGUAGES) {
      const m = sms('results', language, vars('results', language, children(language)[0]!, 'Mia Schäfer'));
      expect(m.smsSegments, m.bodyText).toBeLessThanOrEqual(BOUND);
    }
  });

  it('the result and "a place is free" with the calendar link stay within the bound: the link whole, or left out', () => {
    // The calendar link's real length: the same PUBLIC_URL, /api/c/ and a 44-character key.
    const calendar = appLink(PUBLIC_URL, `/api/c/${TOKEN}${TOKEN}`);
    const table: string[] = [];
    for (const language of LANGUAGES) {
      for (const kind of ['results', 'slot_offered'] as const) {
        let worstCase = { segments: 0, linked: 0, cases: 0 };
        for (const child of children(language)) {
          for (const v of [vars(kind, language, child), ...(kind === 'results' ? [vars(kind, language, child, 'Mia Schäfer')] : [])]) {
            const m = sms(kind, language, { ...v, link: calendar });
            expect(m.smsSegments, m.bodyText).toBeLessThanOrEqual(BOUND);
            const linked = m.bodyText.includes('/api/c/');
            // Never a cut link; in GSM-7 it always fits.
            if (linked || SMS_ENCODING[language] === 'gsm7') expect(m.bodyText.endsWith(calendar), m.bodyText).toBe(true);
            worstCase = { segments: Math.max(worstCase.segments, m.smsSegments ?? 0), linked: worstCase.linked + (linked ? 1 : 0), cases: worstCase.cases + 1 };
          }
        }
        table.push(`${kind} ${language}: ${worstCase.segments} segments, link in ${worstCase.linked}/${worstCase.cases}`);
      }
    }
    if (process.env.PRINT_SMS_TABLE) console.log(table.join('\n'));
  });

  it('GSM-7 languages fit the inquiry into one segment, as German does', () => {
    // The reason Turkish and Polish are written without their diacritics: one SMS instead of three.
    for (const language of LANGUAGES.filter((l) => SMS_ENCODING[l] === 'gsm7')) {
      expect(worst('inquiry', language).segments, language).toBe(1);
    }
  });

  it('Turkish and Polish SMS lose only their diacritics; Cyrillic and Arabic keep their script', () => {
    const tr = sms('registration_declined', 'tr', vars('registration_declined', 'tr', 'Elif Yılmaz')).bodyText;
    expect(isGsm7(tr)).toBe(true);
    // ö and ü are GSM-7 letters and stay; ı, ş, ğ and ç become i, s, g and c.
    expect(tr).toContain('Kres yönetimi kaydinizi onaylamadi');
    const pl = sms('credits_reset', 'pl', vars('credits_reset', 'pl', 'Zofia Wójcik')).bodyText;
    expect(pl).toContain('Punkty Panstwa rodziny zostaly wyzerowane');
    const uk = sms('slot_offered', 'uk', vars('slot_offered', 'uk', 'Анастасія Ковальчук')).bodyText;
    expect(uk).toContain('Анастасія Ковальчук');
    expect(uk).toContain('звільнилося місце');
    const ar = sms('slot_offered', 'ar', vars('slot_offered', 'ar', ARABIC_CHILD)).bodyText;
    expect(ar).toContain(ARABIC_CHILD);
    expect(ar).toContain('مكان شاغر');
  });

  it('a UCS-2 SMS over its bound shortens the Kita name to save a segment', () => {
    // An inquiry of a Kita with a very long name: the name is abbreviated before a 4th segment is paid.
    const long = `${KITA} am Stadtpark der Gemeinde`;
    const m = sms('inquiry', 'ru', { ...vars('inquiry', 'ru', 'Mia'), kitaName: long });
    expect(countSmsSegments(m.bodyText).segments).toBeLessThanOrEqual(BOUND);
    expect(m.bodyText).not.toContain(long);
    expect(m.bodyText).toContain(LINKS.inquiry);
  });

  it('prints the table when asked (PRINT_SMS_TABLE=1)', () => {
    const lines = [
      `| kind | ${LANGUAGES.join(' | ')} |`,
      `|---|${LANGUAGES.map(() => '---').join('|')}|`,
      ...KINDS.map((kind) => `| ${kind} | ${LANGUAGES.map((l) => {
        const w = worst(kind, l);
        return `${w.segments} (${w.units})`;
      }).join(' | ')} |`),
    ];
    expect(lines).toHaveLength(KINDS.length + 2);
    if (process.env.PRINT_SMS_TABLE) console.log(lines.join('\n'));
  });
});
