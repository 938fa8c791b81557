import * as React from 'react';
import { BriefcaseIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import type { LoginResult } from '@kita/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { clearOtpToken, getSessionEnd, homePathFor, setOtpToken, useAuth } from '@/lib/auth';
import { AuthShell } from '@/components/auth-shell';
import { dismissToasts } from '@/lib/notify';
import { registerServiceWorker } from '@/lib/service-worker';
import { CredentialsForm } from '../components/credentials-form';
import { OtpForm } from '../components/otp-form';
import { needsOtp, type LoginStep } from '../queries';

type LoginRole = 'parent' | 'staff';

/**
 * /login: choose Parent or Staff (Mitarbeiter), enter the credentials, then the SMS code where
 * the server asks for one. A logged-in user is sent on to where they wanted to go or their home.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const { user, login } = useAuth();
  const location = useLocation();
  const [role, setRole] = React.useState<LoginRole>('parent');
  const [otpToken, setOtpTokenState] = React.useState<string | null>(null);
  // The installable parent app's worker: the parents' way in (only the shell is cached).
  React.useEffect(() => void registerServiceWorker(), []);

  if (user) {
    const from = (location.state as { from?: unknown } | null)?.from;
    return <Navigate to={typeof from === 'string' && from !== '/login' ? from : homePathFor(user)} replace />;
  }

  const ended = (location.state as { ended?: unknown } | null)?.ended ?? getSessionEnd();
  // The re-render after login() redirects (above); a parent's language is switched by the store.
  // The failed tries' toasts belong to the login page: gone once logged in.
  const finish = (result: LoginResult) => {
    dismissToasts();
    login(result);
  };
  const onStep = (step: LoginStep) => {
    if (needsOtp(step)) {
      setOtpToken(step.otpToken);
      setOtpTokenState(step.otpToken);
    } else finish(step);
  };
  const backToCredentials = () => {
    clearOtpToken();
    setOtpTokenState(null);
  };

  return (
    <AuthShell>
      <Card className="w-full max-w-md gap-5 shadow-md" data-qa="login-card">
        <CardHeader className="gap-2">
          <CardTitle>
            <h1 className="text-2xl font-semibold tracking-tight" data-qa="login-title">
              {otpToken ? t('auth.otp.title') : t('auth.login.title')}
            </h1>
          </CardTitle>
          <CardDescription>{otpToken ? t('auth.otp.description') : t('auth.login.subtitle')}</CardDescription>
          {ended === 'revoked' && !otpToken && (
            <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50" data-qa="login-session-ended">
              {t('auth.login.sessionEnded')}
            </p>
          )}
        </CardHeader>
        <CardContent>
          {otpToken ? (
            <OtpForm otpToken={otpToken} onDone={finish} onBack={backToCredentials} />
          ) : (
            <Tabs value={role} onValueChange={(value) => setRole(value === 'staff' ? 'staff' : 'parent')} className="gap-4">
              <TabsList className="grid h-10 w-full grid-cols-2" aria-label={t('auth.login.roleLabel')}>
                <TabsTrigger value="parent" data-qa="login-role-parent">
                  <UsersIcon aria-hidden="true" />
                  {t('auth.login.roleParent')}
                </TabsTrigger>
                <TabsTrigger value="staff" data-qa="login-role-staff">
                  <BriefcaseIcon aria-hidden="true" />
                  {t('auth.login.roleStaff')}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="parent" className="grid gap-4">
                <p className="text-muted-foreground text-sm">{t('auth.login.parentHint')}</p>
                <CredentialsForm kind="parent" onStep={onStep} />
              </TabsContent>
              <TabsContent value="staff" className="grid gap-4">
                <p className="text-muted-foreground text-sm">{t('auth.login.staffHint')}</p>
                <CredentialsForm kind="staff" onStep={onStep} />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </AuthShell>
  );
}
