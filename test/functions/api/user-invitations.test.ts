import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs, temporaryPasswordFor } from "../../support/cognito";
import { invite } from "../../support/users";

type ListedUser = { id: string; email: string; invited_at: string | null };

const listed = async (token: string) => (await callApi("/api/users", { token })).json.items as ListedUser[];

const resend = (token: string, id: string) =>
  callApi(`/api/users/${id}/resend_invitation`, { method: "POST", token });

describe("an invited user", () => {
  it("is listed as invited, with the date, until their first request", async () => {
    const admin = await testAccount();
    const before = Date.now();
    const { res, email } = await invite(admin.idToken, "member");
    expect(res.status).toBe(201);
    expect(Date.parse(res.json.invited_at)).toBeGreaterThanOrEqual(before - 1000);
    const [me, invited] = await listed(admin.idToken);
    expect(me!.invited_at).toBeNull();
    expect(invited).toMatchObject({ email, invited_at: res.json.invited_at });

    const memberToken = await signInAs(email);
    expect((await callApi("/api/users/me", { token: memberToken })).json.invited_at).toBeNull();
    expect((await listed(admin.idToken)).map((u) => u.invited_at)).toEqual([null, null]);
  });

  it("gets the invitation again from an administrator: a new temporary password, today's date", async () => {
    const admin = await testAccount();
    const { res, email } = await invite(admin.idToken, "member");
    const first = temporaryPasswordFor(email);
    expect(first).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));

    const again = await resend(admin.idToken, res.json.id);
    expect(again.status, again.text).toBe(200);
    expect(Date.parse(again.json.invited_at)).toBeGreaterThan(Date.parse(res.json.invited_at));
    const second = temporaryPasswordFor(email);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The invitation still leads into the company.
    const memberToken = await signInAs(email);
    expect((await callApi("/api/companies", { token: memberToken })).json.id).toBe(admin.tenantId);
  });

  it("cannot be sent again once the user signed in, nor by a member", async () => {
    const admin = await testAccount();
    const { res: memberInvite, email } = await invite(admin.idToken, "member");
    const { res: other } = await invite(admin.idToken, "member");
    const memberToken = await signInAs(email);
    await callApi("/api/users/me", { token: memberToken });

    const accepted = await resend(admin.idToken, memberInvite.json.id);
    expect(accepted.status).toBe(422);
    expect(accepted.json.code).toBe("user.not_invited");
    expect((await resend(memberToken, other.json.id)).status).toBe(403);
    expect((await resend(admin.idToken, "user_01JE0000000000000000000000")).status).toBe(404);
  });
});
