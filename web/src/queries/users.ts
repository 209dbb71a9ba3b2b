import { queryOptions } from "@tanstack/react-query";
import { createUser, deleteUser, getMe, getUsers, updateUser } from "../lib/api";
import { recordCollection } from "./mutations";

/** Every user change may touch the list and, for one's own row, "me" (name, role): both sit under the collection's key. */
const users = recordCollection("users", {
  list: () => getUsers(),
  create: createUser,
  update: updateUser,
  remove: deleteUser,
});

export const userKeys = { ...users.keys, me: () => [...users.keys.all, "me"] as const };

export const {
  listQueryOptions: usersQueryOptions,
  useCreate: useCreateUser,
  useUpdate: useUpdateUser,
  useDelete: useDeleteUser,
} = users;

/** The signed-in user with their role: what the settings may offer them. */
export const meQueryOptions = () => queryOptions({ queryKey: userKeys.me(), queryFn: () => getMe() });
