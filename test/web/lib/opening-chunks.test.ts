import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { openingFiles, openingRoutes, preloadOpeningChunks } from "../../../web/src/opening-chunks";

/** Every route of the app, named as its file (src/routes), as the build lists them. */
const routes = readdirSync(resolve(import.meta.dirname, "../../../web/src/routes"))
  .filter((file) => file.endsWith(".tsx"))
  .map((file) => file.replace(/\.tsx$/, ""));

describe("the routes a URL opens on", () => {
  it.each([
    ["/orders", ["_authed", "_authed._app", "_authed._app.orders", "_authed._app.orders.index"]],
    ["/orders/", ["_authed", "_authed._app", "_authed._app.orders", "_authed._app.orders.index"]],
    [
      "/orders/ord_01J9Z8",
      ["_authed", "_authed._app", "_authed._app.orders", "_authed._app.orders.$orderId"],
    ],
    ["/login", ["_public", "_public.login"]],
    ["/", ["_authed", "_authed.index"]],
    // A step's own route before the one of any step (left the register status).
    ["/setup/carriers", ["_authed", "_authed.setup", "_authed.setup.carriers"]],
    ["/setup/register", ["_authed", "_authed.setup", "_authed.setup.$step"]],
    [
      "/setup/stores/shopify/completed",
      ["_authed", "_authed.setup", "_authed.setup.stores_.shopify.completed"],
    ],
    ["/settings", ["_authed", "_authed._app", "_authed._app.settings", "_authed._app.settings.index"]],
    // `stores_`: under 設定 but not inside the stores page.
    [
      "/settings/stores/shopify/completed",
      ["_authed", "_authed._app", "_authed._app.settings", "_authed._app.settings.stores_.shopify.completed"],
    ],
    ["/settings/stores/shopify", ["settings.stores.shopify.index"]],
    // A path no page claims: the catch-all's error page.
    ["/no-such-page/at-all", ["_authed", "_authed._app", "_authed._app.$"]],
    // Encoded segments are compared decoded.
    ["/%6Frders", ["_authed", "_authed._app", "_authed._app.orders", "_authed._app.orders.index"]],
  ])("%s", (pathname, expected) => {
    expect(openingRoutes(routes, pathname).sort()).toEqual([...expected].sort());
  });

  it("is nothing when no route serves the path", () => {
    expect(openingRoutes(["_public.login"], "/orders")).toEqual([]);
  });
});

describe("preloading them", () => {
  const chunks = {
    files: ["assets/_public.login-A.js", "assets/public-B.js", "assets/public-C.css", "assets/orders-D.js"],
    routes: { _public: [1, 2], "_public.login": [0, 1, 2], "_authed._app.orders": [3] },
  };

  it("gives each file of the opening routes once", () => {
    expect(openingFiles(chunks, "/login")).toEqual([
      "assets/public-B.js",
      "assets/public-C.css",
      "assets/_public.login-A.js",
    ]);
  });

  it("links scripts as module preloads and stylesheets as preloads only, from the list in the page", () => {
    const list = document.createElement("script");
    list.type = "application/json";
    list.id = "opening-chunks";
    list.textContent = JSON.stringify(chunks);
    document.head.append(list);
    try {
      preloadOpeningChunks(document, "/login");
      const links = [...document.head.querySelectorAll("link")].map((link) => ({
        rel: link.rel,
        as: link.getAttribute("as"),
        href: link.getAttribute("href"),
        crossorigin: link.getAttribute("crossorigin"),
      }));
      expect(links).toEqual([
        { rel: "modulepreload", as: null, href: "/assets/public-B.js", crossorigin: "" },
        { rel: "preload", as: "style", href: "/assets/public-C.css", crossorigin: "" },
        { rel: "modulepreload", as: null, href: "/assets/_public.login-A.js", crossorigin: "" },
      ]);
    } finally {
      list.remove();
      for (const link of document.head.querySelectorAll("link")) link.remove();
    }
  });

  it("does nothing without a list, or with one that does not parse", () => {
    preloadOpeningChunks(document, "/login");
    const list = document.createElement("script");
    list.id = "opening-chunks";
    list.textContent = "{not json";
    document.head.append(list);
    preloadOpeningChunks(document, "/login");
    list.remove();
    expect(document.head.querySelectorAll("link")).toHaveLength(0);
  });
});
