import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlertIcon, ClockIcon, InfoIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { registerSchema, type KitaGroups, type RegisterFormValues, type RegisterInput } from '@kita/shared';
import { channelOptions } from '@/components/form/channel-options';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { LoadingState } from '@/components/states';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { ApiError, errorMessage } from '@/lib/api';
import { setOtpToken } from '@/lib/auth';
import { currentLanguage } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { AccountCard, AccountNotice } from '../components/account-card';
import { emptyChild, RegisterChildren } from '../components/register-children';
import { SubmitButton } from '@/components/submit-button';
import { useKitaGroups, useRegister } from '../queries';

/** The web form also requires the confirmation (the API accepts it optionally). */
const formSchema = registerSchema.superRefine((v, ctx) => {
  if (!v.confirmPassword) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.required' });
});

/**
 * /register?kitaId=... (from the Kita's registration link or QR code): parent details, one or
 * more children with their group, password, and the note that a manager approves first.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kitaId = params.get('kitaId');
  const kita = useKitaGroups(kitaId);
  const [done, setDone] = React.useState<{ email: boolean } | null>(null);

  if (!kitaId || kita.error) {
    const message = !kitaId ? t('accounts.register.noKita') : kita.error instanceof ApiError && kita.error.status === 404 ? t('accounts.register.invalidText') : errorMessage(kita.error);
    return (
      <AccountCard qa="register-invalid" title={t('accounts.register.invalidTitle')}>
        <div className="grid gap-4">
          <AccountNotice icon={CircleAlertIcon} tone="destructive">
            <p className="text-sm leading-relaxed" data-qa="register-invalid-text">{message}</p>
          </AccountNotice>
          <Button asChild variant="outline">
            <Link to="/login">{t('accounts.toLogin')}</Link>
          </Button>
        </div>
      </AccountCard>
    );
  }
  if (!kita.data) {
    return (
      <AccountCard qa="register-loading" title={t('accounts.register.title')}>
        <LoadingState label={t('accounts.register.loading')} />
      </AccountCard>
    );
  }
  if (done) {
    return (
      <AccountCard qa="register-done" title={t('accounts.register.doneTitle')}>
        <div className="grid gap-5">
          <AccountNotice icon={ClockIcon} tone="primary">
            <div className="grid gap-2 text-sm leading-relaxed">
              <p>{t('accounts.register.doneText')}</p>
              {done.email && <p>{t('accounts.register.doneEmail')}</p>}
            </div>
          </AccountNotice>
          <Button asChild>
            <Link to="/login" data-qa="register-done-login">
              {t('accounts.toLogin')}
            </Link>
          </Button>
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard qa="register-page" wide title={t('accounts.register.title')} description={t('accounts.register.subtitle', { kitaName: kita.data.kitaName })}>
      <RegisterForm kita={kita.data} onDone={setDone} />
    </AccountCard>
  );
}

function RegisterForm({ kita, onDone }: { kita: KitaGroups; onDone: (d: { email: boolean }) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: '', email: '', secondaryEmail: '', primaryPhoneNumber: '', secondaryPhoneNumber: '',
      kitaId: kita.kitaId, preferredCommunication: 'email', language: currentLanguage(),
      password: '', confirmPassword: '', children: [emptyChild],
    },
  });
  const preferred = useWatch({ control: form.control, name: 'preferredCommunication' });
  const submit = form.handleSubmit((values) =>
    register.mutate(values, {
      onSuccess: (result) => {
        if (result.otpToken) {
          setOtpToken(result.otpToken);
          navigate('/verify-phone', { state: { otpToken: result.otpToken, phoneNumber: values.primaryPhoneNumber, parentId: result.parentId } });
        } else onDone({ email: !!values.email });
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const d of error.details ?? []) form.setError(d.path as keyof RegisterFormValues, { message: d.message });
        }
        notifyError(t('accounts.register.failed'), error);
      },
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-8" data-qa="register-form">
        <Alert data-qa="register-pending-note">
          <InfoIcon aria-hidden="true" />
          <AlertDescription>{t('accounts.register.pendingNote')}</AlertDescription>
        </Alert>
        <fieldset className="grid gap-4">
          <legend className="mb-3 text-base font-semibold">{t('accounts.register.parentSection')}</legend>
          <TextField control={form.control} name="name" label={t('accounts.register.name')} autoComplete="name" qa="register-name" />
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField control={form.control} name="email" type="email" label={t('accounts.register.email')} autoComplete="email" qa="register-email" />
            <TextField control={form.control} name="secondaryEmail" type="email" label={t('accounts.register.secondaryEmail')} qa="register-secondary-email" />
            <TextField
              control={form.control}
              name="primaryPhoneNumber"
              type="tel"
              label={t('accounts.register.phone')}
              description={t('accounts.register.phoneHint')}
              placeholder="0170 1234567"
              autoComplete="tel"
              qa="register-phone"
            />
            <TextField control={form.control} name="secondaryPhoneNumber" type="tel" label={t('accounts.register.secondaryPhone')} qa="register-secondary-phone" />
            <SelectField
              control={form.control}
              name="preferredCommunication"
              label={t('accounts.register.preferred')}
              options={channelOptions(t)}
              qa="register-preferred"
              description={preferred === 'sms' ? t('accounts.register.phoneHint') : undefined}
            />
            <SelectField
              control={form.control}
              name="language"
              label={t('accounts.register.language')}
              options={[
                { value: 'de', label: t('accounts.register.languageDe') },
                { value: 'en', label: t('accounts.register.languageEn') },
              ]}
              qa="register-language"
            />
          </div>
        </fieldset>
        <RegisterChildren control={form.control} kita={kita} />
        <fieldset className="grid items-start gap-4 sm:grid-cols-2">
          <legend className="mb-3 text-base font-semibold">{t('accounts.register.passwordSection')}</legend>
          <TextField control={form.control} name="password" type="password" label={t('accounts.register.password')} autoComplete="new-password" qa="register-password" />
          <TextField control={form.control} name="confirmPassword" type="password" label={t('accounts.register.confirmPassword')} autoComplete="new-password" qa="register-confirm-password" />
        </fieldset>
        {/* GDPR Art. 13: the information is given where the data is collected. */}
        <p className="text-muted-foreground text-sm" data-qa="register-privacy-note">
          {t('accounts.register.privacyNote')}{' '}
          <a href="/privacy" target="_blank" rel="noopener" className="text-foreground font-medium underline underline-offset-4">
            {t('accounts.register.privacyLink')}
          </a>
          .
        </p>
        <SubmitButton pending={register.isPending} label={t('accounts.register.submit')} pendingLabel={t('accounts.register.submitting')} qa="register-submit" />
      </form>
    </Form>
  );
}
