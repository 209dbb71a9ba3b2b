import { Sender } from "@okuru/core/entities/sender";
import { SenderInput } from "@okuru/core/shared/sender";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { crudRouter } from "./crud";

export const senders = crudRouter({
  tag: "sender",
  noun: "発送元",
  info: Sender.Info,
  input: SenderInput,
  serialize: Sender.serialize,
  list: Sender.list,
  create: Sender.create,
  // What orders print (ご依頼主, 品名・荷扱い) is judged against the carriers' limits.
  update: OrderSync.judgedAfter(Sender.update),
  remove: OrderSync.judgedAfter(Sender.remove),
});
