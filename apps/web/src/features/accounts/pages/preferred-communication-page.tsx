import { zodResolver } from '@hookform/resolvers/zod';
import { MailIcon, MessageSquareIcon } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { formatPhone, preferredCommunicationSchema, type ParentDetails, type PreferredCommunicationInput } from '@kita/shared';
import { TextField } from '@/components/form/text-field';
import { ErrorState, LoadingState } from '@/components/states';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { homePathFor, setOtpToken, setSession, useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AccountCard } from '../components/account-card';
import { SubmitButton } from '@/components/submit-button';
import { useOwnParent, useSetPreferredCommunication } from '../queries';

/**
 * /preferred-communication (a logged-in parent): e-mail or SMS; SMS needs a mobile number. The
 * answer's token and user are stored; an unverified number continues to /verify-phone.
 */
export default function PreferredCommunicationPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const location = useLocation();
  const parentId = user?.role === 'Parent' ? user.parentId : null;
  const parent = useOwnParent(parentId);

  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  if (!parentId) return <Navigate to="/unauthorized" replace />;
  return (
    <AccountCard qa="preferred-communication-page" title={t('accounts.preferred.title')} description={t('accounts.preferred.description')}>
      {parent.isLoading ? (
        <LoadingState />
      ) : parent.data ? (
        <PreferredForm parent={parent.data} home={homePathFor(user)} />
      ) : (
        <ErrorState title={t('accounts.preferred.loadFailed')} error={parent.error} onRetry={() => void parent.refetch()} />
      )}
    </AccountCard>
  );
}

function PreferredForm({ parent, home }: { parent: ParentDetails; home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSetPreferredCommunication(parent.parentId);
  const form = useForm<PreferredCommunicationInput>({
    resolver: zodResolver(preferredCommunicationSchema),
    defaultValues: { preferredCommunication: parent.preferredCommunication ?? (parent.email ? 'email' : 'sms'), phoneNumber: formatPhone(parent.primaryPhoneNumber) },
  });
  const choice = useWatch({ control: form.control, name: 'preferredCommunication' });
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ otpToken, ...login }) => {
        setSession(login);
        if (otpToken) {
          setOtpToken(otpToken);
          navigate('/verify-phone', { state: { otpToken, phoneNumber: values.phoneNumber, parentId: parent.parentId } });
          return;
        }
        notifySuccess(t('accounts.preferred.saved'));
        navigate(home);
      },
      onError: (error) => notifyError(t('accounts.preferred.failed'), error),
    }),
  );
  const options = [
    { value: 'email', icon: MailIcon, label: t('accounts.preferred.email'), hint: parent.email ? t('accounts.preferred.emailHint', { email: parent.email }) : null, disabled: !parent.email },
    { value: 'sms', icon: MessageSquareIcon, label: t('accounts.preferred.sms'), hint: t('accounts.preferred.smsHint'), disabled: false },
  ] as const;

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-5" data-qa="preferred-form">
        <FormField
          control={form.control}
          name="preferredCommunication"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('accounts.preferred.label')}</FormLabel>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-3 sm:grid-cols-2" data-qa="preferred-choice">
                  {options.map((o) => (
                    <label
                      key={o.value}
                      htmlFor={`preferred-${o.value}`}
                      className="has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/10 flex cursor-pointer items-start gap-3 rounded-lg border p-4 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                    >
                      <RadioGroupItem value={o.value} id={`preferred-${o.value}`} disabled={o.disabled} data-qa={`preferred-${o.value}`} className="mt-0.5" />
                      <span className="grid gap-1">
                        <span className="flex items-center gap-2 font-medium">
                          <o.icon className="size-4" aria-hidden="true" />
                          {o.label}
                        </span>
                        {o.hint && <span className="text-muted-foreground text-xs break-all">{o.hint}</span>}
                      </span>
                    </label>
                  ))}
                </RadioGroup>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {choice === 'sms' && (
          <TextField
            control={form.control}
            name="phoneNumber"
            type="tel"
            label={t('accounts.preferred.phone')}
            description={t('accounts.preferred.phoneHint')}
            placeholder="0170 1234567"
            autoComplete="tel"
            qa="preferred-phone"
          />
        )}
        <SubmitButton pending={save.isPending} label={t('accounts.preferred.submit')} pendingLabel={t('accounts.preferred.submitting')} qa="preferred-submit" />
        <Button asChild variant="ghost">
          <Link to={home}>{t('accounts.home')}</Link>
        </Button>
      </form>
    </Form>
  );
}
