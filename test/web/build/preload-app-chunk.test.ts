import { describe, expect, it } from "vitest";
import { preloadAppChunk } from "../../../web/scripts/preload-app-chunk";

type Handler = (html: string, context: { bundle?: Record<string, unknown> }) => unknown;

const chunk = (fileName: string, extra: { facadeModuleId?: string; [key: string]: unknown } = {}) => ({
  type: "chunk",
  fileName,
  imports: [],
  isEntry: false,
  facadeModuleId: null,
  moduleIds: extra.facadeModuleId ? [extra.facadeModuleId] : [],
  ...extra,
});

describe("index.html lists the app's chunk", () => {
  const handler = (preloadAppChunk().transformIndexHtml as { handler: Handler }).handler;

  it("preloads the app's chunk and its imports and links its stylesheet, but not the entry again", () => {
    const bundle = {
      "assets/index.js": chunk("assets/index.js", { isEntry: true }),
      "assets/app.js": chunk("assets/app.js", {
        facadeModuleId: `${process.cwd()}/web/src/app.tsx`,
        imports: ["assets/framework.js", "assets/index.js"],
        viteMetadata: { importedCss: new Set(["assets/app.css"]) },
      }),
      "assets/framework.js": chunk("assets/framework.js"),
    };
    expect(handler("", { bundle })).toEqual([
      {
        tag: "script",
        attrs: { type: "application/json", id: "opening-chunks" },
        children: JSON.stringify({ files: [], routes: {} }),
        injectTo: "head",
      },
      {
        tag: "link",
        attrs: { rel: "stylesheet", crossorigin: true, href: "/assets/app.css" },
        injectTo: "head",
      },
      {
        tag: "link",
        attrs: { rel: "modulepreload", crossorigin: true, href: "/assets/app.js" },
        injectTo: "head",
      },
      {
        tag: "link",
        attrs: { rel: "modulepreload", crossorigin: true, href: "/assets/framework.js" },
        injectTo: "head",
      },
    ]);
  });

  it("lists each route's component with the chunks and stylesheets it imports, less what the page links", () => {
    const bundle = {
      "assets/index.js": chunk("assets/index.js", { isEntry: true }),
      "assets/app.js": chunk("assets/app.js", {
        facadeModuleId: `${process.cwd()}/web/src/app.tsx`,
        imports: ["assets/framework.js"],
      }),
      "assets/framework.js": chunk("assets/framework.js"),
      "assets/orders.js": chunk("assets/orders.js", {
        imports: ["assets/framework.js"],
        viteMetadata: { importedCss: new Set(["assets/orders.css"]) },
      }),
      "assets/_authed._app.orders.js": chunk("assets/_authed._app.orders.js", {
        facadeModuleId: `${process.cwd()}/web/src/routes/_authed._app.orders.tsx?tsr-split=component`,
        imports: ["assets/orders.js", "assets/framework.js"],
      }),
      "assets/_authed.js": chunk("assets/_authed.js", {
        facadeModuleId: `${process.cwd()}/web/src/routes/_authed.tsx?tsr-split=component`,
      }),
      // Fetched only when the page fails: not listed.
      "assets/_authed-error.js": chunk("assets/_authed-error.js", {
        facadeModuleId: `${process.cwd()}/web/src/routes/_authed.tsx?tsr-split=errorComponent`,
      }),
      // A tab of 設定 whose route shares the chunk of its screen's code, with no facade.
      "assets/settings-users.js": chunk("assets/settings-users.js", {
        moduleIds: [
          `${process.cwd()}/web/src/components/UsersSettings/UsersSettings.tsx`,
          `${process.cwd()}/web/src/routes/_authed._app.settings.users.tsx?tsr-split=component`,
        ],
        imports: ["assets/framework.js"],
      }),
      "assets/evil.js": chunk("assets/</script><script>alert(1)//.js", {
        facadeModuleId: `${process.cwd()}/web/src/routes/_public.login.tsx?tsr-split=component`,
      }),
    };
    const [list] = handler("", { bundle }) as [{ children: string }];
    expect(list.children).not.toContain("</script>");
    expect(JSON.parse(list.children)).toEqual({
      files: [
        "assets/_authed._app.orders.js",
        "assets/orders.js",
        "assets/orders.css",
        "assets/_authed.js",
        "assets/settings-users.js",
        "assets/</script><script>alert(1)//.js",
      ],
      routes: {
        "_authed._app.orders": [0, 1, 2],
        _authed: [3],
        "_authed._app.settings.users": [4],
        "_public.login": [5],
      },
    });
  });

  it("fails the build when the app has no chunk of its own", () => {
    expect(() =>
      handler("", { bundle: { "assets/index.js": chunk("assets/index.js", { isEntry: true }) } }),
    ).toThrow(/src\/app.tsx/);
  });
});
