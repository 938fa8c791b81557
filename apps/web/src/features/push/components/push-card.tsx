import * as React from 'react';
import { BellIcon, BellOffIcon, CheckIcon, Loader2Icon, ShareIcon, SquarePlusIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ApiError } from '@/lib/api';
import { currentLanguage } from '@/lib/i18n';
import { notifyError } from '@/lib/notify';
import { browserEnvironment, currentSubscription, pushState, registerServiceWorker, subscribeDevice, type BrowserEnvironment, type PushState } from '@/lib/push';
import { removePushDevice, usePushConfig, usePushDevices } from '../queries';

const dateOf = (iso: string) => new Intl.DateTimeFormat(currentLanguage(), { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(iso));

/**
 * "Benachrichtigungen erlauben": the family's push notifications on this device, and on its own
 * page the devices that receive them. Shown only after the family did something (logged in, or
 * answered on the preference page); asking the browser's permission only ever follows a tap.
 * States: the button; on; blocked (how to allow again); not possible in this browser; on an
 * iPhone in Safari the way to add the app to the home screen first (push needs it there).
 * `token`: the preference page's link session; `devices`: show the list of devices.
 */
export function PushCard({ token, devices: showDevices = false, environment }: { token?: string; devices?: boolean; environment?: BrowserEnvironment }) {
  const { t } = useTranslation();
  const config = usePushConfig();
  const env = React.useMemo(() => environment ?? browserEnvironment(), [environment]);
  const [subscribed, setSubscribed] = React.useState<boolean | null>(env.pushSupported && env.permission === 'granted' ? null : false);
  const [permission, setPermission] = React.useState(env.permission);
  const [busy, setBusy] = React.useState(false);
  const enabled = !!config?.enabled;
  const { devices, reload } = usePushDevices(enabled && showDevices, token);
  const [removing, setRemoving] = React.useState<string | null>(null);

  React.useEffect(() => {
    // The worker (the app shell offline, the notifications) for every parent who sees this card.
    void registerServiceWorker();
    if (subscribed !== null) return;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setSubscribed(!!subscription),
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, [subscribed]);

  if (!config || subscribed === null) return null;
  const state: PushState = pushState({ ...env, permission }, enabled, subscribed);
  if (state === 'off') return null;

  const allow = async () => {
    setBusy(true);
    try {
      const answer = await subscribeDevice(config.publicKey, token);
      setPermission(answer);
      if (answer === 'granted') {
        setSubscribed(true);
        reload();
      }
    } catch (error) {
      notifyError(t('preference.push.failed'), error instanceof ApiError ? error : undefined);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    setRemoving(id);
    try {
      await removePushDevice(id, token);
      reload();
    } catch (error) {
      notifyError(t('preference.push.removeFailed'), error instanceof ApiError ? error : undefined);
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card data-qa="push-card" data-state={state}>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <BellIcon className="size-4" aria-hidden="true" />
            {t('preference.push.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('preference.push.explain')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {state === 'ask' && (
          <Button className="h-12 w-full text-base sm:w-auto sm:self-start" onClick={() => void allow()} disabled={busy} data-qa="push-allow">
            {busy ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <BellIcon aria-hidden="true" />}
            {t('preference.push.allow')}
          </Button>
        )}
        {state === 'on' && (
          <p role="status" className="flex items-center gap-2 font-medium text-green-800 dark:text-green-300" data-qa="push-on">
            <CheckIcon className="size-4 shrink-0" aria-hidden="true" />
            {t('preference.push.on')}
          </p>
        )}
        {state === 'denied' && (
          <p className="flex gap-2 text-sm" data-qa="push-denied">
            <BellOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('preference.push.denied')}
          </p>
        )}
        {state === 'unsupported' && (
          <p className="text-muted-foreground text-sm" data-qa="push-unsupported">
            {t('preference.push.unsupported')}
          </p>
        )}
        {state === 'install' && (
          <div className="text-sm" data-qa="push-install">
            <p className="font-medium">{t('preference.push.iosTitle')}</p>
            <ol className="mt-2 flex list-decimal flex-col gap-1.5 ps-5">
              <li>
                {t('preference.push.iosShare')} <ShareIcon className="inline size-4 align-text-bottom" aria-hidden="true" />
              </li>
              <li>
                {t('preference.push.iosAdd')} <SquarePlusIcon className="inline size-4 align-text-bottom" aria-hidden="true" />
              </li>
              <li>{t('preference.push.iosOpen')}</li>
            </ol>
          </div>
        )}
        {showDevices && devices && (
          <div className="border-t pt-4" data-qa="push-devices">
            <h3 className="font-medium">{devices.length ? t('preference.push.devices', { count: devices.length }) : t('preference.push.devicesNone')}</h3>
            {devices.length > 0 && (
              <ul className="mt-2 flex flex-col gap-2">
                {devices.map((device) => (
                  <li key={device.id} className="flex items-center justify-between gap-3 rounded-lg border px-3 py-2" data-qa="push-device">
                    <span className="min-w-0">
                      <span className="block truncate font-medium" dir="auto">
                        {device.label}
                      </span>
                      <span className="text-muted-foreground text-xs">{t('preference.push.since', { date: dateOf(device.createdAt) })}</span>
                    </span>
                    <Button
                      variant="outline"
                      className="h-10"
                      onClick={() => void remove(device.id)}
                      disabled={removing === device.id}
                      aria-label={t('preference.push.removeLabel', { label: device.label })}
                      data-qa="push-device-remove"
                    >
                      {removing === device.id ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <Trash2Icon aria-hidden="true" />}
                      {t('preference.push.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
