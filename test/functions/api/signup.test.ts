import { describe, expect, it } from "vitest";
import { callApi } from "../../support/api";
import { cognitoUser } from "../../support/cognito";

describe("signup", () => {
  it("reports exist=false, creates the company once, then reports exist=true", async () => {
    const user = await cognitoUser();
    expect((await callApi("/api/signup", { token: user.idToken })).json).toEqual({ exist: false });

    const created = await callApi("/api/signup", { method: "POST", token: user.idToken });
    expect(created.status).toBe(201);
    expect(created.json.company.setup_status).toBe("basic_information");

    expect((await callApi("/api/signup", { token: user.idToken })).json).toEqual({ exist: true });
    const companies = await callApi("/api/companies", { token: user.idToken });
    expect(companies.json.id).toBe(created.json.company.id);
  });

  it("never creates a second company for the same identity, even on a double click", async () => {
    const user = await cognitoUser();
    const results = await Promise.all([
      callApi("/api/signup", { method: "POST", token: user.idToken }),
      callApi("/api/signup", { method: "POST", token: user.idToken }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    expect(conflict.json.code).toBe("signup.exists");
  });

  it("refuses an identity whose email is not verified", async () => {
    const user = await cognitoUser({ emailVerified: false });
    const res = await callApi("/api/signup", { method: "POST", token: user.idToken });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("signup.email_unverified");
  });

  it("validates the body and answers field errors", async () => {
    const user = await cognitoUser();
    const res = await callApi("/api/signup", {
      method: "POST",
      token: user.idToken,
      body: { company_name: "あ".repeat(101) },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("input.invalid");
    expect(Object.keys(res.json.fields)).toEqual(["company_name"]);
  });
});
