import { describe, expect, it } from 'vitest';
import { categoryInputSchema, categoryUpdateSchema, groupInputSchema, kitaInputSchema, userCreateSchema, userUpdateSchema } from './kitas.js';

const KITA = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const CATEGORY = '0f8fad5b-d9cb-469f-a165-70867728950e';

const issues = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } } }, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('Kita form (kitaName and location required)', () => {
  it('accepts name and location, trims them, empty description -> null', () => {
    expect(kitaInputSchema.parse({ kitaName: ' Kita Sonnenschein ', location: ' Berlin ', description: '  ' })).toEqual({
      kitaName: 'Kita Sonnenschein',
      location: 'Berlin',
      description: null,
    });
  });

  it.each([
    [{ kitaName: '', location: 'Berlin' }, 'kitaName:validation.required'],
    [{ kitaName: '   ', location: 'Berlin' }, 'kitaName:validation.required'],
    [{ kitaName: 'Kita', location: '' }, 'location:validation.required'],
    [{ kitaName: 'Kita', location: 'Berlin', timezone: 'Europe/Atlantis' }, 'timezone:validation.timezone'],
    [{ kitaName: 'Kita', location: 'Berlin', description: 'x'.repeat(2001) }, 'description:validation.tooLong'],
  ])('rejects %j', (value, issue) => {
    expect(issues(kitaInputSchema, value)).toContain(issue);
  });

  it('accepts a known time zone', () => {
    expect(kitaInputSchema.parse({ kitaName: 'K', location: 'L', timezone: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin');
  });
});

describe('category (Kindergarten or Krippe, required)', () => {
  it.each(['Kindergarten', 'Krippe'])('accepts %s', (categoryName) => {
    expect(issues(categoryInputSchema, { categoryName, kitaId: KITA })).toEqual([]);
    expect(issues(categoryUpdateSchema, { categoryName })).toEqual([]);
  });

  it.each(['kindergarten', 'Hort', '', undefined])('rejects %j', (categoryName) => {
    expect(issues(categoryInputSchema, { categoryName, kitaId: KITA })).toContain('categoryName:validation.categoryName');
  });

  it('requires a Kita uuid', () => {
    expect(issues(categoryInputSchema, { categoryName: 'Krippe', kitaId: 'x' })).toContain('kitaId:validation.uuid');
  });
});

describe('group (required, same name pattern)', () => {
  it('accepts umlauts, digits later and apostrophes', () => {
    expect(issues(groupInputSchema, { groupName: "Bären 2 'Rot'", categoryId: CATEGORY })).toEqual([]);
  });

  it.each([
    ['', 'groupName:validation.required'],
    ['2 Bären', 'groupName:validation.name'],
    ['Bären#', 'groupName:validation.name'],
  ])('rejects %j', (groupName, issue) => {
    expect(issues(groupInputSchema, { groupName, categoryId: CATEGORY })).toContain(issue);
  });

  it('requires a category uuid', () => {
    expect(issues(groupInputSchema, { groupName: 'Igel' })).toContain('categoryId:validation.uuid');
  });
});

describe('user form', () => {
  const manager = { name: 'Martina Müller', email: 'm@kita.de', password: 'geheim1', phoneNumber: '', role: 'KitaManager', kitaId: KITA };

  it('accepts a manager with Kita, empty phone -> null', () => {
    expect(userCreateSchema.parse(manager)).toMatchObject({ phoneNumber: null, role: 'KitaManager', kitaId: KITA });
  });

  it('accepts an Admin without a Kita', () => {
    expect(issues(userCreateSchema, { ...manager, role: 'Admin', kitaId: null })).toEqual([]);
  });

  it.each([
    [{ ...manager, name: '' }, 'name:validation.required'],
    [{ ...manager, name: '1Martina' }, 'name:validation.name'],
    [{ ...manager, email: 'martina' }, 'email:validation.email'],
    [{ ...manager, password: '12345' }, 'password:validation.passwordMin'],
    [{ ...manager, phoneNumber: '0170' }, 'phoneNumber:validation.phone'],
    [{ ...manager, role: 'Parent' }, 'role:validation.role'],
    [{ ...manager, role: undefined }, 'role:validation.role'],
    [{ ...manager, kitaId: null }, 'kitaId:validation.kitaRequired'],
    [{ ...manager, kitaId: undefined }, 'kitaId:validation.kitaRequired'],
  ])('rejects %j', (value, issue) => {
    expect(issues(userCreateSchema, value)).toContain(issue);
  });

  it('requires a password when creating but has none when updating', () => {
    const { password: _p, ...rest } = manager;
    expect(issues(userCreateSchema, rest)).toContain('password:validation.required');
    expect(issues(userUpdateSchema, rest)).toEqual([]);
    expect(userUpdateSchema.parse({ ...rest, password: 'ignored' })).not.toHaveProperty('password');
  });

  it('requires the Kita for a manager when updating too', () => {
    expect(issues(userUpdateSchema, { ...manager, kitaId: null })).toContain('kitaId:validation.kitaRequired');
  });
});
