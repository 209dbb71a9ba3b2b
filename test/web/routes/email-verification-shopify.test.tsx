import type { SetupStatus } from "@okuru/core/shared/setup-status";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { change, resetAuthScreensAfterEach } from "../../support/web-auth";
import { companyBody, sentBodies, stubApi } from "../fake-api";
import { settingsRoutes, shopBody } from "../settings-api";

configure({ asyncUtilTimeout: 5000 });

/** The five parameters of the shop platform's authorisation return, and one it may add. */
const returnQuery =
  "code=c0de&hmac=0123abcd&host=YWRtaW4uc2hvcGlmeS5jb20vc3RvcmUvb2t1cnU&shop=okuru-demo.myshopify.com&state=st4te&timestamp=1735689600";
const returnParams = Object.fromEntries(new URLSearchParams(returnQuery));

resetAuthScreensAfterEach();

/** A signed-in user whose address is not verified yet; the code verifies it, as Cognito does. */
function unverifiedUser() {
  const auth = createFakeAuth({ ...verifiedUser, emailVerified: false });
  auth.confirmEmail.mockImplementation(async () => auth.setUser(verifiedUser));
  return auth;
}

function stubCompany(setupStatus: SetupStatus) {
  return stubApi({
    ...settingsRoutes(),
    "GET /api/companies": () => ({ body: companyBody(setupStatus) }),
    "GET /api/shops": () => ({ body: { items: [], next_cursor: null } }),
    "GET /api/signup": () => ({ body: { exist: true } }),
    "POST /api/shops/shopify/verify_request": () => ({ body: shopBody() }),
  });
}

describe("the Shopify authorisation return of a user whose email is not verified", () => {
  it.each([
    ["/settings/stores/shopify/completed", "done", "/settings/stores/shopify/completed"],
    ["/setup/stores/shopify/completed", "stores", "/setup/stores/shopify/completed"],
    ["/login", "stores", "/setup/stores/shopify/completed"],
  ] as const)(
    "from %s (setup %s) keeps the query on /email_verification, then connects the shop on %s",
    async (from, setupStatus, completed) => {
      const api = stubCompany(setupStatus);
      const { router } = renderRoute(`${from}?${returnQuery}`, { auth: unverifiedUser() });

      await waitFor(() => expect(router.state.location.pathname).toBe("/email_verification"));
      expect(router.state.location.searchStr).toBe(`?${returnQuery}`);
      expect(sentBodies(api, "POST /api/shops/shopify/verify_request")).toEqual([]);

      await screen.findByRole("button", { name: "確認コードを送信" });
      change(/確認コード/, "123456");
      fireEvent.click(screen.getByRole("button", { name: "確認する" }));

      await waitFor(() => expect(router.state.location.pathname).toBe(completed));
      expect(router.state.location.searchStr).toBe(`?${returnQuery}`);
      expect(
        await screen.findByText("送る商店 と接続しました。注文の取り込みを始めました。"),
      ).toBeInTheDocument();
      expect(sentBodies(api, "POST /api/shops/shopify/verify_request")).toEqual([returnParams]);
    },
  );

  it("without the return's query, still lands on plain /email_verification", async () => {
    stubCompany("done");
    const { router } = renderRoute("/settings/stores/shopify/completed?shop=okuru-demo.myshopify.com", {
      auth: unverifiedUser(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/email_verification"));
    expect(router.state.location.searchStr).toBe("");
  });
});
