import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema, staffLoginSchema } from '@kita/shared';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { notifyError } from '@/lib/notify';
import { isPhoneIdentifier, useParentLogin, useStaffLogin, type LoginStep } from '../queries';

interface CredentialsFormProps {
  onStep: (step: LoginStep) => void;
}

function SubmitButton({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} data-qa="login-submit">
      {pending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
      {pending ? t('auth.login.submitting') : t('auth.login.submit')}
    </Button>
  );
}

function ForgotPasswordLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="/forgot-password"
      className="text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline"
      data-qa="forgot-password-link"
    >
      {t('auth.login.forgotPassword')}
    </Link>
  );
}

/** Staff (Kita managers, admins): e-mail + password -> POST auth/login. */
export function StaffLoginForm({ onStep }: CredentialsFormProps) {
  const { t } = useTranslation();
  const login = useStaffLogin();
  const form = useForm({ resolver: zodResolver(staffLoginSchema), defaultValues: { email: '', password: '' } });
  const submit = form.handleSubmit((values) =>
    login.mutate(values, { onSuccess: onStep, onError: (error) => notifyError(t('auth.login.failed'), error) }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-qa="staff-login-form">
        <TextField
          control={form.control}
          name="email"
          type="email"
          label={t('auth.login.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          autoComplete="username"
          qa="login-email"
        />
        <TextField
          control={form.control}
          name="password"
          type="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          qa="login-password"
        />
        <SubmitButton pending={login.isPending} />
        <div className="text-center">
          <ForgotPasswordLink />
        </div>
      </form>
    </Form>
  );
}

const parentLoginSchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .refine((value) => isPhoneIdentifier(value) || emailSchema.safeParse(value).success, 'auth.login.identifierInvalid'),
  password: z.string().min(1, 'validation.required'),
});

/** Parents: e-mail or +49 mobile number + password; the phone path continues with an SMS code. */
export function ParentLoginForm({ onStep }: CredentialsFormProps) {
  const { t } = useTranslation();
  const login = useParentLogin();
  const form = useForm({ resolver: zodResolver(parentLoginSchema), defaultValues: { identifier: '', password: '' } });
  const submit = form.handleSubmit((values) =>
    login.mutate(values, { onSuccess: onStep, onError: (error) => notifyError(t('auth.login.failed'), error) }),
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-qa="parent-login-form">
        <TextField
          control={form.control}
          name="identifier"
          label={t('auth.login.identifier')}
          placeholder={t('auth.login.identifierPlaceholder')}
          autoComplete="username"
          qa="login-identifier"
        />
        <TextField
          control={form.control}
          name="password"
          type="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          qa="login-password"
        />
        <SubmitButton pending={login.isPending} />
        <div className="text-center">
          <ForgotPasswordLink />
        </div>
      </form>
    </Form>
  );
}
