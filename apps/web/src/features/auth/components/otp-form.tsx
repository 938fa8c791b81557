import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@kita/shared';
import { OtpStep } from '@/components/otp-step';
import { Button } from '@/components/ui/button';
import { notifyError } from '@/lib/notify';
import { useOtpLogin } from '../queries';

/** Second login step: the 6-digit SMS code -> POST auth/otp-login {otpToken, otp}. */
export function OtpForm({ otpToken, onDone, onBack }: { otpToken: string; onDone: (result: LoginResult) => void; onBack: () => void }) {
  const { t } = useTranslation();
  const verify = useOtpLogin();
  return (
    <OtpStep
      onSubmit={(otp) => verify.mutate({ otpToken, otp }, { onSuccess: onDone, onError: (error) => notifyError(t('auth.otp.failed'), error) })}
      pending={verify.isPending}
      label={t('auth.otp.label')}
      submitLabel={t('auth.otp.submit')}
      pendingLabel={t('auth.otp.submitting')}
      qa={{ form: 'otp-form', input: 'otp-input', submit: 'otp-submit' }}
    >
      <Button type="button" variant="ghost" onClick={onBack} data-qa="otp-back">
        {t('auth.otp.back')}
      </Button>
    </OtpStep>
  );
}
