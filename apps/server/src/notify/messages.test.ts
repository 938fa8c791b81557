import { describe, expect, it } from 'vitest';
import type { MessageKind } from './outbox.js';
import { appLink, composeMessage, escapeHtml, MESSAGE_VARS, parentRecipient, resultLines } from './messages.js';

const LINK = 'https://kita.example.org/p/' + 'A'.repeat(22);
const VARS = {
  name: 'Anna Müller',
  kitaName: 'Sonnenschein',
  link: LINK,
  otp: '123456',
  minutes: 10,
  // The longest forms formatCarePeriod/formatDeadline produce (a range of care days).
  careDays: 'vom Mi, 25.11. bis Fr, 27.11.',
  deadline: 'Di, 24.11., 18:00',
  results: 'Mia: Platz erhalten\nLeo: kein Platz',
  childName: 'Mia',
};
const KINDS = Object.keys(MESSAGE_VARS) as MessageKind[];
/** GSM 03.38 basic set (plus the extension characters we might use). */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà€]*$/;

describe('composeMessage', () => {
  it.each(KINDS)('%s: e-mail in German and English with subject, text and HTML', (kind) => {
    const de = composeMessage(kind, { language: 'de', channel: 'email', recipient: 'a@b.de', vars: VARS });
    const en = composeMessage(kind, { language: 'en', channel: 'email', recipient: 'a@b.de', vars: VARS });
    expect(de).toMatchObject({ kind, channel: 'email', recipient: 'a@b.de', language: 'de' });
    expect(de.subject).toBeTruthy();
    expect(de.subject).not.toBe(en.subject);
    expect(de.bodyText).toContain('Hallo Anna Müller,');
    expect(en.bodyText).toContain('Hello Anna Müller,');
    expect(de.bodyText).not.toMatch(/\{\{|\}\}/);
    expect(de.bodyHtml).toContain('<html lang="de">');
    expect(en.bodyHtml).toContain('<html lang="en">');
    if (MESSAGE_VARS[kind].includes('link')) {
      expect(de.bodyText).toContain(LINK);
      expect(de.bodyHtml).toContain(`href="${LINK}"`);
    }
  });

  it.each(KINDS)('%s: SMS in GSM-7 and within 160 characters with a realistic link', (kind) => {
    // A link only where the kind has one (the calendar link of a result: below).
    const { link, ...rest } = VARS;
    const vars = MESSAGE_VARS[kind].includes('link') ? { ...rest, link } : rest;
    for (const language of ['de', 'en'] as const) {
      const sms = composeMessage(kind, { language, channel: 'sms', recipient: '+491701234567', vars: { ...vars, results: 'Mia: Platz erhalten' } });
      expect(sms.subject).toBeNull();
      expect(sms.bodyHtml).toBeNull();
      expect(sms.bodyText).toMatch(GSM7);
      expect(sms.bodyText.length).toBeLessThanOrEqual(160);
      if (MESSAGE_VARS[kind].includes('link')) expect(sms.bodyText).toContain(LINK);
    }
  });

  it.each(['results', 'slot_offered'] as const)('%s with a place: the calendar link in every family language, at most two SMS parts', (kind) => {
    const calendar = 'https://kita.example.org/api/c/' + 'A'.repeat(44);
    for (const language of ['de', 'en', 'tr', 'uk', 'ar', 'pl', 'ru'] as const) {
      const sms = composeMessage(kind, { language, channel: 'sms', recipient: '+491701234567', vars: { ...VARS, results: 'Mia: Platz erhalten', link: calendar } });
      expect(sms.bodyText.endsWith(calendar), language).toBe(true);
      // A second part for the link (GSM-7 153 characters each, UCS-2 67); the name is cut before a third.
      expect(sms.smsSegments, language).toBeLessThanOrEqual(['uk', 'ar', 'ru'].includes(language) ? 3 : 2);
      const mail = composeMessage(kind, { language, channel: 'email', recipient: 'a@b.de', vars: { ...VARS, link: calendar } });
      expect(mail.bodyHtml).toContain(`href="${calendar}"`);
      expect(mail.bodyText).toContain(calendar);
    }
  });

  it('escapes HTML in variables but keeps the plain text as given', () => {
    const m = composeMessage('registration_received', {
      language: 'de', channel: 'email', recipient: 'x@y.de',
      vars: { name: '<script>alert("x")</script>', kitaName: 'Tom & Jerry' },
    });
    expect(m.bodyHtml).not.toContain('<script>');
    expect(m.bodyHtml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(m.bodyHtml).toContain('Tom &amp; Jerry');
    expect(m.bodyText).toContain('<script>alert("x")</script>');
  });

  it('keeps result lines as line breaks in HTML', () => {
    const m = composeMessage('results', { language: 'en', channel: 'email', recipient: 'x@y.de', vars: VARS });
    expect(m.bodyHtml).toContain('Mia: Platz erhalten<br>Leo: kein Platz');
  });

  it('greets without a name when none is given', () => {
    const m = composeMessage('credits_reset', { language: 'de', channel: 'email', recipient: 'x@y.de', vars: { kitaName: 'K' } });
    expect(m.bodyText.startsWith('Guten Tag,')).toBe(true);
  });

  it('refuses missing variables instead of sending holes', () => {
    expect(() => composeMessage('inquiry', { language: 'de', channel: 'sms', recipient: '+49170', vars: { kitaName: 'K' } })).toThrow(
      /missing vars careDays, deadline, link/,
    );
  });
});

describe('helpers', () => {
  it('builds links from the public URL only', () => {
    expect(appLink('https://kita.example.org/', '/verify-email', { token: 'a+b/c' })).toBe('https://kita.example.org/verify-email?token=a%2Bb%2Fc');
    expect(appLink('http://localhost:3000', '/login')).toBe('http://localhost:3000/login');
  });

  it('writes result lines in the language', () => {
    const rows = [{ childName: 'Mia', hasSlot: true }, { childName: 'Leo', hasSlot: false }];
    expect(resultLines('de', rows)).toBe('Mia: Platz erhalten\nLeo: kein Platz');
    expect(resultLines('en', rows)).toBe('Mia: place granted\nLeo: no place');
  });

  it('tells a family whose red child found no place that its credits went up (rule version 2)', () => {
    const rows = [{ childName: 'Leo', hasSlot: false, credited: true }];
    expect(resultLines('de', rows)).toBe('Leo: kein Platz (+1 Guthaben, beim nächsten Mal früher dran)');
    expect(resultLines('en', rows)).toBe('Leo: no place (+1 credit, earlier in line next time)');
  });

  it('thanks a family that chose care at home instead of telling it "no place"', () => {
    const rows = [{ childName: 'Ela', hasSlot: false, preferenceType: 'green' }];
    expect(resultLines('de', rows)).toBe('Ela: Betreuung zu Hause, danke!');
    expect(resultLines('en', rows)).toBe('Ela: care at home, thank you!');
  });

  it('tells a waitlisted child its position on the waiting list', () => {
    expect(resultLines('de', [{ childName: 'Leo', hasSlot: false, preferenceType: 'red', waitlistPosition: 2 }])).toBe('Leo: kein Platz, Warteliste Nr. 2');
    expect(resultLines('en', [{ childName: 'Leo', hasSlot: false, preferenceType: 'red', waitlistPosition: 2, credited: true }])).toBe(
      'Leo: no place, waiting list no. 2 (+1 credit)',
    );
  });

  it('stores the variables of recomposable family messages only, never of a message with a link token', () => {
    const results = composeMessage('results', { language: 'de', channel: 'email', recipient: 'a@b.test', vars: { kitaName: 'K', careDays: 'am Mo, 30.11.', results: 'Mia: Platz erhalten' } });
    expect(results.vars).toEqual({ kitaName: 'K', careDays: 'am Mo, 30.11.', results: 'Mia: Platz erhalten' });
    const inquiry = composeMessage('inquiry', { language: 'de', channel: 'sms', recipient: '+491701234567', vars: { kitaName: 'K', careDays: 'x', deadline: 'y', link: 'https://k.test/p/SECRET' } });
    expect(inquiry.vars).toBeUndefined();
  });

  it('escapes all five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('parentRecipient', () => {
  const base = {
    email: 'p@x.de', primaryPhone: '+491701234567', primaryPhoneVerified: true,
    preferredCommunication: 'email', isAnonymous: false, language: 'en',
  };
  it('uses the preferred channel', () => {
    expect(parentRecipient(base)).toEqual({ channel: 'email', recipient: 'p@x.de', language: 'en' });
    expect(parentRecipient({ ...base, preferredCommunication: 'sms' })).toEqual({ channel: 'sms', recipient: '+491701234567', language: 'en' });
  });
  it('sends SMS only to a verified phone, else falls back to e-mail', () => {
    expect(parentRecipient({ ...base, preferredCommunication: 'sms', primaryPhoneVerified: false })?.channel).toBe('email');
  });
  it('falls back to SMS when there is no e-mail', () => {
    expect(parentRecipient({ ...base, email: null })?.channel).toBe('sms');
    expect(parentRecipient({ ...base, email: null, preferredCommunication: null })?.channel).toBe('sms');
  });
  it('finds nobody for anonymous parents or without any reachable contact', () => {
    expect(parentRecipient({ ...base, isAnonymous: true })).toBeNull();
    expect(parentRecipient({ ...base, email: null, primaryPhoneVerified: false })).toBeNull();
  });
  it('defaults to German', () => {
    expect(parentRecipient({ ...base, language: 'xx' })?.language).toBe('de');
  });
});
