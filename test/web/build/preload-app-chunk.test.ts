import { describe, expect, it } from "vitest";
import { preloadAppChunk } from "../../../web/scripts/preload-app-chunk";

type Handler = (html: string, context: { bundle?: Record<string, unknown> }) => unknown;

const chunk = (fileName: string, extra: Record<string, unknown> = {}) => ({
  type: "chunk",
  fileName,
  imports: [],
  isEntry: false,
  facadeModuleId: null,
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

  it("fails the build when the app has no chunk of its own", () => {
    expect(() =>
      handler("", { bundle: { "assets/index.js": chunk("assets/index.js", { isEntry: true }) } }),
    ).toThrow(/src\/app.tsx/);
  });
});
