import { callApi } from "./api";
import { uniqueEmail } from "./cognito";

/**
 * Invites a colleague at a fresh address (POST /api/users) as the token's user. Returns
 * the API's answer and the address, at which cognito-local holds the invitation.
 */
export async function invite(token: string, role: "admin" | "member", name = "佐藤 花子") {
  const email = uniqueEmail("invitee");
  const res = await callApi("/api/users", { method: "POST", token, body: { email, name, role } });
  return { res, email };
}
