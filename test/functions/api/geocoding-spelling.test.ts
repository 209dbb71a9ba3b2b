import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";

describe("GET /api/geocoding query spellings", () => {
  it("answers the spec's addressPostcode as it answers address_postcode", async () => {
    const { idToken: token } = await testAccount();
    const spec = await callApi("/api/geocoding?addressPostcode=100-0001", { token });
    expect(spec.status, spec.text).toBe(200);
    const ours = await callApi("/api/geocoding?address_postcode=100-0001", { token });
    expect(spec.json).toEqual(ours.json);
    expect(spec.json.addresses[0]).toMatchObject({ prefecture: "東京都", city: "千代田区", town: "千代田" });
    // A malformed code is refused the same way under either name.
    const bad = await callApi("/api/geocoding?addressPostcode=12-345", { token });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("郵便番号は7桁の数字で入力してください（例: 100-0001）");
  });

  it("without either spelling asks for the postal code", async () => {
    const { idToken: token } = await testAccount();
    const none = await callApi("/api/geocoding", { token });
    expect(none.status).toBe(400);
    expect(none.json.fields).toEqual({ address_postcode: "郵便番号を指定してください" });
  });

  it("documents both spellings", async () => {
    const doc = (await callApi("/api/openapi.json")).json;
    const names = doc.paths["/api/geocoding"].get.parameters.map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual(["addressPostcode", "address_postcode"]);
  });
});
