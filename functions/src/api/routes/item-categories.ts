import { ItemCategory } from "@okuru/core/entities/item-category";
import { ItemCategoryInput } from "@okuru/core/shared/item-category";
import { crudRouter } from "./crud";

export const itemCategories = crudRouter({
  tag: "item_category",
  noun: "備考欄設定",
  info: ItemCategory.Info,
  input: ItemCategoryInput,
  serialize: ItemCategory.serialize,
  list: ItemCategory.list,
  create: ItemCategory.create,
  update: ItemCategory.update,
  remove: ItemCategory.remove,
});
