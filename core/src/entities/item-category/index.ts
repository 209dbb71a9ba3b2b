export * as ItemCategory from "./index";

import { z } from "zod";
import { recordInfo, recordToWire } from "../../db/wire";
import { NotFoundError, RuleError } from "../../error";
import { ItemCategoryInput } from "../../shared/item-category";
import { tenantRecords } from "../records";
import type { ItemCategoryItem } from "./entity";

export const MAX_ITEM_CATEGORIES = 200;

export const Info = recordInfo("ItemCategory", {
  name: z.string(),
  handling1: z.string(),
  handling2: z.string(),
});
export type Info = z.infer<typeof Info>;

export function serialize(item: ItemCategoryItem): Info {
  return recordToWire(item.itemCategoryId, item, {
    name: item.name,
    handling1: item.handling1 ?? "",
    handling2: item.handling2 ?? "",
  });
}

export const notFound = () => new NotFoundError("item_category.not_found", "備考欄設定が見つかりません。");

const records = tenantRecords<ItemCategoryItem, typeof ItemCategoryInput>({
  entity: "itemCategory",
  idKind: "itemCategory",
  idAttribute: "itemCategoryId",
  input: ItemCategoryInput,
  toAttributes: (value) => ({ ...value }),
  notFound,
  limit: {
    max: MAX_ITEM_CATEGORIES,
    error: () =>
      new RuleError("item_category.limit", `備考欄設定は${MAX_ITEM_CATEGORIES}件まで登録できます。`),
  },
});

export const { list, find, get, create, update } = records;

/** The brand's default cannot disappear from under it: choose another default first. */
export function remove(itemCategoryId: string): Promise<void> {
  return records.remove(itemCategoryId, {
    check: ({ brand }, tenantId) =>
      brand
        .check({ tenantId })
        .where(
          (attr, op) =>
            `${op.notExists(attr.defaultItemCategoryId)} OR ${op.ne(attr.defaultItemCategoryId, itemCategoryId)}`,
        )
        .commit(),
    error: () =>
      new RuleError(
        "item_category.in_use",
        "ブランドのデフォルトに設定されているため削除できません。先にデフォルトを変更してください。",
      ),
  });
}
