import * as React from 'react';
import type { ParentEvent, PreferenceType, VerifyTokenResult } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';

/**
 * The preference page's calls. The link session lives only in memory (this page's state), never in
 * the stored login token, so opening a link does not replace a staff or parent login in this
 * browser; every call passes it explicitly as the bearer.
 *
 * Plain React state instead of TanStack Query: the page is also built as its own small entry
 * (preference.html, src/preference-main.tsx) without the router and the query cache, and it needs
 * no cache: one session, one event, answers written back into the page's data.
 */
interface Request<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch(): void;
  setData(update: (old: T | undefined) => T | undefined): void;
}

function useRequest<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): Request<T> {
  const [state, setState] = React.useState<{ data?: T; error?: unknown }>({});
  const [round, setRound] = React.useState(0);
  const loadRef = React.useRef(load);
  loadRef.current = load;
  React.useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    loadRef.current(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data }),
      // Keep what the page shows; the error says why it could not be refreshed.
      (error: unknown) => !controller.signal.aborted && setState((old) => ({ data: old.data, error })),
    );
    return () => controller.abort();
  }, [key, round]);
  return {
    data: state.data,
    error: state.error,
    isError: state.error !== undefined,
    refetch: React.useCallback(() => setRound((n) => n + 1), []),
    setData: React.useCallback((update) => setState((old) => ({ ...old, data: update(old.data) })), []),
  };
}

/** POST auth/verify-token?token=: once per page load (a new link session each time is fine). */
export function useLinkSession(token: string | null) {
  // `token: ''` keeps a stored login token off this public call.
  return useRequest(token, () => call(apiRoutes.preferences.verifyToken, { query: { token: token ?? undefined }, token: '' }));
}

export function useParentEvent(session: VerifyTokenResult | undefined) {
  return useRequest(session ? `${session.eventId}/${session.parentId}` : null, (signal) =>
    call(apiRoutes.preferences.linkView, { params: { eventId: session!.eventId, parentId: session!.parentId }, signal, token: session!.token }),
  );
}

/** POST preference for one child; the saved answer is written into the page's data at once. */
export function useSavePreference(session: VerifyTokenResult | undefined, event: Pick<Request<ParentEvent>, 'setData'>) {
  const [pending, setPending] = React.useState(0);
  const mutateAsync = async (answer: { childId: string; childName: string; preferenceType: PreferenceType }) => {
    setPending((n) => n + 1);
    try {
      const saved = await call(apiRoutes.preferences.save, { body: { eventId: session!.eventId, preferences: [answer] }, token: session!.token });
      event.setData((old) =>
        old
          ? {
              ...old,
              children: old.children.map((c) => {
                const s = saved.find((p) => p.childId === c.childId);
                return s ? { ...c, preferenceType: s.preferenceType, preferenceId: s.preferenceId } : c;
              }),
            }
          : old,
      );
      return saved;
    } finally {
      setPending((n) => n - 1);
    }
  };
  return { mutateAsync, isPending: pending > 0 };
}
