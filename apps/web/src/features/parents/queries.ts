import { useQuery } from '@tanstack/react-query';
import type { ParentInput } from '@kita/shared';
import { call, downloadFile, saveFile } from '@/lib/api';
import { apiRoutes } from '@kita/shared/api/routes';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Parents (docs/wire.md "Routes"). Every mutation refreshes the parent lists and details,
 * the children lists (they show parent names) and the Kita queries (the dashboard banner counts
 * pending registrations).
 */
const written = [queryKeys.parents.all, queryKeys.children.all, queryKeys.kitas.all];

/** One Kita's parents (GET parents/kita/{kitaId}), or every parent in scope (GET parents). */
export function useParents(kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.parents.list(kitaId),
    queryFn: ({ signal }) => kitaId ? call(apiRoutes.parents.listOfKita, { params: { kitaId }, signal }) : call(apiRoutes.parents.list, { signal }),
  });
}

export function useParent(parentId: string, kitaId: string | null) {
  return useQuery({
    queryKey: queryKeys.parents.detail(parentId),
    queryFn: ({ signal }) => call(apiRoutes.parents.get, { params: { id: parentId }, signal, query: { kitaId: kitaId ?? undefined } }),
    // A missing parent is an answer (the page says so), not a reason to retry.
    retry: false,
  });
}

export function useRegisteredParents(kitaId: string) {
  return useQuery({
    queryKey: queryKeys.parents.registered(kitaId),
    queryFn: ({ signal }) => call(apiRoutes.parents.registeredOfKita, { params: { kitaId }, signal }),
  });
}

/** The Kita selector of the parent form (staff without a selected Kita): GET kitas, the Kita list. */
export function useKitaOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.kitas.list(),
    queryFn: ({ signal }) => call(apiRoutes.kitas.list, { signal }),
    enabled,
  });
}

export const useSaveParent = mutation(
  ({ parentId, input }: { parentId?: string; input: ParentInput }) =>
    parentId ? call(apiRoutes.parents.update, { params: { parentId }, body: { ...input, parentId } }) : call(apiRoutes.parents.create, { body: input }),
  written,
);

export const useDeleteParent = mutation((parentId: string) => call(apiRoutes.parents.remove, { params: { id: parentId } }), written);

/** The answer is the approved parent ("the response replaces the parent record"). */
export const useApproveParent = mutation((parentId: string) => call(apiRoutes.parents.approve, { params: { id: parentId } }), written, {
  onSuccess: (client, parent) => client.setQueryData(queryKeys.parents.detail(parent.parentId), parent),
});

export const useRejectParent = mutation((parentId: string) => call(apiRoutes.parents.reject, { params: { id: parentId } }), written);

/** DELETE parents/{id}/reset-credits (built with the credits ledger). */
export const useResetCredits = mutation((parentId: string) => call(apiRoutes.results.resetCredits, { params: { id: parentId } }), written);

/** Verify actions of the details page (routes of the accounts area). */
export const useSendPhoneOtp = mutation(({ parentId, phoneNumber }: { parentId: string; phoneNumber: string }) =>
  call(apiRoutes.accounts.requestPhoneOtp, { params: { id: parentId }, body: { phoneNumber } }),
);

export const useResendActivation = mutation(({ parentId, email }: { parentId: string; email: string }) =>
  call(apiRoutes.accounts.resendActivation, { params: { id: parentId }, body: { email } }),
);

/** `GET parents/csv`: the list of the page's scope (one Kita, or every Kita for an Admin) as CSV. */
export const useDownloadParentsCsv = mutation(async (kitaId: string | null) => {
  const { blob, fileName } = await downloadFile(apiRoutes.parents.csv, 'parents.csv', { query: { kitaId: kitaId ?? undefined } });
  saveFile(blob, fileName);
});
