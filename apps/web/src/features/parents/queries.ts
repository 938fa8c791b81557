import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { KitaOption, OtpChallenge, Parent, ParentDetails, ParentInput, RegisteredParent } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Parents (spec section 7 "Parents"). Every mutation invalidates the parent lists and details,
 * the children lists (they show parent names) and the Kita queries (the dashboard banner counts
 * pending registrations).
 */
export const parentKeys = {
  all: ['parents'] as const,
  list: (kitaId: string | null) => ['parents', 'list', kitaId ?? 'all'] as const,
  detail: (parentId: string) => ['parents', 'detail', parentId] as const,
  registered: (kitaId: string) => ['parents', 'registered', kitaId] as const,
  kitaOptions: ['parents', 'kita-options'] as const,
};

export function invalidateParents(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: parentKeys.all }),
    client.invalidateQueries({ queryKey: ['children'] }),
    client.invalidateQueries({ queryKey: ['kitas'] }),
  ]);
}

/** One Kita's parents (GET parents/kita/{kitaId}), or every parent in scope (GET parents). */
export function useParents(kitaId: string | null) {
  return useQuery({
    queryKey: parentKeys.list(kitaId),
    queryFn: ({ signal }) => api.get<Parent[]>(kitaId ? `parents/kita/${kitaId}` : 'parents', { signal }),
  });
}

export function useParent(parentId: string, kitaId: string | null) {
  return useQuery({
    queryKey: parentKeys.detail(parentId),
    queryFn: ({ signal }) => api.get<ParentDetails>(`parents/${parentId}`, { signal, query: { kitaId } }),
    // A missing parent is an answer (the page says so), not a reason to retry.
    retry: false,
  });
}

export function useRegisteredParents(kitaId: string) {
  return useQuery({
    queryKey: parentKeys.registered(kitaId),
    queryFn: ({ signal }) => api.get<RegisteredParent[]>(`parents/kita/${kitaId}/registered`, { signal }),
  });
}

/** The Kita selector of the parent form (staff without a selected Kita). */
export function useKitaOptions(enabled: boolean) {
  return useQuery({
    queryKey: parentKeys.kitaOptions,
    queryFn: ({ signal }) => api.get<KitaOption[]>('kitas', { signal }),
    enabled,
  });
}

export function useSaveParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ parentId, input }: { parentId?: string; input: ParentInput }) =>
      parentId ? api.put<ParentDetails>(`parents/${parentId}`, { ...input, parentId }) : api.post<ParentDetails>('parents', input),
    onSuccess: () => invalidateParents(client),
  });
}

export function useDeleteParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) => api.delete(`parents/${parentId}`),
    onSuccess: () => invalidateParents(client),
  });
}

export function useApproveParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) => api.post<ParentDetails>(`parents/${parentId}/approve`),
    // The answer is the approved parent (spec: "the response replaces the parent record").
    onSuccess: (parent) => {
      client.setQueryData(parentKeys.detail(parent.parentId), parent);
      return invalidateParents(client);
    },
  });
}

export function useRejectParent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) => api.post<ParentDetails>(`parents/${parentId}/reject`),
    onSuccess: () => invalidateParents(client),
  });
}

/** DELETE parents/{id}/reset-credits (built with the credits ledger). */
export function useResetCredits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (parentId: string) => api.delete(`parents/${parentId}/reset-credits`),
    onSuccess: () => invalidateParents(client),
  });
}

/** Verify actions of the details page (routes of the accounts area). */
export function useSendPhoneOtp() {
  return useMutation({
    mutationFn: ({ parentId, phoneNumber }: { parentId: string; phoneNumber: string }) =>
      api.post<OtpChallenge>(`auth/${parentId}/otp`, { phoneNumber }),
  });
}

export function useResendActivation() {
  return useMutation({
    mutationFn: ({ parentId, email }: { parentId: string; email: string }) =>
      api.post<unknown>(`auth/${parentId}/re-activate-email`, { email }),
  });
}
