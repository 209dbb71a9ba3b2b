import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { kyotoCompanyProfile } from "../../support/printing";

const profile = kyotoCompanyProfile("株式会社京都おくる茶舗");

describe("concurrent requests", () => {
  it("setup-status moves racing end exactly one step further, never skipping; the losers answer 409", async () => {
    const account = await testAccount();
    const token = account.idToken;
    expect((await callApi("/api/companies", { method: "PUT", token, body: profile })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        callApi("/api/companies/setup_status", { method: "PUT", token, body: { setup_status: "stores" } }),
      ),
    );
    for (const answer of answers) {
      expect([200, 409]).toContain(answer.status);
      if (answer.status === 409) {
        // A conditional write that lost: the one 409 shape, in Japanese.
        expect(answer.json).toEqual({
          code: "conflict.concurrent_update",
          message: "他の操作と競合しました。画面を更新して再度お試しください。",
        });
      }
    }
    expect(answers.some((a) => a.status === 200)).toBe(true);
    expect((await callApi("/api/companies", { token })).json.setup_status).toBe("stores");
  });
});
