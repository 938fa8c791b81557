import * as React from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { emailSchema, staffLoginSchema } from '@kita/shared';
import { TextField } from '@/components/form/text-field';
import { SubmitButton } from '@/components/submit-button';
import { Form } from '@/components/ui/form';
import { ApiError } from '@/lib/api';
import { notifyError } from '@/lib/notify';
import { isCodeRequest, isPhoneIdentifier, useLogin, type LoginKind, type LoginStep } from '../queries';

/**
 * Both tabs ask for an identifier and a password: staff an e-mail (field `email`), parents an
 * e-mail or a phone number (field `identifier`). One form shape for both; the other tab's field
 * stays empty and unchecked.
 */
const unused = z.string();
/** Empty until the server asked for a code (LOGIN_CODE_SENT), then six digits. */
const code = z.string().trim().refine((value) => value === '' || /^\d{6}$/.test(value), 'validation.otp');
const schemas = {
  staff: z.object({ email: staffLoginSchema.shape.email, identifier: unused, password: staffLoginSchema.shape.password, code }),
  parent: z.object({
    email: unused,
    code,
    identifier: z
      .string()
      .trim()
      .min(1, 'validation.required')
      .refine((value) => isPhoneIdentifier(value) || emailSchema.safeParse(value).success, 'auth.login.identifierInvalid'),
    password: z.string().min(1, 'validation.required'),
  }),
};

/** What differs between the two tabs' identifier fields. */
const identifierField = {
  staff: { name: 'email', type: 'email', label: 'auth.login.email', placeholder: 'auth.login.emailPlaceholder', qa: 'login-email' },
  parent: { name: 'identifier', type: 'text', label: 'auth.login.identifier', placeholder: 'auth.login.identifierPlaceholder', qa: 'login-identifier' },
} as const;

/**
 * The credentials step of the login. Staff (Kita managers, admins): e-mail + password ->
 * POST auth/login. Parents: e-mail or +49 mobile number + password; the phone path continues
 * with an SMS code (the `onStep` answer then carries an otpToken).
 */
export function CredentialsForm({ kind, onStep }: { kind: LoginKind; onStep: (step: LoginStep) => void }) {
  const { t } = useTranslation();
  const login = useLogin(kind);
  const form = useForm({ resolver: zodResolver(schemas[kind]), defaultValues: { email: '', identifier: '', password: '', code: '' } });
  // After too many failed logins on the account the server sends its owner a code; it is asked for here.
  const [codeSent, setCodeSent] = React.useState(false);
  const submit = form.handleSubmit(({ email, identifier, password, code }) =>
    login.mutate(
      { identifier: kind === 'staff' ? email : identifier, password, code: codeSent && code ? code : undefined },
      {
        onSuccess: onStep,
        onError: (error) => {
          if (isCodeRequest(error)) setCodeSent(true);
          // The note above the code field says it already; a toast with the same text covered the header on a phone.
          if (error instanceof ApiError && error.code === 'LOGIN_CODE_SENT') return;
          notifyError(t('auth.login.failed'), error);
        },
      },
    ),
  );
  const field = identifierField[kind];
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" data-qa={`${kind}-login-form`}>
        <TextField
          control={form.control}
          name={field.name}
          type={field.type}
          label={t(field.label)}
          placeholder={t(field.placeholder)}
          autoComplete="username"
          qa={field.qa}
        />
        <TextField
          control={form.control}
          name="password"
          type="password"
          label={t('auth.login.password')}
          autoComplete="current-password"
          qa="login-password"
        />
        {codeSent && (
          <>
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-qa="login-code-sent">
              {t('auth.login.codeSent')}
            </p>
            <TextField
              control={form.control}
              name="code"
              type="text"
              inputMode="numeric"
              label={t('auth.login.code')}
              autoComplete="one-time-code"
              qa="login-code"
            />
          </>
        )}
        <SubmitButton pending={login.isPending} label={t('auth.login.submit')} pendingLabel={t('auth.login.submitting')} qa="login-submit" />
        <div className="text-center">
          <Link
            to="/forgot-password"
            className="text-muted-foreground hover:text-foreground text-sm underline-offset-4 hover:underline"
            data-qa="forgot-password-link"
          >
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
      </form>
    </Form>
  );
}
