import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  createSender,
  deleteSender,
  getSenders,
  type SenderCreateReq,
  type SenderUpdateReq,
  updateSender,
} from "../lib/api";

export const senderKeys = {
  all: ["senders"] as const,
  list: () => [...senderKeys.all, "list"] as const,
};

export const sendersQueryOptions = () =>
  queryOptions({ queryKey: senderKeys.list(), queryFn: () => getSenders() });

function useInvalidateSenders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: senderKeys.all });
}

export function useCreateSender() {
  const invalidate = useInvalidateSenders();
  return useMutation({ mutationFn: (body: SenderCreateReq) => createSender(body), onSuccess: invalidate });
}

export function useUpdateSender() {
  const invalidate = useInvalidateSenders();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: SenderUpdateReq }) => updateSender(id, body),
    onSuccess: invalidate,
  });
}

export function useDeleteSender() {
  const invalidate = useInvalidateSenders();
  return useMutation({ mutationFn: (id: string) => deleteSender(id), onSuccess: invalidate });
}
