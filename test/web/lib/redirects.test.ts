import { type SetupStatus, setupStatuses, setupSteps } from "@okuru/core/shared/setup-status";
import {
  decideRedirect,
  hasShopifyReturnQuery,
  ordersHome,
  publicPaths,
  type RedirectInput,
  setupIncompleteWarning,
} from "../../../web/src/lib/redirects";

const signedIn = { signedIn: true, emailVerified: true } as const;
const shopifyQuery = "?code=abc123&hmac=f00d&host=YWRtaW4&shop=okuru-demo.myshopify.com&timestamp=1735689600";

function decide(input: Partial<RedirectInput> & { pathname: string }) {
  return decideRedirect({ signedIn: false, emailVerified: false, search: "", ...input });
}

/** One representative path per kind of page. */
const pathKinds = {
  root: "/",
  login: "/login",
  signup: "/signup",
  password_reset: "/password_reset",
  email_verification: "/email_verification",
  orders: "/orders",
  ordersWithSlash: "/orders/",
  shipments: "/shipments",
  settings: "/settings/companies",
  setupBasicInformation: "/setup/basic_information",
  setupStores: "/setup/stores",
  setupCarriers: "/setup/carriers",
  setupRegister: "/setup/register",
  setupStoresCompleted: "/setup/stores/shopify/completed",
} as const;
type PathKind = keyof typeof pathKinds;

const publicKinds: PathKind[] = ["login", "signup", "password_reset", "email_verification"];
const setupKinds: PathKind[] = [
  "setupBasicInformation",
  "setupStores",
  "setupCarriers",
  "setupRegister",
  "setupStoresCompleted",
];
const appKinds: PathKind[] = ["orders", "ordersWithSlash", "shipments", "settings"];

describe("signed out", () => {
  it.each(Object.entries(pathKinds))("%s (%s)", (kind, pathname) => {
    const expected = publicKinds.includes(kind as PathKind) ? null : { href: "/login", reason: "sign_in" };
    expect(decide({ pathname })).toEqual(expected);
  });

  it.each(publicPaths)("stays on the public page %s", (pathname) => {
    expect(decide({ pathname, search: shopifyQuery })).toBeNull();
  });

  it.each(["/settings/stores/shopify/completed", "/setup/stores/shopify/completed"])(
    "the shop-authorisation return %s goes to /login carrying its query",
    (pathname) => {
      expect(decide({ pathname, search: shopifyQuery })).toEqual({
        href: `/login${shopifyQuery}`,
        reason: "sign_in",
      });
    },
  );

  it("the completed path without all five parameters goes to plain /login", () => {
    const fourOfFive = "?code=abc123&hmac=f00d&host=YWRtaW4&shop=okuru-demo.myshopify.com";
    expect(decide({ pathname: "/settings/stores/shopify/completed", search: fourOfFive })).toEqual({
      href: "/login",
      reason: "sign_in",
    });
    expect(
      decide({ pathname: "/settings/stores/shopify/completed", search: `${fourOfFive}&timestamp=` }),
    ).toEqual({ href: "/login", reason: "sign_in" });
  });
});

describe("signed in, email not verified", () => {
  it.each(Object.entries(pathKinds))("%s (%s)", (kind, pathname) => {
    const expected =
      kind === "email_verification" ? null : { href: "/email_verification", reason: "verify_email" };
    for (const setupStatus of [undefined, ...setupStatuses]) {
      expect(decide({ signedIn: true, emailVerified: false, setupStatus, pathname })).toEqual(expected);
    }
  });
});

describe("signed in and verified: setupStatus × kind of page", () => {
  const cases: [SetupStatus, PathKind][] = setupStatuses.flatMap((status) =>
    (Object.keys(pathKinds) as PathKind[]).map((kind): [SetupStatus, PathKind] => [status, kind]),
  );

  /**
   * docs/requirements.md#redirect-rules, written out per status rather than derived from the
   * implementation.
   */
  function expected(status: SetupStatus, kind: PathKind) {
    if (status === "done") {
      if (kind === "root" || publicKinds.includes(kind) || setupKinds.includes(kind)) {
        return { href: ordersHome, reason: "setup_done" };
      }
      return null;
    }
    const own = `/setup/${status}`;
    const path = pathKinds[kind];
    if (path === own || path.startsWith(`${own}/`)) return null;
    return { href: own, reason: "setup_incomplete", warning: setupIncompleteWarning };
  }

  it.each(cases)("%s on %s", (setupStatus, kind) => {
    expect(decide({ ...signedIn, setupStatus, pathname: pathKinds[kind] })).toEqual(
      expected(setupStatus, kind),
    );
  });

  it("sends a finished company to exactly /orders/?tab_key=notShipped", () => {
    expect(decide({ ...signedIn, setupStatus: "done", pathname: "/" })?.href).toBe(
      "/orders/?tab_key=notShipped",
    );
  });

  it.each(setupSteps)("an unfinished company (%s) is warned in Japanese", (setupStatus) => {
    const target = decide({ ...signedIn, setupStatus, pathname: "/orders" });
    expect(target).toEqual({
      href: `/setup/${setupStatus}`,
      reason: "setup_incomplete",
      warning: "初期設定を完了させてください",
    });
  });

  it.each(appKinds)("a finished company stays on %s", (kind) => {
    expect(
      decide({ ...signedIn, setupStatus: "done", pathname: pathKinds[kind], search: "?tab_key=shipped" }),
    ).toBeNull();
  });

  it("does nothing while the setupStatus is unknown", () => {
    for (const pathname of Object.values(pathKinds)) {
      expect(decide({ ...signedIn, setupStatus: undefined, pathname })).toBeNull();
    }
  });
});

describe("shop-authorisation return (all five parameters)", () => {
  it.each(setupStatuses)("from /login with setupStatus %s", (setupStatus) => {
    const target =
      setupStatus === "done" ? "/settings/stores/shopify/completed" : "/setup/stores/shopify/completed";
    expect(decide({ ...signedIn, setupStatus, pathname: "/login", search: shopifyQuery })).toEqual({
      href: `${target}${shopifyQuery}`,
      reason: "shopify_return",
    });
  });

  it("accepts the query string without its leading ?", () => {
    expect(
      decide({ ...signedIn, setupStatus: "done", pathname: "/login", search: shopifyQuery.slice(1) }),
    ).toEqual({
      href: `/settings/stores/shopify/completed${shopifyQuery}`,
      reason: "shopify_return",
    });
  });

  it("moves between the two completed pages by setup state", () => {
    expect(
      decide({
        ...signedIn,
        setupStatus: "done",
        pathname: "/setup/stores/shopify/completed",
        search: shopifyQuery,
      }),
    ).toEqual({ href: `/settings/stores/shopify/completed${shopifyQuery}`, reason: "shopify_return" });
    expect(
      decide({
        ...signedIn,
        setupStatus: "stores",
        pathname: "/settings/stores/shopify/completed",
        search: shopifyQuery,
      }),
    ).toEqual({ href: `/setup/stores/shopify/completed${shopifyQuery}`, reason: "shopify_return" });
  });

  it.each(setupStatuses)("stays on the matching completed page (%s)", (setupStatus) => {
    const pathname =
      setupStatus === "done" ? "/settings/stores/shopify/completed" : "/setup/stores/shopify/completed";
    expect(decide({ ...signedIn, setupStatus, pathname, search: shopifyQuery })).toBeNull();
  });
});

describe("/settings/stores/shopify", () => {
  it("never redirects for auth", () => {
    expect(decide({ pathname: "/settings/stores/shopify" })).toBeNull();
    expect(decide({ signedIn: true, emailVerified: false, pathname: "/settings/stores/shopify" })).toBeNull();
    for (const setupStatus of setupStatuses) {
      expect(decide({ ...signedIn, setupStatus, pathname: "/settings/stores/shopify" })).toBeNull();
    }
  });
});

describe("hasShopifyReturnQuery", () => {
  it.each([
    [shopifyQuery, true],
    [shopifyQuery.slice(1), true],
    [`${shopifyQuery}&locale=ja`, true],
    ["?code=abc123&hmac=f00d&host=YWRtaW4&shop=okuru-demo.myshopify.com", false],
    ["?code=abc123&hmac=f00d&host=YWRtaW4&shop=okuru-demo.myshopify.com&timestamp=", false],
    ["?code=&hmac=f00d&host=YWRtaW4&shop=okuru-demo.myshopify.com&timestamp=1735689600", false],
    ["", false],
  ])("%s → %s", (search, expected) => {
    expect(hasShopifyReturnQuery(search)).toBe(expected);
    expect(hasShopifyReturnQuery(new URLSearchParams(search))).toBe(expected);
  });
});

describe("the shop-authorisation return end to end (signed out → /login → signed in)", () => {
  const query = `${shopifyQuery}&locale=ja`;

  it.each([
    ["/settings/stores/shopify/completed", "done", "/settings/stores/shopify/completed"],
    ["/settings/stores/shopify/completed", "basic_information", "/setup/stores/shopify/completed"],
    ["/setup/stores/shopify/completed", "stores", "/setup/stores/shopify/completed"],
    ["/setup/stores/shopify/completed", "done", "/settings/stores/shopify/completed"],
  ] as const)("%s with setupStatus %s ends on %s with the whole query", (start, setupStatus, end) => {
    const toLogin = decide({ pathname: start, search: query });
    expect(toLogin).toEqual({ href: `/login${query}`, reason: "sign_in" });

    const login = new URL(toLogin!.href, "http://localhost");
    const afterLogin = decide({ ...signedIn, setupStatus, pathname: login.pathname, search: login.search });
    expect(afterLogin).toEqual({ href: `${end}${query}`, reason: "shopify_return" });

    const landed = new URL(afterLogin!.href, "http://localhost");
    expect(decide({ ...signedIn, setupStatus, pathname: landed.pathname, search: landed.search })).toBeNull();
  });

  it("a signed-in user whose email is not verified goes to /email_verification first, the query kept", () => {
    const unverified = { signedIn: true, emailVerified: false } as const;
    const toVerify = decide({ ...unverified, pathname: "/login", search: shopifyQuery });
    expect(toVerify).toEqual({ href: `/email_verification${shopifyQuery}`, reason: "verify_email" });

    const verification = new URL(toVerify!.href, "http://localhost");
    const page = { pathname: verification.pathname, search: verification.search };
    expect(decide({ ...unverified, ...page })).toBeNull();
    expect(decide({ ...signedIn, setupStatus: "done", ...page })).toEqual({
      href: `/settings/stores/shopify/completed${shopifyQuery}`,
      reason: "shopify_return",
    });
  });
});
