export * as ItemCategory from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import { SettingsService } from "../db/service";
import { NotFoundError, RuleError } from "../error";
import { ItemCategoryInput } from "../shared/item-category";
import { createID } from "../util/id";
import { ItemCategoryEntity, type ItemCategoryItem } from "./entity";

export const MAX_ITEM_CATEGORIES = 200;

export const Info = z
  .object({
    id: z.string(),
    name: z.string(),
    handling1: z.string(),
    handling2: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "ItemCategory" });
export type Info = z.infer<typeof Info>;

export function serialize(item: ItemCategoryItem): Info {
  return {
    id: item.itemCategoryId,
    name: item.name,
    handling1: item.handling1 ?? "",
    handling2: item.handling2 ?? "",
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

const notFound = () => new NotFoundError("item_category.not_found", "備考欄設定が見つかりません。");

export async function list(): Promise<ItemCategoryItem[]> {
  const tenantId = useTenantID();
  const { data } = await ItemCategoryEntity.query.byId({ tenantId }).go({ pages: "all" });
  return data;
}

export async function find(itemCategoryId: string): Promise<ItemCategoryItem | undefined> {
  const tenantId = useTenantID();
  const { data } = await ItemCategoryEntity.get({ tenantId, itemCategoryId }).go();
  return data ?? undefined;
}

export async function get(itemCategoryId: string): Promise<ItemCategoryItem> {
  const found = await find(itemCategoryId);
  if (!found) throw notFound();
  return found;
}

export async function create(input: z.input<typeof ItemCategoryInput>): Promise<ItemCategoryItem> {
  const tenantId = useTenantID();
  const value = ItemCategoryInput.parse(input);
  if ((await list()).length >= MAX_ITEM_CATEGORIES) {
    throw new RuleError("item_category.limit", `備考欄設定は${MAX_ITEM_CATEGORIES}件まで登録できます。`);
  }
  const { data } = await ItemCategoryEntity.create({
    tenantId,
    itemCategoryId: createID("itemCategory"),
    ...value,
  }).go();
  return data;
}

export async function update(itemCategoryId: string, input: z.input<typeof ItemCategoryInput>) {
  const tenantId = useTenantID();
  const value = ItemCategoryInput.parse(input);
  await get(itemCategoryId);
  const { data } = await ItemCategoryEntity.patch({ tenantId, itemCategoryId })
    .set(value)
    .go({ response: "all_new" });
  return data as ItemCategoryItem;
}

/** The brand's default cannot disappear from under it: choose another default first. */
export async function remove(itemCategoryId: string): Promise<void> {
  const tenantId = useTenantID();
  const result = await SettingsService.transaction
    .write(({ itemCategory, brand }) => [
      itemCategory
        .delete({ tenantId, itemCategoryId })
        .where((attr, op) => op.exists(attr.itemCategoryId))
        .commit(),
      brand
        .check({ tenantId })
        .where(
          (attr, op) =>
            `${op.notExists(attr.defaultItemCategoryId)} OR ${op.ne(attr.defaultItemCategoryId, itemCategoryId)}`,
        )
        .commit(),
    ])
    .go();
  if (!result.canceled) return;
  if (result.data[0]?.rejected) throw notFound();
  throw new RuleError(
    "item_category.in_use",
    "ブランドのデフォルトに設定されているため削除できません。先にデフォルトを変更してください。",
  );
}
