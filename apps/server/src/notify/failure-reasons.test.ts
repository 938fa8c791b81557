import { describe, expect, it } from 'vitest';
import { sevenReason, smtpReason, twilioReason } from './failure-reasons.js';
import { devOutcome, PermanentDeliveryError } from './transport.js';

describe('failure reasons from provider codes', () => {
  it('maps Twilio error codes', () => {
    expect(twilioReason(21614)).toBe('landline');
    expect(twilioReason('30006')).toBe('landline');
    expect(twilioReason(21211)).toBe('invalid_number');
    expect(twilioReason('30003')).toBe('unreachable');
    expect(twilioReason('30007')).toBe('filtered');
    expect(twilioReason(99999)).toBe('unknown');
    expect(twilioReason(undefined)).toBe('unknown');
  });

  it('maps seven.io return codes and report statuses', () => {
    expect(sevenReason('202')).toBe('invalid_number');
    expect(sevenReason('notdelivered')).toBe('unreachable');
    expect(sevenReason('EXPIRED')).toBe('expired');
    expect(sevenReason('900')).toBe('unknown');
  });

  it('maps SMTP replies and enhanced status codes', () => {
    expect(smtpReason(552, '5.2.2 Mailbox full')).toBe('mailbox_full');
    expect(smtpReason(undefined, '452 4.2.2 Over quota')).toBe('mailbox_full');
    expect(smtpReason(550, '5.1.1 User unknown')).toBe('no_such_address');
    expect(smtpReason(554, 'Transaction failed')).toBe('rejected');
    expect(smtpReason(421, 'try later')).toBe('unknown');
  });
});

describe('the dev mailbox simulation', () => {
  const outcome = (channel: 'email' | 'sms', recipient: string) => {
    try {
      return devOutcome({ channel, recipient });
    } catch (err) {
      return err instanceof PermanentDeliveryError ? `failed:${err.reason}` : 'error';
    }
  };
  it('answers by recipient pattern', () => {
    expect(outcome('email', 'a+failed@x.de')).toBe('failed:no_such_address');
    expect(outcome('sms', '+49170009991')).toBe('failed:invalid_number');
    expect(outcome('sms', '+49301239992')).toBe('failed:landline');
    expect(outcome('email', 'a+full@x.de')).toEqual({ providerMessageId: null, delivery: { status: 'undelivered', reason: 'mailbox_full' } });
    expect(outcome('sms', '+49170009993')).toEqual({ providerMessageId: null, delivery: { status: 'undelivered', reason: 'unreachable' } });
    expect(outcome('email', 'a+sent@x.de')).toEqual({ providerMessageId: null });
    expect(outcome('email', 'full@x.de')).toEqual({ providerMessageId: null, delivery: { status: 'delivered' } });
    expect(outcome('sms', '+491701234567')).toEqual({ providerMessageId: null, delivery: { status: 'delivered' } });
  });
});
