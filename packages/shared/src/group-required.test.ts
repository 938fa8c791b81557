import { describe, expect, it } from 'vitest';
import { registerChildSchema } from './accounts.js';
import { childInputSchema } from './children.js';

/** A child without a group said "Ungültige Auswahl" (invalid choice) instead of asking for one. */
describe('a missing group', () => {
  const child = { childName: 'Ida', dateOfBirth: '2021-06-01' };
  it.each([
    ['registration', registerChildSchema],
    ['child form', childInputSchema],
  ] as const)('%s asks for a group', (_, schema) => {
    for (const groupId of [undefined, '', '  ']) {
      const r = schema.safeParse({ ...child, groupId });
      expect(r.success).toBe(false);
      expect(r.error!.issues.find((i) => i.path[0] === 'groupId')?.message).toBe('validation.groupRequired');
    }
    // A value that is no group id stays an invalid choice.
    expect(schema.safeParse({ ...child, groupId: 'abc' }).error!.issues.find((i) => i.path[0] === 'groupId')?.message).toBe('validation.uuid');
  });
});
