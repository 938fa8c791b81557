import { useQuery } from '@tanstack/react-query';
import type { ActivationResult, PreferredCommunicationInput, RegisterInput, ResetPasswordInput } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { mutation, queryKeys, useInvalidatingMutation } from '@/lib/query';

/** Public account flows. */

// These pages handle 403s themselves (e.g. EMAIL_NOT_VERIFIED); they must not jump to /unauthorized.
const own = { redirectOnForbidden: false } as const;

export function useKitaGroups(kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.accounts.kitaGroups(kitaId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.accounts.kitaGroups, { params: { kitaId: kitaId! }, signal }),
    enabled: !!kitaId,
    retry: false,
  });
}

export const useRegister = mutation((input: RegisterInput) => call(apiRoutes.accounts.register, { body: input, ...own }));

export const useForgotPassword = mutation((email: string) => call(apiRoutes.accounts.forgotPassword, { body: { email }, ...own }));

/**
 * How the code SMS of a challenge fared, polled until it is delivered or failed (a code
 * sent to a landline failed while the page said it had been sent).
 */
export function useOtpDelivery(otpToken: string | null) {
  return useQuery({
    queryKey: ['accounts', 'otp-status', otpToken ?? ''],
    queryFn: ({ signal }) => call(apiRoutes.accounts.otpStatus, { signal, ...own, query: { otpToken: otpToken! } }),
    enabled: !!otpToken,
    retry: false,
    refetchInterval: (query) => (query.state.data && ['delivered', 'failed', 'unknown'].includes(query.state.data.state) ? false : 2000),
  });
}

/** The language of the account a reset link belongs to (null: not a valid link). */
export function useLinkLanguage(token: string | null) {
  return useQuery({
    queryKey: ['accounts', 'link-language', token ?? ''],
    queryFn: ({ signal }) => call(apiRoutes.accounts.linkLanguage, { signal, ...own, query: { kind: 'reset', token: token! } }),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
  });
}

export const useResetPassword = mutation((input: ResetPasswordInput) => call(apiRoutes.accounts.resetPassword, { body: input, ...own }));

/**
 * The activation link is single use: one POST per token even if the page mounts twice (React's
 * strict mode in development, a re-render), so the second mount reuses the first answer.
 */
const activations = new Map<string, Promise<ActivationResult>>();
export function activateAccount(token: string): Promise<ActivationResult> {
  let pending = activations.get(token);
  if (!pending) {
    pending = call(apiRoutes.accounts.activate, { ...own, query: { token } });
    activations.set(token, pending);
  }
  return pending;
}

/**
 * Refreshes every record that shows the number's state (the manager's parent page still
 * said "Nicht bestätigt" until a reload): parents, the own parent record and staff users.
 */
export const useVerifyPhone = mutation(
  (input: { otp: string; otpToken: string }) => call(apiRoutes.accounts.verifyPhone, { body: input, ...own }),
  [queryKeys.parents.all, ['accounts', 'parent'], queryKeys.users.all],
);

export const useRequestPhoneOtp = mutation(({ id, phoneNumber }: { id: string; phoneNumber: string }) =>
  call(apiRoutes.accounts.requestPhoneOtp, { params: { id }, body: { phoneNumber }, ...own }),
);

/** The logged-in parent's own record (GET parents/{id}), for the preferred-communication page. */
export function useOwnParent(parentId: string | null) {
  return useQuery({
    queryKey: queryKeys.accounts.ownParent(parentId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.parents.get, { params: { id: parentId! }, signal }),
    enabled: !!parentId,
  });
}

export function useSetPreferredCommunication(parentId: string) {
  return useInvalidatingMutation(
    (input: PreferredCommunicationInput) => call(apiRoutes.accounts.setPreferredCommunication, { params: { parentId }, body: input }),
    // The parent record is shown elsewhere too (profile, parents feature): refetch all of it.
    [{ predicate: (q) => JSON.stringify(q.queryKey).includes(parentId) }],
  );
}
