import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createUser,
  deleteUser,
  getMe,
  getUsers,
  type UserCreateReq,
  type UserUpdateReq,
  updateUser,
} from "../lib/api";

export const userKeys = {
  all: ["users"] as const,
  list: () => [...userKeys.all, "list"] as const,
  me: () => [...userKeys.all, "me"] as const,
};

export const usersQueryOptions = () => queryOptions({ queryKey: userKeys.list(), queryFn: () => getUsers() });

/** The signed-in user with their role: what the settings may offer them. */
export const meQueryOptions = () => queryOptions({ queryKey: userKeys.me(), queryFn: () => getMe() });

/** Every user change may touch the list and, for one's own row, "me" (name, role). */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (body: UserCreateReq) => createUser(body), onSuccess: invalidate });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UserUpdateReq }) => updateUser(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({ mutationFn: (id: string) => deleteUser(id), onSuccess: invalidate });
}
