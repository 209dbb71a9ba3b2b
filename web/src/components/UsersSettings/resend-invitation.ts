import { answer, api, byId } from "../../lib/api/client";
import { formatDate } from "../../lib/dates";
import { useInvalidatingMutation } from "../../queries/mutations";
import { userKeys } from "../../queries/users";

const resendInvitation = (id: string) =>
  answer(api.POST("/api/users/{id}/resend_invitation", { params: byId("resendUserInvitation", id) }));

/** 招待を再送: the list is read again for the invitation's new date. */
export const useResendInvitation = () => useInvalidatingMutation(userKeys.all, resendInvitation);

/** When an invitation went out, as the list shows it: 2026/11/28 に招待. */
export const invitedOn = (invitedAt: string) => `${formatDate(invitedAt)} に招待`;
