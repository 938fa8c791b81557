import type * as React from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/**
 * One-line form fields over react-hook-form + shadcn's Form parts. Each shows its label, an
 * optional description and the translated zod message (messages are i18n keys). The input gets
 * `data-qa={qa ?? name}`.
 */
export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: React.ReactNode;
  description?: React.ReactNode;
  qa?: string;
  disabled?: boolean;
  className?: string;
}
