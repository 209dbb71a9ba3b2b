import { UserInvite, UserUpdate } from "@okuru/core/shared/user";
import { User } from "@okuru/core/user";
import { crudRouter } from "./crud";

/** POST invites by email through Cognito; only administrators manage users (checked in core). */
export const users = crudRouter({
  tag: "user",
  noun: "ユーザー",
  info: User.Info,
  input: UserInvite,
  updateInput: UserUpdate,
  serialize: User.serialize,
  list: User.list,
  create: User.invite,
  update: User.update,
  remove: User.remove,
});
