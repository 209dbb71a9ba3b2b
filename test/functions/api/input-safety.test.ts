import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { senderFixture } from "../../support/senders";

const sender = senderFixture();

describe("input that ends up on labels", () => {
  it("refuses control and bidi characters in names with a field error, and stores nothing", async () => {
    const account = await testAccount();
    for (const name of ["札幌\u0000倉庫", "札幌\u202E庫倉"]) {
      const res = await callApi("/api/senders", {
        method: "POST",
        token: account.idToken,
        body: { ...sender, name },
      });
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ name: "使用できない文字（制御文字など）が含まれています" });
    }
    expect((await callApi("/api/senders", { token: account.idToken })).json.items).toEqual([]);
  });

  it("refuses a postal code of another prefecture on save, and accepts a business code of the right one", async () => {
    const account = await testAccount();
    const wrong = await callApi("/api/senders", {
      method: "POST",
      token: account.idToken,
      body: { ...sender, prefecture: "東京都", city: "千代田区" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.fields.postal_code).toContain("北海道の郵便番号です");
    const company = await callApi("/api/companies", {
      method: "PUT",
      token: account.idToken,
      body: {
        ...sender,
        name: "株式会社札幌商会",
        prefecture: "東京都",
        city: "千代田区",
        address1: "千代田1-1",
      },
    });
    expect(company.status).toBe(400);
    expect(company.json.fields.postal_code).toContain("060-8588");

    const right = await callApi("/api/senders", { method: "POST", token: account.idToken, body: sender });
    expect(right.status).toBe(201);
    expect(right.json).toMatchObject({ postal_code: "0608588", prefecture: "北海道" });
  });

  it("refuses print offsets that are not whole 0.5 mm steps", async () => {
    const account = await testAccount();
    const setting = { paper: "a4", layout: "2up", offset_x_mm: 1e-300, offset_y_mm: 0 };
    const res = await callApi("/api/brands/print_settings", {
      method: "PUT",
      token: account.idToken,
      body: { japan_post: setting, sagawa: setting, yamato: setting },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields["japan_post.offset_x_mm"]).toBe("横方向の補正は0.5mm単位で入力してください");
  });

  it("answers ids of 1 KB and in another case as not found, never as a server error", async () => {
    const account = await testAccount();
    const created = await callApi("/api/senders", { method: "POST", token: account.idToken, body: sender });
    for (const id of ["s".repeat(1100), created.json.id.toLowerCase()]) {
      const res = await callApi(`/api/senders/${id}`, { method: "DELETE", token: account.idToken });
      expect(res.status).toBe(404);
    }
    expect((await callApi("/api/senders", { token: account.idToken })).json.items).toHaveLength(1);
  });
});
