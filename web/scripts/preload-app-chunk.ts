import type { Plugin, Rollup } from "vite";
import { OPENING_CHUNKS_ELEMENT_ID, type OpeningChunks } from "../src/opening-chunks";

/** A route's component, split by the router plugin (its error component is fetched only on an error). */
const routeChunk = /[\\/]src[\\/]routes[\\/]([^\\/?]+)\.tsx\?tsr-split=component$/;

/**
 * Each route's split chunks with the chunks they import and their stylesheets, leaving out
 * what index.html links already: what src/opening-chunks.ts preloads for the opening URL.
 */
function openingChunks(bundle: Rollup.OutputBundle, linked: Set<string>): OpeningChunks {
  const files: string[] = [];
  const positions = new Map<string, number>();
  const position = (file: string) => {
    let at = positions.get(file);
    if (at === undefined) {
      at = files.push(file) - 1;
      positions.set(file, at);
    }
    return at;
  };
  const routes: Record<string, number[]> = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== "chunk") continue;
    // A route's split component may share its chunk (a tab of 設定 with its screen's code:
    // web/scripts/screen-chunks.ts), so the chunk's modules are read, not its facade.
    const routesHere = output.moduleIds.flatMap((id) => routeChunk.exec(id)?.[1] ?? []);
    for (const route of routesHere) {
      const reached = new Set<string>();
      const reach = (chunk: Rollup.OutputChunk) => {
        if (reached.has(chunk.fileName)) return;
        reached.add(chunk.fileName);
        for (const style of chunk.viteMetadata?.importedCss ?? []) reached.add(style);
        for (const file of chunk.imports) {
          const imported = bundle[file];
          if (imported?.type === "chunk") reach(imported);
        }
      };
      reach(output);
      const own = [...reached].filter((file) => !linked.has(file)).map(position);
      routes[route] = [...new Set([...(routes[route] ?? []), ...own])];
    }
  }
  return { files, routes };
}

/**
 * Lists the app's chunk (src/app.tsx, which src/main.tsx imports dynamically so that a
 * configuration error becomes a readable page) and the chunks it imports as
 * modulepreload links in index.html. Without them the browser learnt of the app only
 * once main.js had arrived and run: one more round trip before the first screen. Its
 * stylesheets are linked as well (Vite's loader sees them there and does not add them again).
 * With them goes the list of every route's files, from which main.tsx preloads the screen
 * the URL opens on (src/opening-chunks.ts).
 */
export function preloadAppChunk(): Plugin {
  return {
    name: "okuru:preload-app-chunk",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith("/src/app.tsx"));
        if (!app) throw new Error("preloadAppChunk: the build has no chunk for src/app.tsx");
        const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
        const scripts = [app.fileName, ...app.imports].filter((file) => !entries.has(file));
        // The app's stylesheets may sit with the chunks it imports (web/scripts/screen-chunks.ts).
        const styles = [app, ...app.imports.map((file) => bundle[file])].flatMap((chunk) =>
          chunk?.type === "chunk" ? [...(chunk.viteMetadata?.importedCss ?? [])] : [],
        );
        const linked = new Set([...entries, ...scripts, ...styles]);
        return [
          {
            tag: "script",
            attrs: { type: "application/json", id: OPENING_CHUNKS_ELEMENT_ID },
            // "<" escaped: a file name cannot end the script element early.
            children: JSON.stringify(openingChunks(bundle, linked)).replace(/</g, "\\u003c"),
            injectTo: "head" as const,
          },
          ...styles.map((file) => ({
            tag: "link",
            attrs: { rel: "stylesheet", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          })),
          ...scripts.map((file) => ({
            tag: "link",
            attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
            injectTo: "head" as const,
          })),
        ];
      },
    },
  };
}
