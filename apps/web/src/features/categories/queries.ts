import { useQuery } from '@tanstack/react-query';
import type { Category, CategoryInput, KitaCategories } from '@kita/shared';
import { api } from '@/lib/api';
import { mutation, queryKeys } from '@/lib/query';

/**
 * Category queries. A write refreshes the categories, the groups (which carry the category
 * name) and the Kita details (which embed the categories).
 */
const structure = [queryKeys.categories.all, queryKeys.groups.all, queryKeys.kitas.all];

export function useKitaCategories(kitaId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.categories.byKita(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaCategories>(`categories/kita/${kitaId}`, { signal }),
    enabled: !!kitaId,
  });
}

export function useCategory(categoryId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.categories.detail(categoryId ?? ''),
    queryFn: ({ signal }) => api.get<Category>(`categories/${categoryId}`, { signal }),
    enabled: !!categoryId,
  });
}

export const useSaveCategory = mutation(
  ({ categoryId, input }: { categoryId?: string; input: CategoryInput }) =>
    categoryId ? api.put<Category>(`categories/${categoryId}`, { categoryName: input.categoryName }) : api.post<Category>('categories', input),
  structure,
);

export const useDeleteCategory = mutation((categoryId: string) => api.delete(`categories/${categoryId}`), structure, {
  onSuccess: (client, _data, categoryId) => client.removeQueries({ queryKey: queryKeys.categories.detail(categoryId) }),
});
