import type { FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import type { FieldProps } from './field-props';
import { FieldShell } from './field-shell';

/** A boolean as a switch (or a checkbox with `as="checkbox"`), label to the right. */
export function SwitchField<T extends FieldValues>({ qa, disabled, as = 'switch', ...shell }: FieldProps<T> & { as?: 'switch' | 'checkbox' }) {
  return (
    <FieldShell {...shell} inline>
      {(field) => (
        <FormControl>
          {as === 'switch' ? (
            <Switch checked={!!field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-qa={qa ?? shell.name} />
          ) : (
            <Checkbox checked={!!field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-qa={qa ?? shell.name} />
          )}
        </FormControl>
      )}
    </FieldShell>
  );
}
