import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput, KitaCategories } from '@kita/shared';
import { api } from '@/lib/api';

/**
 * Category queries. A write invalidates the categories, the groups (which carry the category
 * name) and the Kita details (which embed the categories).
 */
export const categoryKeys = {
  all: ['categories'] as const,
  byKita: (kitaId: string) => ['categories', 'kita', kitaId] as const,
  detail: (categoryId: string) => ['categories', 'detail', categoryId] as const,
};

const invalidateStructure = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([['categories'], ['groups'], ['kitas']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));

export function useKitaCategories(kitaId: string | undefined) {
  return useQuery({
    queryKey: categoryKeys.byKita(kitaId ?? ''),
    queryFn: ({ signal }) => api.get<KitaCategories>(`categories/kita/${kitaId}`, { signal }),
    enabled: !!kitaId,
  });
}

export function useCategory(categoryId: string | undefined) {
  return useQuery({
    queryKey: categoryKeys.detail(categoryId ?? ''),
    queryFn: ({ signal }) => api.get<Category>(`categories/${categoryId}`, { signal }),
    enabled: !!categoryId,
  });
}

export function useSaveCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ categoryId, input }: { categoryId?: string; input: CategoryInput }) =>
      categoryId
        ? api.put<Category>(`categories/${categoryId}`, { categoryName: input.categoryName })
        : api.post<Category>('categories', input),
    onSuccess: () => invalidateStructure(queryClient),
  });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (categoryId: string) => api.delete(`categories/${categoryId}`),
    onSuccess: (_data, categoryId) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(categoryId) });
      return invalidateStructure(queryClient);
    },
  });
}

