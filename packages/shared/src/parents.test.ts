import { describe, expect, it } from 'vitest';
import { childFormSchema, childInputSchema, isCalendarDate, isDateOfBirthInRange } from './children.js';
import { zonedDay } from './time.js';
import { normalizeParentInput, parentInputSchema } from './parents.js';

const KITA = '0b5f3c1e-0000-4000-8000-000000000001';
const base = { name: 'Paula Neu', kitaId: KITA, language: 'de', email: 'p@x.de' };
const issues = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

describe('parent payload rules (docs/domain.md "Validation")', () => {
  it.each([
    ['valid e-mail parent', base, []],
    ['missing e-mail', { ...base, email: '' }, ['email:validation.required']],
    ['anonymous needs no e-mail', { ...base, email: ' ', isAnonymous: true }, []],
    ['SMS needs a phone', { ...base, preferredCommunication: 'sms' }, ['primaryPhoneNumber:validation.phoneRequiredForSms']],
    ['SMS with phone', { ...base, preferredCommunication: 'sms', primaryPhoneNumber: '+491701234567' }, []],
    ['anonymous SMS needs no phone', { ...base, preferredCommunication: 'sms', isAnonymous: true }, []],
    ['phone must start with +49', { ...base, primaryPhoneNumber: '+431701234567' }, ['primaryPhoneNumber:validation.phone']],
    ['phone too short', { ...base, primaryPhoneNumber: '+49 1234' }, ['primaryPhoneNumber:validation.phone']],
    ['phone 13 digits ok', { ...base, primaryPhoneNumber: '+491701234567890' }, []],
    ['phone too long', { ...base, primaryPhoneNumber: '+4917012345678901' }, ['primaryPhoneNumber:validation.phone']],
    ['landline as second number ok', { ...base, secondaryPhoneNumber: '030 12345678' }, []],
    ['landline ok without SMS', { ...base, primaryPhoneNumber: '030 12345678' }, []],
    ['SMS to a landline', { ...base, preferredCommunication: 'sms', primaryPhoneNumber: '030 12345678' }, ['primaryPhoneNumber:validation.phoneNotMobile']],
    ['SMS to a mobile typed nationally', { ...base, preferredCommunication: 'sms', primaryPhoneNumber: '0170 1234567' }, []],
    ['name with umlaut and hyphen', { ...base, name: 'Jörg-Ülrich ßmith' }, []],
    ['name with leading digit', { ...base, name: '9Lives' }, ['name:validation.name']],
    ['language required', { ...base, language: undefined }, [expect.stringMatching(/^language:/)]],
  ])('%s', (_c, input, expected) => {
    expect(issues(parentInputSchema.safeParse(input))).toEqual(expected);
  });

  it('stores phone numbers as E.164 whatever the spelling', () => {
    for (const typed of ['0170 1234567', '+49 (0)170 1234567', '0049 170 1234567', '(0170) 123-4567']) {
      expect(parentInputSchema.parse({ ...base, primaryPhoneNumber: typed }).primaryPhoneNumber).toBe('+491701234567');
    }
  });

  it('trims contact fields and turns empty ones into null', () => {
    const v = parentInputSchema.parse({ ...base, email: '  P@X.de ', secondaryEmail: '   ', primaryPhoneNumber: ' +491701234567 ' });
    expect(v).toMatchObject({ email: 'p@x.de', secondaryEmail: null, primaryPhoneNumber: '+491701234567' });
  });

  it('anonymous clears every contact field and the preference', () => {
    const v = parentInputSchema.parse({ ...base, isAnonymous: true, primaryPhoneNumber: '+491701234567', preferredCommunication: 'sms' });
    expect(normalizeParentInput(v)).toMatchObject({ email: null, secondaryEmail: null, primaryPhoneNumber: null, secondaryPhoneNumber: null, preferredCommunication: null });
  });

  it('a parent with e-mail and no preference prefers e-mail', () => {
    expect(normalizeParentInput(parentInputSchema.parse({ ...base, preferredCommunication: '' })).preferredCommunication).toBe('email');
  });
});

describe('child rules', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2023-13-01', false],
    ['2023-1-01', false],
  ])('isCalendarDate(%s) = %s', (d, ok) => expect(isCalendarDate(d)).toBe(ok));

  it.each([
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['2025-06-01', true],
    ['2025-06-02', false],
  ])('date of birth %s in range up to 2025-06-01: %s', (d, ok) => expect(isDateOfBirthInRange(d, '2025-06-01')).toBe(ok));

  it("computes today in the Kita's zone", () => {
    expect(zonedDay(new Date('2025-03-10T23:30:00Z'), 'Europe/Berlin')).toBe('2025-03-11');
    expect(zonedDay(new Date('2025-03-10T23:30:00Z'), 'UTC')).toBe('2025-03-10');
  });

  it('the form asks for a parent and a group from staff, not from a parent', () => {
    const value = { childName: 'Mia', dateOfBirth: '2022-01-01' };
    expect(issues(childFormSchema({ today: '2025-01-01', requireParent: true }).safeParse(value))).toEqual([
      'groupId:validation.required',
      'parentId:validation.missingParent',
    ]);
    expect(issues(childFormSchema({ today: '2025-01-01', requireParent: false }).safeParse(value))).toEqual([]);
    expect(issues(childFormSchema({ today: '2021-12-31', requireParent: false }).safeParse(value))).toEqual(['dateOfBirth:validation.dateOfBirthRange']);
  });

  it('accepts an embedded new parent and checks its rules', () => {
    const ok = childInputSchema.safeParse({ childName: 'Mia', dateOfBirth: '2022-01-01', groupId: KITA, newParent: base });
    expect(ok.success).toBe(true);
    const bad = childInputSchema.safeParse({ childName: 'Mia', dateOfBirth: '2022-01-01', groupId: KITA, newParent: { ...base, email: '' } });
    expect(issues(bad)).toEqual(['newParent.email:validation.required']);
  });
});
