import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatPhone } from '@kita/shared';
import { OtpStep } from '@/components/otp-step';
import { Button } from '@/components/ui/button';
import { clearOtpToken, getOtpToken, homePathFor, setOtpToken, useAuth } from '@/lib/auth';
import { notifyError, notifySuccess } from '@/lib/notify';
import { AccountCard, MissingLinkCard } from '../components/account-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useOtpDelivery, useRequestPhoneOtp, useVerifyPhone } from '../queries';

/** What the page that requested the code hands over (navigation state). */
interface VerifyPhoneState {
  otpToken?: string;
  phoneNumber?: string | null;
  /** The parent (or the staff user) the number belongs to: needed to send a new code. */
  parentId?: string;
  /** Where the page that asked for the code lives (a manager's parent page): the way back. */
  backTo?: string;
  /** Whose page that is, for the back link's label. */
  backName?: string;
}

/**
 * /verify-phone: the 6-digit code sent by SMS. The otpToken of the request comes in the
 * navigation state or, after a reload, from localStorage (otpToken is stored locally).
 */
export default function VerifyPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const state = (useLocation().state ?? {}) as VerifyPhoneState;
  const [otpToken, setToken] = React.useState<string | null>(() => state.otpToken ?? getOtpToken());
  const verify = useVerifyPhone();
  const resend = useRequestPhoneOtp();
  const delivery = useOtpDelivery(otpToken).data;

  // Staff verifying a family's (or another user's) number: the texts speak about that person.
  const forOther = !!user && user.role !== 'Parent' && !!state.parentId && state.parentId !== user.userId;
  const next = () => {
    if (state.backTo) return state.backTo;
    const staff = user && user.role !== 'Parent';
    if (staff && state.parentId && state.parentId !== user.userId) return `/parents/${state.parentId}`;
    return user ? homePathFor(user) : '/login';
  };
  const submit = (otp: string) =>
    verify.mutate(
      { otp, otpToken: otpToken! },
      {
        onSuccess: () => {
          clearOtpToken();
          notifySuccess(forOther ? t('accounts.verifyPhone.successFor', { name: state.backName ?? '' }) : t('accounts.verifyPhone.success'));
          navigate(next(), { replace: true });
        },
        onError: (error) => notifyError(t('accounts.verifyPhone.failed'), error),
      },
    );
  const sendAgain = () =>
    resend.mutate(
      { id: state.parentId!, phoneNumber: state.phoneNumber! },
      {
        onSuccess: ({ otpToken: fresh }) => {
          setOtpToken(fresh);
          setToken(fresh);
          notifySuccess(t('accounts.verifyPhone.resent'));
        },
        onError: (error) => notifyError(t('accounts.verifyPhone.failed'), error),
      },
    );

  const description = forOther
    ? t('accounts.verifyPhone.descriptionFor', { phone: state.phoneNumber ? formatPhone(state.phoneNumber) : '', name: state.backName ?? '' })
    : state.phoneNumber
      ? t('accounts.verifyPhone.description', { phone: formatPhone(state.phoneNumber) })
      : t('accounts.verifyPhone.descriptionNoPhone');

  if (!otpToken) {
    return (
      <MissingLinkCard
        qa="verify-phone-page"
        title={t('accounts.verifyPhone.title')}
        alertQa="verify-phone-missing"
        message={t('accounts.verifyPhone.missing')}
        to={user ? homePathFor(user) : '/login'}
        linkLabel={user ? t('accounts.home') : t('accounts.toLogin')}
      />
    );
  }
  return (
    <AccountCard qa="verify-phone-page" title={t('accounts.verifyPhone.title')} description={description}>
      {delivery?.state === 'failed' && (
        <Alert variant="destructive" className="mb-4" data-qa="verify-phone-sms-failed">
          <AlertDescription>
            {t('accounts.verifyPhone.smsFailed', { reason: t(`delivery.reasons.${delivery.reason ?? 'unknown'}` as 'delivery.reasons.unknown') })}
          </AlertDescription>
        </Alert>
      )}
      {delivery?.state === 'delivered' && (
        <p className="text-muted-foreground mb-4 text-sm" data-qa="verify-phone-sms-delivered">
          {t('accounts.verifyPhone.smsDelivered')}
        </p>
      )}
      <OtpStep
        onSubmit={submit}
        pending={verify.isPending}
        label={t('accounts.verifyPhone.code')}
        submitLabel={t('accounts.verifyPhone.submit')}
        pendingLabel={t('accounts.verifyPhone.submitting')}
        qa={{ form: 'verify-phone-form', input: 'verify-phone-otp', submit: 'verify-phone-submit' }}
        resetKey={otpToken}
      >
        {state.parentId && state.phoneNumber && (
          <Button type="button" variant="outline" onClick={sendAgain} disabled={resend.isPending} data-qa="verify-phone-resend">
            {t('accounts.verifyPhone.resend')}
          </Button>
        )}
        {user && (
          <Button type="button" variant="ghost" onClick={() => navigate(next(), { replace: true })} data-qa="verify-phone-back">
            {state.backName ? t('accounts.verifyPhone.backTo', { name: state.backName }) : t('accounts.verifyPhone.back')}
          </Button>
        )}
      </OtpStep>
    </AccountCard>
  );
}
