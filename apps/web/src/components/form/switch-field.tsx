import type { FieldValues } from 'react-hook-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/utils';
import type { FieldProps } from './field-props';

/** A boolean as a switch (or a checkbox with `as="checkbox"`), label to the right. */
export function SwitchField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  qa,
  disabled,
  className,
  as = 'switch',
}: FieldProps<T> & { as?: 'switch' | 'checkbox' }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={cn('flex flex-row items-start gap-3', className)}>
          <FormControl>
            {as === 'switch' ? (
              <Switch checked={!!field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-qa={qa ?? name} />
            ) : (
              <Checkbox checked={!!field.value} onCheckedChange={(v) => field.onChange(v === true)} onBlur={field.onBlur} ref={field.ref} disabled={disabled} data-qa={qa ?? name} />
            )}
          </FormControl>
          <div className="grid gap-1.5 leading-none">
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </div>
        </FormItem>
      )}
    />
  );
}
