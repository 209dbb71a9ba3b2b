import { createSender, deleteSender, getSenders, updateSender } from "../lib/api";
import { recordCollection } from "./mutations";

/** 発送元 (ご依頼主). */
export const {
  keys: senderKeys,
  listQueryOptions: sendersQueryOptions,
  useCreate: useCreateSender,
  useUpdate: useUpdateSender,
  useDelete: useDeleteSender,
} = recordCollection("senders", {
  list: () => getSenders(),
  create: createSender,
  update: updateSender,
  remove: deleteSender,
});
