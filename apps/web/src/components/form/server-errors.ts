import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api';

/**
 * Puts the server's field errors (400 details) on the matching form fields; true when any matched.
 * `fieldOf` names the form field of an API field where the two differ (a date and a time field
 * for one API timestamp).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, 'getValues' | 'setError'>,
  error: unknown,
  fieldOf: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.details?.length) return false;
  const known = new Set(Object.keys(form.getValues()));
  let matched = false;
  for (const detail of error.details) {
    const field = fieldOf[detail.path] ?? detail.path;
    if (!known.has(field)) continue;
    form.setError(field as FieldPath<T>, { type: 'server', message: detail.message });
    matched = true;
  }
  return matched;
}
