import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { apiCaller } from "../../support/printing";
import { senderFixture } from "../../support/senders";

const sender = senderFixture({ name: "送る商店 出荷センター", company_name: "株式会社送る商店" });

/** A new company's administrator, calling the API. */
const newCompany = async (name?: string) => apiCaller(await testAccount(name));
/** Two companies, for the isolation tests. */
const twoCompanies = () => Promise.all([newCompany("A"), newCompany("B")]);

describe("/api/senders", () => {
  it("creates, lists, updates and deletes a sender", async () => {
    const call = await newCompany();
    const created = await call("/senders", "POST", sender);
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: sender.name, postal_code: "0608588", phone: "011-231-4111" });
    const id = created.json.id as string;
    expect(id).toMatch(/^snd_/);

    expect((await call("/senders")).json.items.map((s: { id: string }) => s.id)).toEqual([id]);

    const updated = await call(`/senders/${id}`, "PUT", { ...sender, name: "第二倉庫" });
    expect(updated.json.name).toBe("第二倉庫");

    expect((await call(`/senders/${id}`, "DELETE")).status).toBe(204);
    expect((await call("/senders")).json.items).toEqual([]);
    expect((await call(`/senders/${id}`, "DELETE")).status).toBe(404);
  });

  it("validates every field with Japanese messages", async () => {
    const call = await newCompany();
    const res = await call("/senders", "POST", {
      ...sender,
      name: "あ".repeat(17),
      phone: "1234",
      postal_code: "",
    });
    expect(res.status).toBe(400);
    expect(res.json.fields).toMatchObject({
      name: "発送元名は全角16文字（半角32文字）以内で入力してください",
      phone: "有効な電話番号を入力してください（例: 03-1234-5678）",
      postal_code: "郵便番号を入力してください",
    });
  });

  it("does not let another company see, change or delete a sender", async () => {
    const [a, b] = await twoCompanies();
    const { json } = await a("/senders", "POST", sender);
    expect((await b("/senders")).json.items).toEqual([]);
    expect((await b(`/senders/${json.id}`, "PUT", sender)).status).toBe(404);
    expect((await b(`/senders/${json.id}`, "DELETE")).status).toBe(404);
    expect((await a("/senders")).json.items).toHaveLength(1);
  });
});

describe("/api/item_categories", () => {
  it("creates, updates and deletes the 品名 and 荷扱い printed on labels", async () => {
    const call = await newCompany();
    const created = await call("/item_categories", "POST", {
      name: "化粧品",
      handling1: "ワレモノ注意",
      handling2: "",
    });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const updated = await call(`/item_categories/${id}`, "PUT", {
      name: "化粧品（液体）",
      handling1: "ワレモノ注意",
      handling2: "天地無用",
    });
    expect(updated.json).toMatchObject({ name: "化粧品（液体）", handling2: "天地無用" });
    expect((await call(`/item_categories/${id}`, "DELETE")).status).toBe(204);
  });

  it("rejects a 品名 longer than Sagawa's field and an empty one", async () => {
    const call = await newCompany();
    const long = await call("/item_categories", "POST", { name: "あ".repeat(17) });
    expect(long.status).toBe(400);
    expect(long.json.fields.name).toBe("品名は全角16文字（半角32文字）以内で入力してください");
    const empty = await call("/item_categories", "POST", { name: " " });
    expect(empty.json.fields.name).toBe("品名を入力してください");
  });

  it("is isolated per company", async () => {
    const [a, b] = await twoCompanies();
    const { json } = await a("/item_categories", "POST", { name: "衣類" });
    expect((await b(`/item_categories/${json.id}`, "PUT", { name: "x" })).status).toBe(404);
    expect((await b("/item_categories")).json.items).toEqual([]);
  });
});

describe("/api/brands", () => {
  it("answers defaults before anything is saved, then keeps name, defaults and print settings", async () => {
    const call = await newCompany();
    const initial = await call("/brands");
    expect(initial.json).toMatchObject({ name: "", default_sender_id: null, default_item_category_id: null });
    expect(initial.json.print_settings.yamato).toEqual({
      paper: "a4",
      layout: "2up",
      offset_x_mm: 0,
      offset_y_mm: 0,
    });

    expect((await call("/brands", "PUT", { name: "OKURU STORE" })).json.name).toBe("OKURU STORE");
    const s = await call("/senders", "POST", sender);
    const c = await call("/item_categories", "POST", { name: "雑貨" });
    await call("/brands/senders", "PUT", { sender_id: s.json.id });
    await call("/brands/item_categories", "PUT", { item_category_id: c.json.id });
    const settings = {
      japan_post: { paper: "a4", layout: "4up", offset_x_mm: 1.5, offset_y_mm: -2 },
      sagawa: { paper: "label_100x150", layout: "1up", offset_x_mm: 0, offset_y_mm: 0 },
      yamato: { paper: "a5", layout: "1up", offset_x_mm: 0, offset_y_mm: 0.5 },
    };
    await call("/brands/print_settings", "PUT", settings);

    const brand = (await call("/brands")).json;
    expect(brand).toMatchObject({
      name: "OKURU STORE",
      default_sender_id: s.json.id,
      default_item_category_id: c.json.id,
      print_settings: settings,
    });

    // A default cannot be deleted from under the brand.
    const del = await call(`/senders/${s.json.id}`, "DELETE");
    expect(del.status).toBe(422);
    expect(del.json.code).toBe("sender.in_use");
    await call("/brands/senders", "PUT", { sender_id: null });
    expect((await call(`/senders/${s.json.id}`, "DELETE")).status).toBe(204);
  });

  it("never points a default at a record that is gone", async () => {
    const call = await newCompany();
    const c = await call("/item_categories", "POST", { name: "食品" });
    expect((await call(`/item_categories/${c.json.id}`, "DELETE")).status).toBe(204);
    const res = await call("/brands/item_categories", "PUT", { item_category_id: c.json.id });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("item_category.not_found");
    expect((await call("/brands")).json.default_item_category_id).toBeNull();
  });

  it("refuses another company's sender as the default, and impossible print settings", async () => {
    const [a, b] = await twoCompanies();
    const s = await a("/senders", "POST", sender);
    expect((await b("/brands/senders", "PUT", { sender_id: s.json.id })).status).toBe(404);

    const bad = await a("/brands/print_settings", "PUT", {
      japan_post: { paper: "label_100x150", layout: "2up", offset_x_mm: 0, offset_y_mm: 0 },
      sagawa: { paper: "a4", layout: "1up", offset_x_mm: 25, offset_y_mm: 0.3 },
      yamato: { paper: "a4", layout: "1up", offset_x_mm: 0, offset_y_mm: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({
      "japan_post.layout": "ラベル用紙は1面のみ選択できます",
      "sagawa.offset_x_mm": "横方向の補正は-20〜20mmで入力してください",
      "sagawa.offset_y_mm": "縦方向の補正は0.5mm単位で入力してください",
    });
  });
});

describe("GET /api/geocoding", () => {
  const lookup = async (code: string) => {
    const account = await testAccount();
    return callApi(`/api/geocoding?address_postcode=${encodeURIComponent(code)}`, { token: account.idToken });
  };

  it("answers the address for half-width, full-width, hyphenated and plain codes", async () => {
    for (const code of ["100-0001", "1000001", "１００－０００１", "１０００００１"]) {
      const res = await lookup(code);
      expect(res.status).toBe(200);
      expect(res.json.addresses).toEqual([
        expect.objectContaining({
          prefecture: "東京都",
          city: "千代田区",
          town: "千代田",
          postal_code: "1000001",
        }),
      ]);
    }
  });

  it("uses current data (Hamamatsu's 2024 wards) and answers every match", async () => {
    expect((await lookup("430-0929")).json.addresses[0].city).toBe("浜松市中央区");
    const split = (await lookup("498-0000")).json.addresses.map((a: { prefecture: string }) => a.prefecture);
    expect(split).toEqual(expect.arrayContaining(["愛知県", "三重県"]));
    expect((await lookup("452-0961")).json.addresses.length).toBeGreaterThan(10);
  });

  it("answers 400 with a Japanese message for a malformed code and 404 for an unknown one", async () => {
    const bad = await lookup("12-345");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("郵便番号は7桁の数字で入力してください（例: 100-0001）");
    const unknown = await lookup("000-0000");
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe("geocoding.not_found");
  });

  it("requires sign-in", async () => {
    expect((await callApi("/api/geocoding?address_postcode=1000001")).status).toBe(401);
  });
});
