import { createMemoryHistory } from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import { createAppRouter } from "../../../web/src/router";
import { startOpeningRouteData } from "../../../web/src/router-preload";
import { createFakeAuth, renderRoute, testQueryClient, verifiedUser } from "../../support/render";
import { resetScreensAfterEach } from "../../support/web-reset";
import { companyBody, emptyOrderRoutes, sentBodies, stubApi } from "../fake-api";

resetScreensAfterEach();

/** Starts what the app opening on `path` reads ahead, as createAppRouter does in the browser. */
async function openOn(path: string, auth = createFakeAuth(verifiedUser), queryClient = testQueryClient()) {
  const router = createAppRouter({
    auth,
    queryClient,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await startOpeningRouteData(router, { auth, queryClient });
  return queryClient;
}

describe("the opening screen's data, read beside the guard", () => {
  it("starts the page of orders the URL shows before the company is read", async () => {
    const fetchMock = stubApi({
      "GET /api/companies": () => ({ body: companyBody("done") }),
      ...emptyOrderRoutes(),
    });
    await openOn("/orders?tab_key=shipped&search=%E9%AB%99%E6%A9%8B");
    // The call goes out once the ID token is read.
    await vi.waitFor(() =>
      expect(sentBodies(fetchMock, "GET /api/orders", { queryWhenBodiless: true })).toEqual([
        `?tab_key=shipped&search=${encodeURIComponent("髙橋")}&limit=50`,
      ]),
    );
    expect(sentBodies(fetchMock, "GET /api/companies")).toEqual([]);
  });

  it("starts nothing for a visitor who is signed out or not verified, or on a page without opening data", async () => {
    const fetchMock = stubApi({
      "GET /api/companies": () => ({ body: companyBody("done") }),
      ...emptyOrderRoutes(),
    });
    await openOn("/orders", createFakeAuth(null));
    await openOn("/orders", createFakeAuth({ ...verifiedUser, emailVerified: false }));
    await openOn("/settings/senders");
    // As long as the call above took to go out, and more.
    await new Promise((done) => setTimeout(done, 200));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("is the page the list then shows: entering the list does not read it again", async () => {
    const fetchMock = stubApi({
      "GET /api/companies": () => ({ body: companyBody("done") }),
      ...emptyOrderRoutes(),
    });
    const auth = createFakeAuth(verifiedUser);
    const queryClient = await openOn("/orders?tab_key=notShipped", auth);
    renderRoute("/orders?tab_key=notShipped", { auth, queryClient });
    expect(await screen.findByText("表示できる注文はありません")).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 300));
    expect(sentBodies(fetchMock, "GET /api/orders", { queryWhenBodiless: true })).toEqual([
      "?tab_key=notShipped&limit=50",
    ]);
  });
});
