import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";

describe("GET /api/openapi.json", () => {
  it("is public and documents every route with its security and error shape", async () => {
    const res = await callApi("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = res.json;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/signup", "/api/companies"]),
    );
    expect(doc.paths["/api/companies"].get.security).toEqual([{ Bearer: [] }]);
    expect(doc.paths["/api/health"].get.security).toBeUndefined();
    expect(doc.components.securitySchemes.Bearer).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.components.schemas.Error.required).toEqual(expect.arrayContaining(["code", "message"]));
  });

  it("answers unknown routes with a JSON 404 when signed in, and tells nothing without a token", async () => {
    const account = await testAccount();
    const res = await callApi("/api/no-such-thing", { token: account.idToken });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("route.not_found");
    // Without a token no route's existence is revealed: authentication comes first, for every path.
    expect((await callApi("/api/no-such-thing")).status).toBe(401);
  });
});
