import { describe, expect, it } from 'vitest';
import { formatDeadline, zonedInstant, type Language } from '@kita/shared';
import { formatCarePeriod } from '@kita/shared/i18n';
import type { MessageKind } from './outbox.js';
import { composeMessage, MESSAGE_VARS } from './messages.js';

/**
 * Every family-facing message names the care days exactly as the shared definition
 * (care-days.ts) does, with the real phrases (a single day ends with a period in German, "am Do,
 * 26.11.", so no template may put another period right after it).
 */
const TZ = 'Europe/Berlin';
const at = (day: string, time: string) => zonedInstant(day, time, TZ);
const STRIKE = { start: at('2026-11-30', '07:00'), end: at('2026-12-02', '17:00') };
const ONE_DAY = { start: at('2026-11-26', '07:00'), end: at('2026-11-26', '17:00') };
const KINDS = (Object.keys(MESSAGE_VARS) as MessageKind[]).filter((k) => MESSAGE_VARS[k].includes('careDays'));

function compose(kind: MessageKind, language: Language, channel: 'email' | 'sms', period: { start: Date; end: Date }) {
  const careDays = formatCarePeriod(language, period.start, period.end, TZ);
  const vars = {
    name: 'Anna Müller',
    kitaName: 'Sonnenschein',
    link: 'https://kita.example.org/p/' + 'A'.repeat(22),
    careDays,
    deadline: formatDeadline(language, at('2026-11-29', '18:00'), TZ),
    results: 'Mia: Platz erhalten',
    childName: 'Mia',
  };
  return { careDays, message: composeMessage(kind, { language, channel, recipient: channel === 'sms' ? '+491701234567' : 'a@b.test', vars }) };
}

describe('care days in the messages', () => {
  it('covers the inquiry, reminder, results and place-offered messages', () => {
    expect(KINDS).toEqual(expect.arrayContaining(['inquiry', 'reminder', 'results', 'slot_offered']));
  });

  it.each(KINDS)('%s names Monday to Wednesday for care until Wednesday 17:00', (kind) => {
    for (const channel of ['email', 'sms'] as const) {
      const de = compose(kind, 'de', channel, STRIKE);
      expect(de.careDays).toBe('vom Mo, 30.11. bis Mi, 02.12.');
      expect(de.message.bodyText).toContain('vom Mo, 30.11. bis Mi, 02.12.');
      const en = compose(kind, 'en', channel, STRIKE);
      expect(en.message.bodyText).toContain('from Mon, 30 Nov to Wed, 2 Dec');
    }
  });

  it.each(KINDS)('%s has no doubled period after a single care day', (kind) => {
    for (const language of ['de', 'en'] as const) {
      for (const channel of ['email', 'sms'] as const) {
        const { careDays, message } = compose(kind, language, channel, ONE_DAY);
        expect(careDays).toBe(language === 'de' ? 'am Do, 26.11.' : 'on Thu, 26 Nov');
        expect(message.bodyText).toContain(careDays);
        expect(`${message.subject ?? ''}\n${message.bodyText}`).not.toMatch(/\.\./);
      }
    }
  });
});
