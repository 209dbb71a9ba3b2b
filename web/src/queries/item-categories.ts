import { createItemCategory, deleteItemCategory, getItemCategories, updateItemCategory } from "../lib/api";
import { recordCollection } from "./mutations";

/** 備考欄設定. */
export const {
  keys: itemCategoryKeys,
  listQueryOptions: itemCategoriesQueryOptions,
  useCreate: useCreateItemCategory,
  useUpdate: useUpdateItemCategory,
  useDelete: useDeleteItemCategory,
} = recordCollection("item_categories", {
  list: () => getItemCategories(),
  create: createItemCategory,
  update: updateItemCategory,
  remove: deleteItemCategory,
});
