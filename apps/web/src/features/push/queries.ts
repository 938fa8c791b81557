import * as React from 'react';
import type { DataOf, DefinitionOf } from '@kita/shared/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';

/**
 * The notifications card's calls. Plain React state instead of TanStack Query: the card is also on
 * the preference page (preference.html), which has no query cache; `token` is that page's link
 * session (the parent's own page uses the stored login).
 */
/** One of the family's devices, as the server lists it. */
export type PushDevice = DataOf<DefinitionOf<typeof apiRoutes.push.list>>[number];

export function usePushConfig() {
  const [config, setConfig] = React.useState<{ publicKey: string; enabled: boolean } | null>(null);
  React.useEffect(() => {
    const controller = new AbortController();
    call(apiRoutes.push.publicKey, { signal: controller.signal, token: '' }).then(
      (data) => !controller.signal.aborted && setConfig(data),
      // No answer: no card (the family keeps its SMS and e-mails).
      () => !controller.signal.aborted && setConfig({ publicKey: '', enabled: false }),
    );
    return () => controller.abort();
  }, []);
  return config;
}

/** The family's devices; `load` again after a change. Nothing is asked while `enabled` is false. */
export function usePushDevices(enabled: boolean, token?: string) {
  const [devices, setDevices] = React.useState<PushDevice[] | null>(null);
  const [round, setRound] = React.useState(0);
  React.useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    call(apiRoutes.push.list, { signal: controller.signal, token }).then(
      (data) => !controller.signal.aborted && setDevices(data),
      () => undefined,
    );
    return () => controller.abort();
  }, [enabled, token, round]);
  return { devices, reload: React.useCallback(() => setRound((n) => n + 1), []) };
}

export function removePushDevice(id: string, token?: string) {
  return call(apiRoutes.push.unsubscribe, { params: { id }, token });
}
