export * as Sender from "./index";

import { z } from "zod";
import { assertAdmin } from "../../actor";
import { AddressInfo, addressFromWire, addressToWire, assertPostalCode } from "../../address";
import { recordInfo, recordToWire } from "../../db/wire";
import { NotFoundError, RuleError } from "../../error";
import { SenderInput } from "../../shared/sender";
import { tenantRecords } from "../records";
import type { SenderItem } from "./entity";

export const MAX_SENDERS = 200;

export const Info = recordInfo("Sender", {
  name: z.string(),
  company_name: z.string(),
  ...AddressInfo,
});
export type Info = z.infer<typeof Info>;

export function serialize(item: SenderItem): Info {
  return recordToWire(item.senderId, item, {
    name: item.name,
    company_name: item.companyName ?? "",
    ...addressToWire(item),
  });
}

export const notFound = () => new NotFoundError("sender.not_found", "発送元が見つかりません。");

const records = tenantRecords<SenderItem, typeof SenderInput>({
  entity: "sender",
  idKind: "sender",
  idAttribute: "senderId",
  input: SenderInput,
  toAttributes: (value) => ({ name: value.name, companyName: value.company_name, ...addressFromWire(value) }),
  notFound,
  limit: {
    max: MAX_SENDERS,
    error: () => new RuleError("sender.limit", `発送元は${MAX_SENDERS}件まで登録できます。`),
  },
});

export const { list, find, get } = records;

/** The postal code must belong to the prefecture, or carriers misroute the parcel. */
export async function create(input: z.input<typeof SenderInput>): Promise<SenderItem> {
  assertAdmin();
  await assertPostalCode(SenderInput.parse(input));
  return records.create(input);
}

export async function update(senderId: string, input: z.input<typeof SenderInput>): Promise<SenderItem> {
  assertAdmin();
  await assertPostalCode(SenderInput.parse(input));
  return records.update(senderId, input);
}

/** The brand's default cannot disappear from under it: choose another default first. */
export function remove(senderId: string): Promise<void> {
  return records.remove(senderId, {
    check: ({ brand }, tenantId) =>
      brand
        .check({ tenantId })
        .where(
          (attr, op) => `${op.notExists(attr.defaultSenderId)} OR ${op.ne(attr.defaultSenderId, senderId)}`,
        )
        .commit(),
    error: () =>
      new RuleError(
        "sender.in_use",
        "ブランドのデフォルト発送元に設定されているため削除できません。先にデフォルトを変更してください。",
      ),
  });
}
