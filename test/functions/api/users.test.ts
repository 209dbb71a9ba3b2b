import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs } from "../../support/cognito";
import { invite } from "../../support/users";

describe("/api/users", () => {
  it("lets an administrator invite a colleague, who can then sign in to the same company", async () => {
    const admin = await testAccount("招待テスト");
    const { res, email } = await invite(admin.idToken, "member");
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ email, name: "佐藤 花子", role: "member" });

    const list = await callApi("/api/users", { token: admin.idToken });
    expect(list.json.items.map((u: { email: string }) => u.email)).toEqual([admin.email, email]);

    const memberToken = await signInAs(email);
    const company = await callApi("/api/companies", { token: memberToken });
    expect(company.json.id).toBe(admin.tenantId);
    expect((await callApi("/api/signup", { token: memberToken })).json).toEqual({ exist: true });
  });

  it("tells each user who they are and what role they have (GET /api/users/me)", async () => {
    const admin = await testAccount();
    const { email } = await invite(admin.idToken, "member");
    const memberToken = await signInAs(email);
    expect((await callApi("/api/users/me", { token: admin.idToken })).json).toMatchObject({
      id: admin.userId,
      email: admin.email,
      role: "admin",
    });
    expect((await callApi("/api/users/me", { token: memberToken })).json).toMatchObject({
      email,
      role: "member",
    });
  });

  it("refuses an address that already has an account, in this or another company", async () => {
    const [a, b] = await Promise.all([testAccount("A"), testAccount("B")]);
    const again = await callApi("/api/users", {
      method: "POST",
      token: a.idToken,
      body: { email: b.email, role: "member" },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("user.email_exists");
  });

  it("lets only administrators manage users; a member may rename only themselves", async () => {
    const admin = await testAccount();
    const { res, email } = await invite(admin.idToken, "member");
    const memberId = res.json.id as string;
    const memberToken = await signInAs(email);

    const inviteByMember = await invite(memberToken, "member");
    expect(inviteByMember.res.status).toBe(403);
    expect(inviteByMember.res.json.message).toBe("管理者のみが行える操作です。");

    const promote = await callApi(`/api/users/${memberId}`, {
      method: "PUT",
      token: memberToken,
      body: { name: "佐藤", role: "admin" },
    });
    expect(promote.status).toBe(403);
    const rename = await callApi(`/api/users/${memberId}`, {
      method: "PUT",
      token: memberToken,
      body: { name: "佐藤 花子（出荷担当）", role: "member" },
    });
    expect(rename.status).toBe(200);
    expect(
      (await callApi(`/api/users/${admin.userId}`, { method: "DELETE", token: memberToken })).status,
    ).toBe(403);
  });

  it("never leaves a company without an administrator, and nobody deletes themselves", async () => {
    const admin = await testAccount();
    const demote = await callApi(`/api/users/${admin.userId}`, {
      method: "PUT",
      token: admin.idToken,
      body: { name: "", role: "member" },
    });
    expect(demote.status).toBe(422);
    expect(demote.json.code).toBe("user.last_admin");

    const self = await callApi(`/api/users/${admin.userId}`, { method: "DELETE", token: admin.idToken });
    expect(self.status).toBe(422);
    expect(self.json.message).toBe("自分自身は削除できません。");
  });

  it("removes a user so that their token no longer works", async () => {
    const admin = await testAccount();
    const { res, email } = await invite(admin.idToken, "admin");
    const token = await signInAs(email);
    expect((await callApi("/api/companies", { token })).status).toBe(200);

    expect(
      (await callApi(`/api/users/${res.json.id}`, { method: "DELETE", token: admin.idToken })).status,
    ).toBe(204);
    expect((await callApi("/api/companies", { token })).status).toBe(401);
    expect((await callApi("/api/users", { token: admin.idToken })).json.items).toHaveLength(1);
  });

  it("a demotion or promotion takes effect on the colleague's next request with the same token", async () => {
    const admin = await testAccount();
    const { res, email } = await invite(admin.idToken, "admin");
    const token = await signInAs(email);
    const inviteWith = (t: string) => invite(t, "member").then((r) => r.res.status);
    expect(await inviteWith(token)).toBe(201);

    // Demoted, the colleague may no longer invite; promoted again, they may.
    for (const [role, inviting] of [
      ["member", 403],
      ["admin", 201],
    ] as const) {
      const changed = await callApi(`/api/users/${res.json.id}`, {
        method: "PUT",
        token: admin.idToken,
        body: { name: "佐藤", role },
      });
      expect(changed.status, role).toBe(200);
      expect(await inviteWith(token), role).toBe(inviting);
    }
  });

  it("cannot touch another company's users", async () => {
    const [a, b] = await Promise.all([testAccount("A"), testAccount("B")]);
    const put = await callApi(`/api/users/${b.userId}`, {
      method: "PUT",
      token: a.idToken,
      body: { name: "x", role: "member" },
    });
    expect(put.status).toBe(404);
    expect((await callApi(`/api/users/${b.userId}`, { method: "DELETE", token: a.idToken })).status).toBe(
      404,
    );
  });

  it("validates the invitation", async () => {
    const admin = await testAccount();
    const res = await callApi("/api/users", {
      method: "POST",
      token: admin.idToken,
      body: { email: "not-an-email", role: "boss" },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual({
      email: "メールアドレスの形式が正しくありません",
      role: "権限を選択してください",
    });
  });
});
