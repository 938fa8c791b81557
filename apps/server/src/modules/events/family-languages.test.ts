import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language, type SmsEstimate } from '@kita/shared';
import { resources, translate } from '@kita/shared/i18n';
import { outboxMessages } from '../../db/schema.js';
import { createTestApp, type TestContext } from '../../../test/app.js';
import { authHeader, createChild, createKita, createParent, createStaff } from '../../../test/factories.js';
import { testSecretKey } from '../../../test/factories-accounts.js';
import { inquiryToken, linkHeader } from '../../../test/factories-events.js';
import { nextZonedWeekday } from '../../../test/dates.js';
import { openMessage } from '../../notify/secrets.js';
import { countSmsSegments, SMS_ENCODING, toGsm7 } from '../../notify/sms-text.js';
import { sendDueReminders } from '../delivery/service.js';

/**
 * A family in each product language receives its inquiry, its reminder and its result in that
 * language, by e-mail and by SMS, over the outbox and the dev transport: Turkish and Polish SMS in
 * GSM-7, Ukrainian, Russian and Arabic SMS in UCS-2, Arabic e-mails right to left. The inquiry's
 * description arrives as the Kita typed it, marked as the Kita's words in the family's language.
 * The SMS estimate the manager sees before sending names exactly the segments the SMS then take.
 */

// 08:00 in Berlin on a Monday in winter time, a week or more after the real now (test/dates.ts).
const T0 = nextZonedWeekday(1, '08:00');
const DESCRIPTION = 'Bitte Hausschuhe und Wechselkleidung mitbringen.';
let t: TestContext;
let manager: Record<string, string>;
let home: Awaited<ReturnType<typeof createKita>>;
type Family = { language: Language; channel: 'email' | 'sms'; parentId: string; childName: string; childId: string; name: string };
const families: Family[] = [];

const CHILD: Record<Language, string> = {
  de: 'Mia Schäfer', en: 'Oliver Smith', tr: 'Elif Yılmaz', uk: 'Анастасія Ковальчук', ar: 'فاطمة الزهراء', pl: 'Zofia Wójcik', ru: 'Александра Кузнецова',
};

beforeAll(async () => {
  t = await createTestApp({ now: T0 });
  home = await createKita(t.db, 'Städtische Kindertagesstätte Regenbogenland 2');
  manager = await authHeader(t.app, (await createStaff(t.db, 'KitaManager', home.kita.id)).id);
  let n = 0;
  for (const language of LANGUAGES) {
    for (const channel of ['email', 'sms'] as const) {
      n++;
      const name = `Familie ${language} ${channel}`;
      const p = await createParent(t.db, home.kita.id, {
        name,
        language,
        ...(channel === 'sms'
          ? { preferredCommunication: 'sms', primaryPhone: `+4917012345${String(n).padStart(3, '0')}`, primaryPhoneVerified: true, email: null, emailVerified: false }
          : { email: `familie-${language}@sprachen.test` }),
      });
      const childName = `${CHILD[language]} ${channel === 'sms' ? 'S' : 'E'}`;
      const child = await createChild(t.db, p.parent.id, home.kgGroup.id, childName);
      families.push({ language, channel, parentId: p.parent.id, childName, childId: child.id, name });
    }
  }
}, 60_000);
afterAll(async () => t.close());

const rowsOf = async (eventId: string, kind: 'inquiry' | 'reminder' | 'results') =>
  (await t.db.select().from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, kind)))).map((r) => ({
    ...r,
    // As the family gets it: with the real link instead of the sealed placeholder.
    bodyText: openMessage(r, testSecretKey).bodyText,
  }));

/** The words of a template before its first placeholder, as the family's SMS or e-mail writes them. */
function lead(text: string, language: Language, channel: 'email' | 'sms'): string {
  const words = text.split('{{')[0]!.trim();
  return channel === 'sms' && SMS_ENCODING[language] === 'gsm7' ? toGsm7(words) : words;
}
/** A template's text between two placeholders (the first run of words that is not a placeholder). */
function middle(text: string): string {
  return text.replace(/^\s*\{\{\w+\}\}[\s,:]*/u, '').split('{{')[0]!.replace(/[\s,:]+$/u, '');
}

describe('every family hears from the Kita in its own language', () => {
  let eventId: string;
  let estimate: SmsEstimate;

  it('the manager sees the SMS segments of the inquiry before sending it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/emergency-event/sms-estimate?kitaId=${home.kita.id}&categoryId=${home.kindergarten.id}&eventType=immediate`,
      headers: manager,
    });
    expect(res.statusCode, res.body).toBe(200);
    estimate = res.json().data;
    expect(estimate).toMatchObject({ families: 14, emailFamilies: 7, smsFamilies: 7 });
    expect(estimate.byLanguage.map((l) => l.language).sort()).toEqual([...LANGUAGES].sort());
    for (const l of estimate.byLanguage) expect(l.encoding, l.language).toBe(SMS_ENCODING[l.language]);
    expect(estimate.segments).toBe(estimate.byLanguage.reduce((s, l) => s + l.segmentsEach * l.smsFamilies, 0));
    // Cyrillic and Arabic cost more than German: that is what the line in the form tells the manager.
    const each = (l: Language) => estimate.byLanguage.find((x) => x.language === l)!.segmentsEach;
    expect(each('uk')).toBeGreaterThan(each('de'));
    expect(each('ar')).toBeGreaterThan(each('de'));
  });

  it('the inquiry reaches each family in its language, by e-mail and SMS, with the Kita note marked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/emergency-event',
      headers: manager,
      payload: { kitaId: home.kita.id, categoryId: home.kindergarten.id, eventType: 'immediate', totalSlotsKindergarten: 20, description: DESCRIPTION },
    });
    expect(res.statusCode, res.body).toBe(201);
    eventId = res.json().data.eventId;
    const rows = await rowsOf(eventId, 'inquiry');
    expect(rows).toHaveLength(14);
    for (const f of families) {
      const row = rows.find((r) => r.parentId === f.parentId)!;
      const m = resources[f.language].messages;
      expect(row, f.name).toBeDefined();
      expect(row.language).toBe(f.language);
      expect(row.channel).toBe(f.channel);
      if (f.channel === 'email') {
        expect(row.subject!.startsWith(lead(m.inquiry.subject, f.language, 'email')), `${f.name}: ${row.subject}`).toBe(true);
        expect(row.bodyText).toContain(translate(f.language, 'messages.common.greeting', { name: f.name }));
        expect(row.bodyText).toContain(middle(m.inquiry.body));
        // The Kita's own words stay as typed, under a label in the family's language.
        expect(row.bodyText).toContain(`${m.common.kitaNote}\n${DESCRIPTION}`);
        expect(row.bodyHtml).toContain(`<html lang="${f.language}"${f.language === 'ar' ? ' dir="rtl"' : ''}>`);
        expect(row.bodyHtml).toContain(`<p lang="de" dir="auto" style="margin:0">${DESCRIPTION}</p>`);
      } else {
        const sms = countSmsSegments(row.bodyText);
        expect(sms.encoding, `${f.name}: ${row.bodyText}`).toBe(SMS_ENCODING[f.language]);
        expect(row.bodyText).toContain(lead(middle(m.inquiry.sms), f.language, 'sms'));
        expect(row.bodyText).toMatch(/\/p\/[A-Za-z0-9_-]{22}$/);
        // The note would cost segments: SMS leave it to the page behind the link.
        expect(row.bodyText).not.toContain(DESCRIPTION);
        // The estimate named exactly what the SMS costs.
        expect(row.smsSegments).toBe(sms.segments);
        expect(estimate.byLanguage.find((l) => l.language === f.language)!.segmentsEach, f.name).toBe(sms.segments);
        expect(sms.segments).toBeLessThanOrEqual(3);
      }
      // Not German unless the family speaks it (the Kita's own words aside).
      if (f.language !== 'de') expect(row.bodyText.replace(DESCRIPTION, '').replace(home.kita.name, ''), f.name).not.toMatch(/Notbetreuung|Bedarf|Hinweis der Kita/);
    }
    // The dev transport takes every one of them.
    await t.app.outbox.runOnce();
    const sent = await t.db.select({ status: outboxMessages.status }).from(outboxMessages).where(and(eq(outboxMessages.eventId, eventId), eq(outboxMessages.kind, 'inquiry')));
    expect(sent.filter((s) => s.status === 'pending' || s.status === 'failed')).toEqual([]);
  });

  it('the page behind the SMS link and the manager\'s parent card know the family\'s language', async () => {
    for (const f of families.filter((x) => x.channel === 'sms')) {
      const headers = await linkHeader(t, await inquiryToken(t, eventId, f.parentId));
      const page = await t.app.inject({ method: 'GET', url: `/api/auth/${eventId}/parents/${f.parentId}`, headers });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.parent.language, f.name).toBe(f.language);
      expect(page.json().data.event.description).toBe(DESCRIPTION);
      const card = await t.app.inject({ method: 'GET', url: `/api/parents/${f.parentId}`, headers: manager });
      expect(card.json().data.language, f.name).toBe(f.language);
    }
  });

  it('the reminder reaches each family that has not answered in its language', async () => {
    t.clock.set(new Date(T0.getTime() + 7.5 * 60_000));
    expect(await sendDueReminders(t.app)).toBe(14);
    const rows = await rowsOf(eventId, 'reminder');
    for (const f of families) {
      const row = rows.find((r) => r.parentId === f.parentId)!;
      const m = resources[f.language].messages;
      expect(row.language).toBe(f.language);
      if (f.channel === 'email') expect(row.subject!.startsWith(lead(m.reminder.subject, f.language, 'email')), `${f.name}: ${row.subject}`).toBe(true);
      else {
        expect(row.bodyText.startsWith(lead(m.reminder.sms, f.language, 'sms')), `${f.name}: ${row.bodyText}`).toBe(true);
        expect(countSmsSegments(row.bodyText).encoding).toBe(SMS_ENCODING[f.language]);
      }
    }
  });

  it('the result reaches each family in its language, naming the child', async () => {
    const answers = families.map((f) => ({ childId: f.childId, preferenceType: 'red' }));
    const answered = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/preferences`, headers: manager, payload: { preferences: answers } });
    expect(answered.statusCode, answered.body).toBe(200);
    const closed = await t.app.inject({ method: 'POST', url: `/api/emergency-event/${eventId}/close`, headers: manager });
    expect(closed.statusCode, closed.body).toBe(200);
    const rows = await rowsOf(eventId, 'results');
    expect(rows).toHaveLength(14);
    for (const f of families) {
      const row = rows.find((r) => r.parentId === f.parentId)!;
      expect(row.language).toBe(f.language);
      const line = translate(f.language, 'messages.resultLine.slot', { childName: f.childName });
      const expected = f.channel === 'sms' && SMS_ENCODING[f.language] === 'gsm7' ? toGsm7(line) : line;
      expect(row.bodyText, f.name).toContain(expected);
      if (f.channel === 'email') expect(row.subject!.startsWith(lead(resources[f.language].messages.results.subject, f.language, 'email'))).toBe(true);
    }
    await t.app.outbox.runOnce();
  });
});

describe('errors a family meets', () => {
  it('come in the language its page asks for', async () => {
    for (const [i, language] of LANGUAGES.entries()) {
      // One address and one client per language: the guessing limits stay out of the way.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-with-email',
        remoteAddress: `198.51.100.${i + 10}`,
        headers: { 'accept-language': language === 'uk' ? 'uk-UA,uk;q=0.9' : language },
        payload: { email: `niemand-${language}@sprachen.test`, password: 'falsch-falsch-1' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message, language).toBe(translate(language, 'errors.INVALID_CREDENTIALS'));
    }
  });
});

describe('the SMS estimate refuses what it cannot answer', () => {
  it('a category of another Kita is a 400 and a Kita outside the scope a 404', async () => {
    const away = await createKita(t.db, 'Kita Anderswo');
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/emergency-event/sms-estimate?kitaId=${home.kita.id}&categoryId=${away.kindergarten.id}`,
      headers: manager,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CATEGORY_NOT_IN_KITA');
    const outside = await t.app.inject({
      method: 'GET',
      url: `/api/emergency-event/sms-estimate?kitaId=${away.kita.id}&categoryId=${away.kindergarten.id}`,
      headers: manager,
    });
    expect(outside.statusCode).toBe(404);
  });

  it('a future inquiry is estimated with its own care days and deadline', async () => {
    const start = new Date(T0.getTime() + 3 * 24 * 3_600_000);
    const query = new URLSearchParams({
      kitaId: home.kita.id, categoryId: home.kindergarten.id, eventType: 'future',
      eventDate: start.toISOString(), expireDate: new Date(start.getTime() + 4 * 24 * 3_600_000).toISOString(),
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/emergency-event/sms-estimate?${query}`, headers: manager });
    expect(res.statusCode, res.body).toBe(200);
    const e: SmsEstimate = res.json().data;
    expect(e.smsFamilies).toBe(7);
    for (const l of e.byLanguage) expect(l.segmentsEach, l.language).toBeLessThanOrEqual(3);
  });

  it('a future inquiry without its care dates is refused with the fields named', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/emergency-event/sms-estimate?kitaId=${home.kita.id}&categoryId=${home.kindergarten.id}&eventType=future`,
      headers: manager,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});
