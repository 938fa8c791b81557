import { useQuery } from '@tanstack/react-query';
import type { CategoryInput } from '@kita/shared';
import { apiRoutes } from '@kita/shared/api/routes';
import { call } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Category queries. A write refreshes the categories, the groups (which carry the category
 * name) and the Kita details (which embed the categories).
 */
const structure = [queryKeys.categories.all, queryKeys.groups.all, queryKeys.kitas.all];

export function useKitaCategories(kitaId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.categories.byKita(kitaId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.categories.listOfKita, { params: { kitaId: kitaId! }, signal }),
    enabled: !!kitaId,
  });
}

export function useCategory(categoryId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.categories.detail(categoryId ?? ''),
    queryFn: ({ signal }) => call(apiRoutes.categories.get, { params: { id: categoryId! }, signal }),
    enabled: !!categoryId,
  });
}

export const useSaveCategory = mutation(
  ({ categoryId, input }: { categoryId?: string; input: CategoryInput }) =>
    categoryId
      ? call(apiRoutes.categories.update, { params: { id: categoryId }, body: { categoryName: input.categoryName } })
      : call(apiRoutes.categories.create, { body: input }),
  structure,
);

export const useDeleteCategory = mutation((categoryId: string) => call(apiRoutes.categories.remove, { params: { id: categoryId } }), structure, {
  onSuccess: (client, _data, categoryId) => client.removeQueries({ queryKey: queryKeys.categories.detail(categoryId) }),
});
