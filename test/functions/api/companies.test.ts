import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";

describe("GET /api/companies", () => {
  it("proves token → user → company: the signed-in user's company with its setup status", async () => {
    const account = await testAccount("株式会社サンプル");
    const res = await callApi("/api/companies", { token: account.idToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: account.tenantId,
      name: "株式会社サンプル",
      setup_status: "basic_information",
      features: { api_integration: false },
    });
  });

  it("gives each company only its own record", async () => {
    const [a, b] = await Promise.all([testAccount("A商店"), testAccount("B商店")]);
    const [resA, resB] = await Promise.all([
      callApi("/api/companies", { token: a.idToken }),
      callApi("/api/companies", { token: b.idToken }),
    ]);
    expect(resA.json.id).toBe(a.tenantId);
    expect(resA.json.name).toBe("A商店");
    expect(resB.json.id).toBe(b.tenantId);
    expect(resB.json.name).toBe("B商店");
  });

  it("ignores any tenant a caller tries to pass in the query or headers", async () => {
    const [a, b] = await Promise.all([testAccount("A商店"), testAccount("B商店")]);
    const res = await callApi(`/api/companies?tenant_id=${b.tenantId}&company_id=${b.tenantId}`, {
      token: a.idToken,
      headers: { "x-tenant-id": b.tenantId },
    });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(a.tenantId);
  });
});
