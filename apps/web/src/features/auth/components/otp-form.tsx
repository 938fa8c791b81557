import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { otpSchema, type LoginResult } from '@kita/shared';
import { OtpInput } from '@/components/form/otp-input';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { notifyError } from '@/lib/notify';
import { useOtpLogin } from '../queries';

const schema = z.object({ otp: otpSchema });

/** Second login step: the 6-digit SMS code -> POST auth/otp-login {otpToken, otp}. */
export function OtpForm({ otpToken, onDone, onBack }: { otpToken: string; onDone: (result: LoginResult) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const verify = useOtpLogin();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { otp: '' } });
  const submit = form.handleSubmit(({ otp }) =>
    verify.mutate(
      { otpToken, otp },
      { onSuccess: onDone, onError: (error) => notifyError(t('auth.otp.failed'), error) },
    ),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" data-qa="otp-form">
        <FormField
          control={form.control}
          name="otp"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('auth.otp.label')}</FormLabel>
              <FormControl>
                <OtpInput {...field} onChange={field.onChange} data-qa="otp-input" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="w-full" disabled={verify.isPending} data-qa="otp-submit">
          {verify.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          {verify.isPending ? t('auth.otp.submitting') : t('auth.otp.submit')}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack} data-qa="otp-back">
          {t('auth.otp.back')}
        </Button>
      </form>
    </Form>
  );
}
