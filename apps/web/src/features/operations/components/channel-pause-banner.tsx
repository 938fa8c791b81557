import { PauseCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { formatWith } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChannelPauses, useResumeChannel } from '../queries';

/**
 * The alarm of a delivery channel paused by an account-level provider error, above
 * every page of Admins and of managers whose Kita has messages waiting: the provider's reason in
 * words, what waits, when the next probe runs; an Admin can resume at once.
 */
export function ChannelPauseBanner() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const staff = user?.role === 'Admin' || user?.role === 'KitaManager';
  const pauses = useChannelPauses(staff);
  const resume = useResumeChannel();
  if (!staff || !pauses.data?.length) return null;
  const isAdmin = user?.role === 'Admin';
  return (
    <>
      {pauses.data.map((p) => {
        const reason = t(`delivery.pause.problems.${p.problem}`);
        return (
          <Alert key={p.channel} variant="destructive" role="alert" data-qa="channel-pause-banner">
            <PauseCircleIcon aria-hidden="true" />
            <AlertTitle>{t(p.channel === 'sms' ? 'delivery.pause.title' : 'delivery.pause.titleEmail')}</AlertTitle>
            <AlertDescription>
              <p>
                {isAdmin
                  ? t('delivery.pause.body', { transport: p.transport, reason, count: p.waiting, time: formatWith(p.nextProbeAt, 'HH:mm') })
                  : t('delivery.pause.bodyManager', { reason, count: p.waiting })}
              </p>
              {isAdmin && (
                <>
                  <p className="text-xs break-all" data-qa="channel-pause-detail">
                    {t('delivery.pause.code', { code: p.providerCode, detail: p.detail })}
                  </p>
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    disabled={resume.isPending}
                    data-qa="channel-pause-resume"
                    onClick={() =>
                      resume.mutate(p.channel, {
                        onSuccess: () => notifySuccess(t('delivery.pause.resumed')),
                        onError: (err) => notifyError(t('delivery.test.failed'), err),
                      })
                    }
                  >
                    {t('delivery.pause.resume')}
                  </Button>
                </>
              )}
            </AlertDescription>
          </Alert>
        );
      })}
    </>
  );
}
