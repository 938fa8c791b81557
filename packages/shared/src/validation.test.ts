import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { changePasswordSchema, ownPasswordChangeSchema } from './auth.js';
import { formatPhone, isMobilePhone } from './phone.js';
import { emailSchema, isoDateSchema, mobilePhoneSchema, nameSchema, optionalContact, otpSchema, passwordSchema, phoneSchema, uuidSchema } from './validation.js';

/** The first issue message of a failed parse (an i18n key), or null when the value is valid. */
const messageOf = (schema: z.ZodType, value: unknown): string | null => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? 'unknown');
};

describe('name rule (letters incl. umlauts/ß, space, apostrophe, hyphen first; digits later)', () => {
  it.each([
    'Anna',
    'Jörg Müller',
    'Weiß',
    'Ärztin Öztürk',
    "O'Brien",
    "'Nduka",
    '-Bindestrich',
    ' Leerzeichen vorn',
    'Anna-Lena Schmidt-Groß',
    'Gruppe 2',
    'Bären3',
    'Zoë Renée',
    'Łukasz Żółw',
    'Dr. Müller',
  ])('accepts %j', (name) => {
    expect(messageOf(nameSchema, name)).toBeNull();
  });

  it.each([
    ['2Bären', 'validation.name'],
    ['1. Gruppe', 'validation.name'],
    ['0', 'validation.name'],
    ['Anna!', 'validation.name'],
    ['Max_Mustermann', 'validation.name'],
    ['Anna@home', 'validation.name'],
    ['<script>', 'validation.name'],
    ['', 'validation.required'],
    ['   ', 'validation.required'],
    ['A'.repeat(101), 'validation.tooLong'],
  ])('rejects %j with %s', (name, key) => {
    expect(messageOf(nameSchema, name)).toBe(key);
  });

  it('rejects a missing name as required and trims the value', () => {
    expect(messageOf(nameSchema, undefined)).toBe('validation.required');
    expect(nameSchema.parse('  Anna  ')).toBe('Anna');
  });
});

describe('phone rule (German numbers as people type them, stored as E.164)', () => {
  it.each([
    ['+491701234567', '+491701234567'],
    [' +491701234567 ', '+491701234567'],
    ['0170 1234567', '+491701234567'],
    ['0170-123 45 67', '+491701234567'],
    ['(0170) 1234567', '+491701234567'],
    ['+49 170 1234567', '+491701234567'],
    ['+49 (0)170 1234567', '+491701234567'],
    ['+49 (0) 170 1234567', '+491701234567'],
    ['0049 170 1234567', '+491701234567'],
    ['01512 3456789', '+4915123456789'],
    ['030 12345678', '+493012345678'],
    ['+4930 12345678', '+493012345678'],
    ['030/123 456 78', '+493012345678'],
    ['+4930123456789', '+4930123456789'],
  ])('accepts %j as %s', (input, e164) => {
    expect(messageOf(phoneSchema, input)).toBeNull();
    expect(phoneSchema.parse(input)).toBe(e164);
  });

  it.each([
    '+4917012345678901', // 15 national digits
    '+49 1234', // too short
    '12345',
    '+431701234567', // another country
    '+48 512 345 678',
    '+49170123456a',
    '0170 CALL ME',
    '',
  ])('rejects %j', (p) => {
    expect(messageOf(phoneSchema, p)).toBe('validation.phone');
  });

  it('a number that receives SMS must be a mobile number; a landline gets its own message', () => {
    expect(messageOf(mobilePhoneSchema, '0170 1234567')).toBeNull();
    expect(messageOf(mobilePhoneSchema, '030 12345678')).toBe('validation.phoneNotMobile');
    expect(messageOf(mobilePhoneSchema, '0800 1234567')).toBe('validation.phoneNotMobile');
    expect(messageOf(mobilePhoneSchema, 'abc')).toBe('validation.phone');
  });

  it('formats a stored number for display', () => {
    expect(formatPhone('+491701234567')).toBe('+49 170 1234567');
    expect(formatPhone('+493012345678')).toBe('+49 30 12345678');
    expect(formatPhone(null)).toBe('');
    expect(isMobilePhone('+4915123456789')).toBe(true);
    expect(isMobilePhone('+493012345678')).toBe(false);
  });

  it('treats an empty optional phone as null (empty phone on a user is sent as null)', () => {
    const optionalPhone = optionalContact(phoneSchema);
    expect(optionalPhone.parse('')).toBeNull();
    expect(optionalPhone.parse('   ')).toBeNull();
    expect(optionalPhone.parse(undefined)).toBeNull();
    expect(optionalPhone.parse(' 0170 1234567')).toBe('+491701234567');
    expect(messageOf(optionalPhone, '0170')).toBe('validation.phone');
  });
});

describe('e-mail rule', () => {
  it.each(['a@b.de', 'Max.Mustermann@Kita-Sonnenschein.de', 'x+tag@example.org', '  trimmed@example.org '])('accepts %j', (e) => {
    expect(messageOf(emailSchema, e)).toBeNull();
  });

  it('lower-cases and trims', () => {
    expect(emailSchema.parse('  Max@Kita.DE ')).toBe('max@kita.de');
  });

  it.each([
    ['kein-at.de', 'validation.email'],
    ['a@b', 'validation.email'],
    ['a b@c.de', 'validation.email'],
    ['@kita.de', 'validation.email'],
    ['', 'validation.required'],
  ])('rejects %j with %s', (e, key) => {
    expect(messageOf(emailSchema, e)).toBe(key);
  });
});

describe('password rule (at least 6 characters)', () => {
  it('accepts 6 characters and more', () => {
    expect(messageOf(passwordSchema, 'abcdef')).toBeNull();
    expect(messageOf(passwordSchema, 'ein langes Passwort mit Leerzeichen')).toBeNull();
  });

  it('rejects 5 characters, an empty and a missing password', () => {
    expect(messageOf(passwordSchema, 'abcde')).toBe('validation.passwordMin');
    expect(messageOf(passwordSchema, '')).toBe('validation.passwordMin');
    expect(messageOf(passwordSchema, undefined)).toBe('validation.required');
  });
});

describe('change-password rule (old required; new >= 6; confirmation equal; new differs from old)', () => {
  const valid = { oldPassword: 'alt-passwort', newPassword: 'neu-passwort', confirmPassword: 'neu-passwort' };
  const issues = (v: unknown) => {
    const r = ownPasswordChangeSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a valid change', () => {
    expect(issues(valid)).toEqual([]);
  });

  it.each([
    [{ ...valid, oldPassword: '' }, 'oldPassword:validation.required'],
    [{ ...valid, newPassword: 'kurz', confirmPassword: 'kurz' }, 'newPassword:validation.passwordMin'],
    [{ ...valid, confirmPassword: 'anderes-passwort' }, 'confirmPassword:validation.passwordMismatch'],
    [{ ...valid, confirmPassword: '' }, 'confirmPassword:validation.required'],
    [{ oldPassword: 'gleich-123', newPassword: 'gleich-123', confirmPassword: 'gleich-123' }, 'newPassword:validation.passwordSameAsOld'],
  ])('rejects %j with %s', (value, issue) => {
    expect(issues(value)).toContain(issue);
  });

  it("for another user's account the caller's own password is not compared with the new one", () => {
    const same = { oldPassword: 'admin-pass-1', newPassword: 'admin-pass-1', confirmPassword: 'admin-pass-1' };
    expect(changePasswordSchema.safeParse(same).success).toBe(true);
  });
});

describe('other shared rules', () => {
  it('OTP: exactly 6 digits', () => {
    expect(messageOf(otpSchema, '123456')).toBeNull();
    for (const bad of ['12345', '1234567', '12a456', ' 123456']) expect(messageOf(otpSchema, bad)).toBe('validation.otp');
  });

  it('uuid and yyyy-mm-dd dates', () => {
    expect(messageOf(uuidSchema, '7c9e6679-7425-40de-944b-e07fc1f90ae7')).toBeNull();
    expect(messageOf(uuidSchema, 'abc')).toBe('validation.uuid');
    expect(messageOf(isoDateSchema, '2021-05-04')).toBeNull();
    expect(messageOf(isoDateSchema, '04.05.2021')).toBe('validation.date');
  });
});
