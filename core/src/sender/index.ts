export * as Sender from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import { AddressInfo, addressFromWire, addressToWire } from "../address";
import { SettingsService } from "../db/service";
import { NotFoundError, RuleError } from "../error";
import { SenderInput } from "../shared/sender";
import { createID } from "../util/id";
import { SenderEntity, type SenderItem } from "./entity";

export const MAX_SENDERS = 200;

export const Info = z
  .object({
    id: z.string(),
    name: z.string(),
    company_name: z.string(),
    ...AddressInfo,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Sender" });
export type Info = z.infer<typeof Info>;

export function serialize(item: SenderItem): Info {
  return {
    id: item.senderId,
    name: item.name,
    company_name: item.companyName ?? "",
    ...addressToWire(item),
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

const toAttributes = (value: SenderInput) => ({
  name: value.name,
  companyName: value.company_name,
  ...addressFromWire(value),
});

const notFound = () => new NotFoundError("sender.not_found", "発送元が見つかりません。");

export async function list(): Promise<SenderItem[]> {
  const tenantId = useTenantID();
  const { data } = await SenderEntity.query.byId({ tenantId }).go({ pages: "all" });
  return data;
}

export async function find(senderId: string): Promise<SenderItem | undefined> {
  const tenantId = useTenantID();
  const { data } = await SenderEntity.get({ tenantId, senderId }).go();
  return data ?? undefined;
}

export async function get(senderId: string): Promise<SenderItem> {
  const sender = await find(senderId);
  if (!sender) throw notFound();
  return sender;
}

export async function create(input: z.input<typeof SenderInput>): Promise<SenderItem> {
  const tenantId = useTenantID();
  const value = SenderInput.parse(input);
  if ((await list()).length >= MAX_SENDERS) {
    throw new RuleError("sender.limit", `発送元は${MAX_SENDERS}件まで登録できます。`);
  }
  const { data } = await SenderEntity.create({
    tenantId,
    senderId: createID("sender"),
    ...toAttributes(value),
  }).go();
  return data;
}

export async function update(senderId: string, input: z.input<typeof SenderInput>): Promise<SenderItem> {
  const tenantId = useTenantID();
  const value = SenderInput.parse(input);
  await get(senderId);
  const { data } = await SenderEntity.patch({ tenantId, senderId })
    .set(toAttributes(value))
    .go({ response: "all_new" });
  return data as SenderItem;
}

/** The brand's default cannot disappear from under it: choose another default first. */
export async function remove(senderId: string): Promise<void> {
  const tenantId = useTenantID();
  const result = await SettingsService.transaction
    .write(({ sender, brand }) => [
      sender
        .delete({ tenantId, senderId })
        .where((attr, op) => op.exists(attr.senderId))
        .commit(),
      brand
        .check({ tenantId })
        .where(
          (attr, op) => `${op.notExists(attr.defaultSenderId)} OR ${op.ne(attr.defaultSenderId, senderId)}`,
        )
        .commit(),
    ])
    .go();
  if (!result.canceled) return;
  if (result.data[0]?.rejected) throw notFound();
  throw new RuleError(
    "sender.in_use",
    "ブランドのデフォルト発送元に設定されているため削除できません。先にデフォルトを変更してください。",
  );
}
