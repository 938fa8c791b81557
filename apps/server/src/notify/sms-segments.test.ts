import { describe, expect, it } from 'vitest';
import { formatDeadline, type Language } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { MessageKind } from './outbox.js';
import { appLink, composeMessage, MESSAGE_VARS, resultLines } from './messages.js';
import { countSmsSegments, isGsm7 } from './sms-text.js';

/**
 * Every SMS kind stays in ONE segment with a realistic 40-character PUBLIC_URL, a
 * 45-character Kita name and names in non-Latin scripts, in both languages.
 */
const PUBLIC_URL = 'https://notbetreuung.kita-musterstadt.de';
const KITA = 'Städtische Kindertagesstätte Regenbogenland 2';
const TOKEN = 'Ab3_-Zx9Qw8Er7Ty6Ui5Op'; // 22 characters like newToken()
const PARENTS = ['Ayşe Çelik', 'Łukasz Dragović', 'Nguyễn Thị Hương', 'Γιώργος Παπαδόπουλος', 'Олександр Шевченко'];
const CHILDREN = ['Elif Yılmaz', 'Zofia Wójcik', 'Trần Minh Châu', 'Ελένη Κωνσταντινίδου', 'Анастасія Ковальчук'];

const LINKS: Partial<Record<MessageKind, string>> = {
  activation: appLink(PUBLIC_URL, '/verify-email', { token: TOKEN }),
  email_change: appLink(PUBLIC_URL, '/verify-email', { token: TOKEN }),
  password_reset: appLink(PUBLIC_URL, '/reset-password', { token: TOKEN }),
  registration_approved: appLink(PUBLIC_URL, '/login'),
  inquiry: appLink(PUBLIC_URL, `/p/${TOKEN}`),
  reminder: appLink(PUBLIC_URL, `/p/${TOKEN}`),
  account_exists: appLink(PUBLIC_URL, '/login'),
};

function vars(kind: MessageKind, language: Language, i: number, children: number) {
  return {
    name: PARENTS[i]!,
    kitaName: KITA,
    otp: '123456',
    minutes: 60,
    eventDate: '24.12.2026',
    // The longest wording of the care days (several days) and a deadline.
    careDays: formatCarePeriod(language, '2026-12-21T07:00:00Z', '2026-12-25T17:00:00Z', 'Europe/Berlin'),
    deadline: formatDeadline(language, '2026-12-20T17:00:00Z', 'Europe/Berlin'),
    childName: CHILDREN[i]!,
    // The longest result line: no place, waiting list position and the credit.
    results: resultLines(language, CHILDREN.slice(i, i + children).map((childName, k) => ({ childName, hasSlot: k % 2 === 1, waitlistPosition: 12, credited: true }))),
    ...(LINKS[kind] ? { link: LINKS[kind] } : {}),
  };
}

const KINDS = Object.keys(MESSAGE_VARS) as MessageKind[];

describe('SMS in one segment', () => {
  it('the test data is as long as the issue says', () => {
    expect(PUBLIC_URL).toHaveLength(40);
    expect(KITA).toHaveLength(45);
  });

  for (const kind of KINDS) {
    for (const language of ['de', 'en'] as const) {
      it(`${kind} (${language}): one GSM-7 segment for every name`, () => {
        for (let i = 0; i < PARENTS.length; i++) {
          const sms = composeMessage(kind, { language, channel: 'sms', recipient: '+491701234567', vars: vars(kind, language, i, 1) });
          const count = countSmsSegments(sms.bodyText);
          expect(isGsm7(sms.bodyText), sms.bodyText).toBe(true);
          expect(count.segments, `${count.units} characters: ${sms.bodyText}`).toBe(1);
          expect(sms.smsSegments).toBe(1);
          if (LINKS[kind]) expect(sms.bodyText).toContain(LINKS[kind]);
        }
      });
    }
  }

  it('the Kita name is abbreviated, not dropped, and names are transliterated', () => {
    // A one-day inquiry (the usual case): the long Kita name is abbreviated, not cut.
    const oneDay = { ...vars('inquiry', 'de', 0, 1), careDays: formatCarePeriod('de', '2026-12-21T07:00:00Z', '2026-12-21T16:00:00Z', 'Europe/Berlin') };
    const sms = composeMessage('inquiry', { language: 'de', channel: 'sms', recipient: '+491701234567', vars: oneDay });
    expect(sms.bodyText).toMatch(/^Städtische Kita Regenbogenland 2: /);
    const offered = composeMessage('slot_offered', { language: 'de', channel: 'sms', recipient: '+491701234567', vars: vars('slot_offered', 'de', 3, 1) });
    expect(offered.bodyText).toContain('Eleni Konstantinidou');
  });

  it('a result SMS for two children still fits one segment', () => {
    for (const language of ['de', 'en'] as const) {
      const sms = composeMessage('results', { language, channel: 'sms', recipient: '+491701234567', vars: vars('results', language, 0, 2) });
      expect(sms.smsSegments, sms.bodyText).toBe(1);
    }
  });

  it('a result SMS for many children cannot fit: it is sent whole and its segments are counted', () => {
    // Five children with long names need ~190 characters of result lines alone: cutting them would
    // lose a child's result, so this SMS takes two segments and the outbox row says so.
    const sms = composeMessage('results', { language: 'de', channel: 'sms', recipient: '+491701234567', vars: vars('results', 'de', 0, 5) });
    for (const child of ['Elif Yilmaz', 'Zofia Wojcik', 'Tran Minh Chau', 'Eleni Konstantinidou', 'Anastasiya Kovalchuk']) {
      expect(sms.bodyText).toContain(child);
    }
    expect(sms.smsSegments).toBe(countSmsSegments(sms.bodyText).segments);
    expect(sms.smsSegments).toBeGreaterThan(1);
  });

  it('e-mails keep names as entered and have no segment count', () => {
    const mail = composeMessage('slot_offered', { language: 'de', channel: 'email', recipient: 'a@b.de', vars: vars('slot_offered', 'de', 3, 1) });
    expect(mail.bodyText).toContain('Ελένη Κωνσταντινίδου');
    expect(mail.smsSegments).toBeUndefined();
  });
});
