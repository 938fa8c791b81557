import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { otpSchema } from '@kita/shared';
import { FieldShell } from '@/components/form/field-shell';
import { OtpInput } from '@/components/form/otp-input';
import { SubmitButton } from '@/components/submit-button';
import { Form, FormControl } from '@/components/ui/form';

const schema = z.object({ otp: otpSchema });

/**
 * The 6-digit SMS code step (login and phone verification): the code field, the submit button
 * and, as children, the step's further buttons (back, send again). The code is cleared when
 * `resetKey` changes (a new code was sent).
 */
export function OtpStep({
  onSubmit,
  pending,
  label,
  submitLabel,
  pendingLabel,
  qa,
  resetKey,
  children,
}: {
  onSubmit: (otp: string) => void;
  pending: boolean;
  label: string;
  submitLabel: string;
  pendingLabel: string;
  qa: { form: string; input: string; submit: string };
  resetKey?: string;
  children?: React.ReactNode;
}) {
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { otp: '' } });
  React.useEffect(() => form.reset({ otp: '' }), [resetKey, form]);
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ otp }) => onSubmit(otp))} noValidate className="grid gap-5" data-qa={qa.form}>
        <FieldShell control={form.control} name="otp" label={label}>
          {(field) => (
            <FormControl>
              <OtpInput {...field} onChange={field.onChange} data-qa={qa.input} />
            </FormControl>
          )}
        </FieldShell>
        <SubmitButton pending={pending} label={submitLabel} pendingLabel={pendingLabel} qa={qa.submit} />
        {children}
      </form>
    </Form>
  );
}
