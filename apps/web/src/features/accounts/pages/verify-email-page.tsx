import * as React from 'react';
import { CircleAlertIcon, Loader2Icon, MailCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { changeLanguage, currentLanguage } from '@/lib/i18n';
import { AccountCard, AccountNotice } from '../components/account-card';
import { activateAccount } from '../queries';

type State = { kind: 'working' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * /verify-email?token=...: the activation link. Verifies the e-mail; an account without a
 * password continues to /reset-password to set one.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = React.useState<State>(token ? { kind: 'working' } : { kind: 'failed', message: '' });

  React.useEffect(() => {
    if (!token) return;
    let live = true;
    activateAccount(token).then(
      (result) => {
        if (!live) return;
        // The family's language from here on (the page spoke the browser's).
        if (result.language !== currentLanguage()) void changeLanguage(result.language);
        if (result.needsPassword && result.resetToken) {
          navigate(`/reset-password?token=${encodeURIComponent(result.resetToken)}`, { replace: true, state: { firstPassword: true } });
        } else setState({ kind: 'done' });
      },
      (error: unknown) => live && setState({ kind: 'failed', message: errorMessage(error) }),
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  const login = (
    <Button asChild className="w-full">
      <Link to="/login" data-qa="verify-email-login">
        {t('accounts.toLogin')}
      </Link>
    </Button>
  );
  if (state.kind === 'working') {
    return (
      <AccountCard qa="verify-email-page" title={t('accounts.verifyEmail.title')}>
        <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
          <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
          {t('accounts.verifyEmail.working')}
        </p>
      </AccountCard>
    );
  }
  if (state.kind === 'done') {
    return (
      <AccountCard qa="verify-email-done" title={t('accounts.verifyEmail.successTitle')}>
        <div className="grid gap-5">
          <AccountNotice icon={MailCheckIcon} tone="success">
            <p className="text-sm leading-relaxed">{t('accounts.verifyEmail.successText')}</p>
          </AccountNotice>
          {login}
        </div>
      </AccountCard>
    );
  }
  return (
    <AccountCard qa="verify-email-failed" title={t('accounts.verifyEmail.failed')}>
      <div className="grid gap-5">
        <AccountNotice icon={CircleAlertIcon} tone="destructive">
          <div className="grid gap-1 text-sm leading-relaxed">
            {state.message && <p className="font-medium">{state.message}</p>}
            <p>{t('accounts.verifyEmail.failedText')}</p>
          </div>
        </AccountNotice>
        {login}
      </div>
    </AccountCard>
  );
}
