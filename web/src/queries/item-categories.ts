import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createItemCategory,
  deleteItemCategory,
  getItemCategories,
  type ItemCategoryCreateReq,
  type ItemCategoryUpdateReq,
  updateItemCategory,
} from "../lib/api";

export const itemCategoryKeys = {
  all: ["item_categories"] as const,
  list: () => [...itemCategoryKeys.all, "list"] as const,
};

export const itemCategoriesQueryOptions = () =>
  queryOptions({ queryKey: itemCategoryKeys.list(), queryFn: () => getItemCategories() });

function useInvalidateItemCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: itemCategoryKeys.all });
}

export function useCreateItemCategory() {
  const invalidate = useInvalidateItemCategories();
  return useMutation({
    mutationFn: (body: ItemCategoryCreateReq) => createItemCategory(body),
    onSuccess: invalidate,
  });
}

export function useUpdateItemCategory() {
  const invalidate = useInvalidateItemCategories();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ItemCategoryUpdateReq }) => updateItemCategory(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteItemCategory() {
  const invalidate = useInvalidateItemCategories();
  return useMutation({ mutationFn: (id: string) => deleteItemCategory(id), onSuccess: invalidate });
}
