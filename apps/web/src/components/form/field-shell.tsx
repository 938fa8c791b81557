import type * as React from 'react';
import type { ControllerFieldState, ControllerRenderProps, FieldPath, FieldValues } from 'react-hook-form';
import { FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { cn } from '@/lib/utils';
import type { FieldProps } from './field-props';

/**
 * The frame every one-line field shares: the label, the input (from `children`, inside its
 * FormControl), an optional description and the translated zod message. `inline` puts the input
 * first and the texts to its right (switches and checkboxes).
 */
export function FieldShell<T extends FieldValues>({
  control,
  name,
  label,
  description,
  className,
  inline = false,
  children,
}: Omit<FieldProps<T>, 'qa' | 'disabled'> & {
  inline?: boolean;
  children: (field: ControllerRenderProps<T, FieldPath<T>>, fieldState: ControllerFieldState) => React.ReactNode;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const texts = (
          <>
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </>
        );
        return inline ? (
          <FormItem className={cn('flex flex-row items-start gap-3', className)}>
            {children(field, fieldState)}
            <div className="grid gap-1.5 leading-none">
              <FormLabel>{label}</FormLabel>
              {texts}
            </div>
          </FormItem>
        ) : (
          <FormItem className={className}>
            <FormLabel>{label}</FormLabel>
            {children(field, fieldState)}
            {texts}
          </FormItem>
        );
      }}
    />
  );
}
