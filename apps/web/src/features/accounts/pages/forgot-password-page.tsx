import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheckIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { emailBodySchema } from '@kita/shared';
import { TextField } from '@/components/form/text-field';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { notifyError } from '@/lib/notify';
import { AccountCard, AccountNotice } from '../components/account-card';
import { SubmitButton } from '@/components/submit-button';
import { useForgotPassword } from '../queries';

/** /forgot-password: asks for a reset link; the answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(emailBodySchema), defaultValues: { email: '' } });
  const submit = form.handleSubmit(({ email }) =>
    forgot.mutate(email, { onSuccess: () => setSentTo(email), onError: (error) => notifyError(t('accounts.forgot.failed'), error) }),
  );
  const back = (
    <Button asChild variant="ghost" className="w-full">
      <Link to="/login" data-qa="back-to-login">
        {t('accounts.backToLogin')}
      </Link>
    </Button>
  );

  if (sentTo) {
    return (
      <AccountCard qa="forgot-sent" title={t('accounts.forgot.sentTitle')}>
        <div className="grid gap-5">
          <AccountNotice icon={MailCheckIcon} tone="primary">
            <p className="text-sm leading-relaxed">{t('accounts.forgot.sentText', { email: sentTo })}</p>
          </AccountNotice>
          {back}
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard qa="forgot-password-page" title={t('accounts.forgot.title')} description={t('accounts.forgot.description')}>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" data-qa="forgot-form">
          <TextField control={form.control} name="email" type="email" label={t('accounts.forgot.email')} autoComplete="email" qa="forgot-email" />
          <SubmitButton pending={forgot.isPending} label={t('accounts.forgot.submit')} pendingLabel={t('accounts.forgot.submitting')} qa="forgot-submit" />
          {back}
        </form>
      </Form>
    </AccountCard>
  );
}
