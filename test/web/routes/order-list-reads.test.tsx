import { screen } from "@testing-library/react";
import { createFakeAuth, renderRoute, verifiedUser } from "../../support/render";
import { resetScreensAfterEach } from "../../support/web-reset";
import { companyBody, emptyOrderRoutes, sentBodies, stubApi } from "../fake-api";

resetScreensAfterEach();

describe("the order list's first screen", () => {
  it("reads its page once: the route's loader reads it, the list takes it from the cache", async () => {
    const fetchMock = stubApi({
      "GET /api/companies": () => ({ body: companyBody("done") }),
      ...emptyOrderRoutes(),
    });
    renderRoute("/orders?tab_key=notShipped", { auth: createFakeAuth(verifiedUser) });
    expect(await screen.findByText("表示できる注文はありません")).toBeInTheDocument();
    // Long enough for a read on mount to have gone out.
    await new Promise((done) => setTimeout(done, 300));
    expect(sentBodies(fetchMock, "GET /api/orders", { queryWhenBodiless: true })).toEqual([
      "?tab_key=notShipped&limit=50",
    ]);
  });
});
