import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { passwordSchema } from '@kita/shared';
import { applyServerErrors } from '@/components/form/server-errors';
import { TextField } from '@/components/form/text-field';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { ApiError } from '@/lib/api';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AccountCard, MissingLinkCard } from '../components/account-card';
import { SubmitButton } from '@/components/submit-button';
import { useLinkLanguage, useResetPassword } from '../queries';
import { changeLanguage, currentLanguage } from '@/lib/i18n';

/** The API schema without the token (from the link); zod cannot .omit() from a refined object. */
const formSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string().min(1, 'validation.required') })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: 'validation.passwordMismatch' });
type FormValues = z.infer<typeof formSchema>;

/**
 * /reset-password?token=...: new password + confirmation (must match). Also the second step of
 * an activation for an account without a password (state.firstPassword).
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const firstPassword = (location.state as { firstPassword?: boolean } | null)?.firstPassword === true;
  const reset = useResetPassword();
  // The page speaks the account's language, not the browser's.
  const linkLanguage = useLinkLanguage(token).data?.language;
  React.useEffect(() => {
    if (linkLanguage && linkLanguage !== currentLanguage()) void changeLanguage(linkLanguage);
  }, [linkLanguage]);
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { newPassword: '', confirmPassword: '' } });

  if (!token) {
    return (
      <MissingLinkCard
        qa="reset-password-page"
        title={t('accounts.reset.title')}
        alertQa="reset-missing-token"
        message={t('accounts.reset.missingToken')}
        to="/forgot-password"
        linkLabel={t('accounts.reset.requestNew')}
      />
    );
  }

  const submit = form.handleSubmit((values) =>
    reset.mutate(
      { token, ...values },
      {
        onSuccess: () => {
          notifySuccess(t(firstPassword ? 'accounts.reset.successFirst' : 'accounts.reset.success'));
          navigate('/login', { replace: true });
        },
        onError: (error) => {
          // Field errors (a common password) belong next to the field; anything else is a toast.
          applyServerErrors(form, error);
          notifyError(t('accounts.reset.failed'), error);
        },
      },
    ),
  );
  const expired = reset.error instanceof ApiError && reset.error.code === 'RESET_TOKEN_INVALID' ? reset.error : null;

  return (
    <AccountCard
      qa="reset-password-page"
      title={firstPassword ? t('accounts.reset.firstTitle') : t('accounts.reset.title')}
      description={firstPassword ? t('accounts.reset.firstPassword') : t('accounts.reset.description')}
    >
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" data-qa="reset-form">
          {expired && (
            <Alert variant="destructive" data-qa="reset-expired">
              <AlertDescription>
                {expired.message}{' '}
                <Link to="/forgot-password" className="font-medium underline underline-offset-4">
                  {t('accounts.reset.requestNew')}
                </Link>
              </AlertDescription>
            </Alert>
          )}
          <TextField control={form.control} name="newPassword" type="password" label={t('accounts.reset.newPassword')} autoComplete="new-password" qa="reset-new-password" />
          <TextField control={form.control} name="confirmPassword" type="password" label={t('accounts.reset.confirmPassword')} autoComplete="new-password" qa="reset-confirm-password" />
          <SubmitButton pending={reset.isPending} label={t('accounts.reset.submit')} pendingLabel={t('accounts.reset.submitting')} qa="reset-submit" />
          <Button asChild variant="ghost">
            <Link to="/login">{t('accounts.backToLogin')}</Link>
          </Button>
        </form>
      </Form>
    </AccountCard>
  );
}
