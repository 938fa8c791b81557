import { useQuery } from '@tanstack/react-query';
import type {
  ActivationResult,
  KitaGroups,
  LinkLanguage,
  OtpDelivery,
  LoginResult,
  OtpChallenge,
  ParentDetails,
  PreferredCommunicationInput,
  RegisterInput,
  RegisterResult,
  ResetPasswordInput,
} from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys, useInvalidatingMutation } from '@/lib/query';

/** Public account flows. */

// These pages handle 403s themselves (e.g. EMAIL_NOT_VERIFIED); they must not jump to /unauthorized.
const own = { redirectOnForbidden: false } as const;

export function useKitaGroups(kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.accounts.kitaGroups(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaGroups>(`auth/kita-groups/${encodeURIComponent(kitaId!)}`, { signal }),
    enabled: !!kitaId,
    retry: false,
  });
}

export const useRegister = mutation((input: RegisterInput) => api.post<RegisterResult>('auth/register', input, own));

export const useForgotPassword = mutation((email: string) => api.post<{ ok: true }>('auth/forgot-password', { email }, own));

/**
 * How the code SMS of a challenge fared, polled until it is delivered or failed (a code
 * sent to a landline failed while the page said it had been sent).
 */
export function useOtpDelivery(otpToken: string | null) {
  return useQuery({
    queryKey: ['accounts', 'otp-status', otpToken ?? ''],
    queryFn: ({ signal }) => api.get<OtpDelivery>('auth/otp-status', { signal, ...own, query: { otpToken: otpToken! } }),
    enabled: !!otpToken,
    retry: false,
    refetchInterval: (query) => (query.state.data && ['delivered', 'failed', 'unknown'].includes(query.state.data.state) ? false : 2000),
  });
}

/** The language of the account a reset link belongs to (null: not a valid link). */
export function useLinkLanguage(token: string | null) {
  return useQuery({
    queryKey: ['accounts', 'link-language', token ?? ''],
    queryFn: ({ signal }) => api.get<LinkLanguage>('auth/link-language', { signal, ...own, query: { kind: 'reset', token: token! } }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
}

export const useResetPassword = mutation((input: ResetPasswordInput) => api.post<{ ok: true }>('auth/reset-password', input, own));

/**
 * The activation link is single use: one POST per token even if the page mounts twice (React's
 * strict mode in development, a re-render), so the second mount reuses the first answer.
 */
const activations = new Map<string, Promise<ActivationResult>>();
export function activateAccount(token: string): Promise<ActivationResult> {
  let pending = activations.get(token);
  if (!pending) {
    pending = api.post<ActivationResult>('auth/activate-account', undefined, { ...own, query: { token } });
    activations.set(token, pending);
  }
  return pending;
}

/**
 * Refreshes every record that shows the number's state (the manager's parent page still
 * said "Nicht bestätigt" until a reload): parents, the own parent record and staff users.
 */
export const useVerifyPhone = mutation(
  (input: { otp: string; otpToken: string }) => api.post<{ phoneNumber: string; verified: true }>('auth/verify-phone', input, own),
  [queryKeys.parents.all, ['accounts', 'parent'], queryKeys.users.all],
);

export const useRequestPhoneOtp = mutation(({ id, phoneNumber }: { id: string; phoneNumber: string }) =>
  api.post<OtpChallenge>(`auth/${id}/otp`, { phoneNumber }, own),
);

/** The logged-in parent's own record (GET parents/{id}), for the preferred-communication page. */
export function useOwnParent(parentId: string | null) {
  return useQuery({
    queryKey: queryKeys.accounts.ownParent(parentId ?? ''),
    queryFn: ({ signal }) => api.get<ParentDetails>(`parents/${parentId}`, { signal }),
    enabled: !!parentId,
  });
}

export function useSetPreferredCommunication(parentId: string) {
  return useInvalidatingMutation(
    (input: PreferredCommunicationInput) => api.put<LoginResult & { otpToken: string | null }>(`auth/${parentId}/preferred-communication`, input),
    // The parent record is shown elsewhere too (profile, parents feature): refetch all of it.
    [{ predicate: (q) => JSON.stringify(q.queryKey).includes(parentId) }],
  );
}
