import * as React from 'react';
import { MailWarningIcon, SendIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FailedAccountMail } from '@kita/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useFailedAccountMails, useResendAccountMail } from '../queries';

/**
 * The Admin's warning: activation and password-reset mails that failed for good, one
 * line per account with the address, the reason and a resend (a fresh link to the account's
 * current e-mail; correct a typo in the account first). Shown only while there are any.
 */
export function FailedAccountMailsCard() {
  const { t } = useTranslation();
  const failed = useFailedAccountMails(true);
  const resend = useResendAccountMail();
  const [busy, setBusy] = React.useState<string | null>(null);
  const rows = failed.data ?? [];
  if (rows.length === 0) return null;

  const send = async (m: FailedAccountMail) => {
    setBusy(m.messageId);
    try {
      const r = await resend.mutateAsync(m.messageId);
      notifySuccess(t('users.accountMails.resent', { email: r.recipient }));
    } catch (error) {
      notifyError(t('users.accountMails.resendFailed'), error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Alert variant="destructive" role="status" data-qa="failed-account-mails">
      <MailWarningIcon aria-hidden="true" />
      <AlertTitle>{t('users.accountMails.title', { count: rows.length })}</AlertTitle>
      <AlertDescription>
        <p>{t('users.accountMails.description')}</p>
        <ul className="mt-2 flex w-full flex-col gap-2">
          {rows.map((m) => (
            <li key={m.messageId} className="flex flex-wrap items-center justify-between gap-2 border-t pt-2 first:border-t-0 first:pt-0" data-qa="failed-account-mail">
              <div className="min-w-0 text-foreground">
                <div className="font-medium">
                  {m.accountName}{' '}
                  <span className="font-normal text-muted-foreground">
                    ({t(m.accountRole === 'Parent' ? 'users.accountMails.parent' : 'users.accountMails.staff')}
                    {m.kitaName ? `, ${m.kitaName}` : ''})
                  </span>
                </div>
                <div className="break-all text-sm">
                  {t(`users.accountMails.kinds.${m.kind}`)} · {m.recipient}
                </div>
                <div className="text-sm text-muted-foreground">
                  {t(`delivery.reasons.${m.failureReason ?? 'unknown'}`)} · {formatDateTime(m.createdAt)}
                </div>
              </div>
              <Button size="sm" variant="outline" disabled={busy !== null} onClick={() => void send(m)} data-qa="failed-account-mail-resend">
                <SendIcon aria-hidden="true" />
                {t('users.accountMails.resend')}
              </Button>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
