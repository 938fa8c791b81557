import { z } from 'zod';
import { categoryNameSchema } from './common.js';
import { parentInputSchema } from './parents.js';
import { groupIdSchema, isoDateSchema, nameSchema, text, uuidSchema } from './validation.js';

/** Child contracts. */

/** An unselected select ('') is no choice. */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/** docs/domain.md "Validation": date of birth from 1900-01-01 up to today. */
export const MIN_DATE_OF_BIRTH = '1900-01-01';
/** The child form's year dropdown starts here (docs/domain.md "Validation"). */
export const DATE_OF_BIRTH_FIRST_YEAR = 2010;

/** True for a real calendar date in yyyy-mm-dd (rejects 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** yyyy-mm-dd strings compare like dates. */
export function isDateOfBirthInRange(value: string, today: string): boolean {
  return isCalendarDate(value) && value >= MIN_DATE_OF_BIRTH && value <= today;
}

export const dateOfBirthSchema = z
  .string({ error: 'validation.required' })
  .min(1, 'validation.required')
  .pipe(isoDateSchema)
  .refine(isCalendarDate, 'validation.date')
  .refine((v) => v >= MIN_DATE_OF_BIRTH, 'validation.dateOfBirthRange');

/**
 * POST children. Either `parentId` or `newParent`; the server answers a payload with neither with
 * MISSING_PARENT ('Missing parent - select a parent or enter a new one').
 */
export const childInputSchema = z.object({
  childName: nameSchema,
  dateOfBirth: dateOfBirthSchema,
  groupId: groupIdSchema,
  parentId: z.preprocess(emptyToNull, uuidSchema.nullable().optional()),
  newParent: parentInputSchema.nullable().optional(),
});
export type ChildInput = z.infer<typeof childInputSchema>;

/**
 * PUT children/{id}. Staff send the whole payload (groupId required for them, checked by the
 * server); a parent may only change name and date of birth of their own child, so the group
 * and parent are optional here.
 */
export const childUpdateSchema = childInputSchema.extend({ groupId: z.preprocess(emptyToUndefined, uuidSchema.optional()) });
export type ChildUpdateInput = z.infer<typeof childUpdateSchema>;

/** The web form: the server's rules plus the missing-parent check and "not after today". */
export function childFormSchema(opts: { today: string; requireParent: boolean }) {
  return childUpdateSchema.superRefine((v, ctx) => {
    if (v.dateOfBirth > opts.today) {
      ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: 'validation.dateOfBirthRange' });
    }
    if (opts.requireParent) {
      if (!v.groupId) ctx.addIssue({ code: 'custom', path: ['groupId'], message: 'validation.required' });
      if (!v.parentId && !v.newParent) {
        ctx.addIssue({ code: 'custom', path: ['parentId'], message: 'validation.missingParent' });
      }
    }
  });
}
export type ChildFormValues = z.input<typeof childUpdateSchema>;

/** A child as lists and details show it. */
export const childSchema = z.object({
  childId: text(),
  childName: text(),
  dateOfBirth: text(),
  parentId: text(),
  groupId: text(),
  kitaId: text(),
  parent: z.object({
    parentId: text(),
    name: text(),
    primaryPhoneNumber: text().nullable(),
    secondaryPhoneNumber: text().nullable(),
  }),
  group: z.object({ groupId: text(), groupName: text() }),
  categoryName: categoryNameSchema,
});
export type Child = z.infer<typeof childSchema>;

export const childIdParamsSchema = z.object({ id: uuidSchema });
export const childKitaParamsSchema = z.object({ kitaId: uuidSchema });
export const childQuerySchema = z.object({ kitaId: uuidSchema.optional() });
