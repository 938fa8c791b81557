import { describe, expect, it } from 'vitest';
import {
  creditsResetKey,
  escalationKey,
  ESCALATION_PREFIX,
  pushKey,
  erasureDoneKey,
  eventFamilyKey,
  eventFamilyKeyPrefix,
  fallbackKey,
  FALLBACK_PREFIX,
  invitationKey,
  invitationResendKey,
  otpKey,
  registrationKey,
  reminderKey,
  resultsKey,
  slotOfferedKey,
  slotReleasedKey,
  uniqueKey,
  withdrawnKey,
} from './message-keys.js';

/**
 * Message keys are stored in every outbox row; a release that spelled one differently would write
 * a second copy of a message an earlier release already wrote. These are the stored spellings.
 */
describe('message keys', () => {
  const e = '11111111-1111-4111-8111-111111111111';
  const p = '22222222-2222-4222-8222-222222222222';

  it('spells the per-family event messages <kind>:<event>:<parent>', () => {
    expect(invitationKey(e, p)).toBe(`inquiry:${e}:${p}`);
    expect(invitationResendKey(e, p, 2)).toBe(`inquiry:${e}:${p}:2`);
    expect(reminderKey(e, p)).toBe(`reminder:${e}:${p}`);
    expect(resultsKey(e, p)).toBe(`results:${e}:${p}`);
    expect(withdrawnKey(e, p)).toBe(`event_withdrawn:${e}:${p}`);
    expect(eventFamilyKeyPrefix('inquiry', e) + p).toBe(invitationKey(e, p));
    expect(eventFamilyKey('reminder', e, p)).toBe(reminderKey(e, p));
  });

  it('spells the other kinds as they are stored', () => {
    expect(slotOfferedKey(e, p)).toBe(`slot_offered:${e}:${p}`);
    expect(slotReleasedKey(e, p)).toBe(`slot_released:${e}:${p}`);
    expect(registrationKey('approved', p)).toBe(`registration_approved:${p}`);
    expect(otpKey('abc')).toBe('otp:abc');
    expect(erasureDoneKey(p)).toBe(`erasure_done:${p}`);
    expect(creditsResetKey(p, 'u')).toBe(`credits_reset:${p}:u`);
    expect(uniqueKey('operator-test', 'u')).toBe('operator-test:u');
  });

  it('keys a fallback by the failed message key after one prefix', () => {
    expect(fallbackKey(invitationKey(e, p))).toBe(`fallback:inquiry:${e}:${p}`);
    expect(fallbackKey(resultsKey(e, p)).startsWith(FALLBACK_PREFIX)).toBe(true);
    expect(fallbackKey(resultsKey(e, p)).slice(FALLBACK_PREFIX.length)).toBe(resultsKey(e, p));
  });

  it('keys a push by the usual message key after push:, and its escalation after escalation:', () => {
    expect(pushKey(invitationKey(e, p))).toBe(`push:inquiry:${e}:${p}`);
    expect(escalationKey(pushKey(resultsKey(e, p)))).toBe(`escalation:push:results:${e}:${p}`);
    expect(escalationKey(pushKey(slotOfferedKey(e, p))).startsWith(ESCALATION_PREFIX)).toBe(true);
  });
});
