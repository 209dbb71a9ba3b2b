import { ItemCategory } from "@okuru/core/entities/item-category";
import { ItemCategoryInput } from "@okuru/core/shared/item-category";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { crudRouter } from "./crud";

export const itemCategories = crudRouter({
  tag: "item_category",
  noun: "備考欄設定",
  info: ItemCategory.Info,
  input: ItemCategoryInput,
  serialize: ItemCategory.serialize,
  list: ItemCategory.list,
  create: ItemCategory.create,
  // What orders print (ご依頼主, 品名・荷扱い) is judged against the carriers' limits.
  update: OrderSync.judgedAfter(ItemCategory.update),
  remove: OrderSync.judgedAfter(ItemCategory.remove),
});
