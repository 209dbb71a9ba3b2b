import { Sender } from "@okuru/core/entities/sender";
import { SenderInput } from "@okuru/core/shared/sender";
import { crudRouter } from "./crud";

export const senders = crudRouter({
  tag: "sender",
  noun: "発送元",
  info: Sender.Info,
  input: SenderInput,
  serialize: Sender.serialize,
  list: Sender.list,
  create: Sender.create,
  update: Sender.update,
  remove: Sender.remove,
});
