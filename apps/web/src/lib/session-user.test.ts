import { describe, expect, it } from 'vitest';
import { sessionUserSchema } from '@kita/shared';
import { parseStoredUser } from './session-user';

const admin = {
  userId: '6f1c2d1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
  name: 'Anna',
  email: 'admin@kita.example',
  role: 'Admin',
  parentId: null,
  parent: null,
  kita: null,
  language: 'de',
};
const parent = {
  ...admin,
  email: null,
  role: 'Parent',
  parentId: 'p1',
  parent: { parentId: 'p1', language: 'en' },
  kita: { kitaId: 'k1' },
  language: 'en',
};

const samples: Array<[string, unknown]> = [
  ['admin', admin],
  ['parent', parent],
  ['manager', { ...admin, role: 'KitaManager', kita: { kitaId: 'k1' } }],
  ['extra keys, also nested', { extra: 1, ...parent, parent: { language: 'de', parentId: 'p1', x: 2 }, kita: { kitaId: 'k', y: 3 } }],
  ['keys in another order', Object.fromEntries(Object.entries(parent).reverse())],
  ['nil uuid', { ...admin, userId: '00000000-0000-0000-0000-000000000000' }],
  ['upper-case uuid', { ...admin, userId: '6F1C2D1E-3B4A-4C5D-8E9F-0A1B2C3D4E5F' }],
  ['no uuid', { ...admin, userId: 'u1' }],
  ['uuid of version 0', { ...admin, userId: '6f1c2d1e-3b4a-0c5d-8e9f-0a1b2c3d4e5f' }],
  ['unknown role', { ...admin, role: 'Root' }],
  ['unknown language', { ...admin, language: 'fr' }],
  ['missing name', { ...admin, name: undefined }],
  ['name not a string', { ...admin, name: 5 }],
  ['email missing', Object.fromEntries(Object.entries(admin).filter(([key]) => key !== 'email'))],
  ['parent without language', { ...parent, parent: { parentId: 'p1' } }],
  ['parent with a bad language', { ...parent, parent: { parentId: 'p1', language: 'fr' } }],
  ['parent as array', { ...parent, parent: [] }],
  ['kita without id', { ...admin, kita: {} }],
  ['kita undefined', { ...admin, kita: undefined }],
  ['parentId a number', { ...admin, parentId: 1 }],
  ['array', [admin]],
  ['null', null],
  ['string', 'admin'],
  ['number', 1],
];

describe('parseStoredUser reads what sessionUserSchema accepts, and the same way', () => {
  it.each(samples)('%s', (_name, value) => {
    const expected = sessionUserSchema.safeParse(value);
    const actual = parseStoredUser(value);
    expect(actual).toStrictEqual(expected.success ? expected.data : null);
    // SessionSync compares the stored and the fetched user as JSON, so the key order matters too.
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected.success ? expected.data : null));
  });

  it('accepts the valid samples (so the comparison above is not only about rejections)', () => {
    expect(parseStoredUser(admin)).not.toBeNull();
    expect(parseStoredUser(parent)).not.toBeNull();
  });
});
