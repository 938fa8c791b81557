import type { FieldValues } from 'react-hook-form';
import { FormControl } from '@/components/ui/form';
import { TimePicker } from '@/components/time-picker';
import type { FieldProps } from './field-props';
import { FieldShell } from './field-shell';

/** A 24-hour "HH:mm" string through the 12-hour TimePicker. */
export function TimeField<T extends FieldValues>({ qa, disabled, ...shell }: FieldProps<T>) {
  return (
    <FieldShell {...shell}>
      {(field, fieldState) => (
        <FormControl>
          <TimePicker value={field.value} onChange={field.onChange} disabled={disabled} aria-invalid={!!fieldState.error} data-qa={qa ?? shell.name} />
        </FormControl>
      )}
    </FieldShell>
  );
}
