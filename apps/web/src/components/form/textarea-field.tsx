import type { FieldValues } from 'react-hook-form';
import { FormControl } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import type { FieldProps } from './field-props';
import { FieldShell } from './field-shell';

export function TextareaField<T extends FieldValues>({ qa, disabled, placeholder, rows, ...shell }: FieldProps<T> & { placeholder?: string; rows?: number }) {
  return (
    <FieldShell {...shell}>
      {(field) => (
        <FormControl>
          <Textarea {...field} value={field.value ?? ''} placeholder={placeholder} rows={rows} disabled={disabled} data-qa={qa ?? shell.name} />
        </FormControl>
      )}
    </FieldShell>
  );
}
