import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { ecforceShopFor } from "../../support/simulators";

const profile = {
  name: "株式会社送る商店",
  name_kana: "カブシキガイシャオクルショウテン",
  postal_code: "１００－０００１",
  prefecture: "東京都",
  city: "千代田区",
  address1: "千代田1-1",
  address2: "送るビル3F",
  phone: "０３－１２３４－５６７８",
  contact_name: "山田 太郎",
  contact_email: "",
};

describe("PUT /api/companies", () => {
  it("saves the profile normalised: half-width postal code and a hyphenated phone number", async () => {
    const account = await testAccount();
    const res = await callApi("/api/companies", { method: "PUT", token: account.idToken, body: profile });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: "株式会社送る商店",
      postal_code: "1000001",
      phone: "03-1234-5678",
    });
    expect((await callApi("/api/companies", { token: account.idToken })).json.address2).toBe("送るビル3F");
  });

  it("answers field errors in Japanese and stores nothing", async () => {
    const account = await testAccount("元の名前");
    const res = await callApi("/api/companies", {
      method: "PUT",
      token: account.idToken,
      body: { ...profile, postal_code: "12345", phone: "090-1234-567", prefecture: "東京", city: "" },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({
      postal_code: "郵便番号は7桁の数字で入力してください（例: 100-0001）",
      phone: "有効な電話番号を入力してください（例: 03-1234-5678）",
      prefecture: "都道府県を選択してください",
      city: "市区町村を入力してください",
    });
    expect((await callApi("/api/companies", { token: account.idToken })).json.name).toBe("元の名前");
  });

  it("limits the address to what a carrier label can print", async () => {
    const account = await testAccount();
    const res = await callApi("/api/companies", {
      method: "PUT",
      token: account.idToken,
      body: { ...profile, address1: "あ".repeat(21) },
    });
    expect(res.status).toBe(400);
    expect(res.json.fields.address1).toBe("町名・番地は全角20文字（半角40文字）以内で入力してください");
  });
});

describe("PUT /api/companies/setup_status", () => {
  const advance = (token: string, setup_status: string) =>
    callApi("/api/companies/setup_status", { method: "PUT", token, body: { setup_status } });

  it("refuses to leave basic_information until the profile is complete", async () => {
    const account = await testAccount();
    const res = await advance(account.idToken, "stores");
    expect(res.status).toBe(422);
    expect(res.json).toEqual({
      code: "company.setup_prerequisite",
      message: "基本情報（会社名・住所・電話番号）を登録してください。",
    });
  });

  it("moves one step forward at a time, accepts a retry, and never goes back or skips", async () => {
    const account = await testAccount();
    await callApi("/api/companies", { method: "PUT", token: account.idToken, body: profile });
    expect((await advance(account.idToken, "carriers")).json.code).toBe("company.setup_status_order");
    expect((await advance(account.idToken, "stores")).json.setup_status).toBe("stores");
    expect((await advance(account.idToken, "stores")).status).toBe(200);
    expect((await advance(account.idToken, "basic_information")).json.code).toBe(
      "company.setup_status_order",
    );
    // Each later step waits for what it needs: refused with the reason, then taken once it is added.
    const prerequisites = [
      {
        step: "carriers",
        reason: "ストアを1つ以上連携してください（Shopify または ecforce）。",
        add: ["/api/shops/ecforce", await ecforceShopFor(`setup-${account.tenantId.toLowerCase()}`)],
      },
      {
        step: "done",
        reason: "配送会社の契約情報を1件以上登録してください（日本郵便・佐川急便・ヤマト運輸）。",
        add: ["/api/japan_post", { name: "ゆうパック", mode: "handoff" }],
      },
    ] as const;
    for (const { step, reason, add } of prerequisites) {
      const refused = await advance(account.idToken, step);
      expect([refused.status, refused.json.message]).toEqual([422, reason]);
      const [path, body] = add;
      expect((await callApi(path, { method: "POST", token: account.idToken, body })).status).toBe(201);
      expect((await advance(account.idToken, step)).json.setup_status).toBe(step);
    }
    expect((await advance(account.idToken, "register")).status).toBe(422);
  });

  it("rejects an unknown step", async () => {
    const account = await testAccount();
    const res = await advance(account.idToken, "finished");
    expect(res.status).toBe(400);
    expect(res.json.fields.setup_status).toBe("初期設定のステップが正しくありません");
  });
});
