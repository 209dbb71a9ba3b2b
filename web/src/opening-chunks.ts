/**
 * The code of the screen a URL opens on, asked for as the page starts rather than once the
 * app's first chunks have arrived and run. The router fetches a route's chunks only when it
 * starts (src/router-preload.ts): on a slow line that was after the framework's 100 KB, so
 * the screen's own 45 KB came in a second wave (issue 27 §13's waterfall). The build lists
 * each route's files in index.html (web/scripts/preload-app-chunk.ts); main.tsx, which runs
 * first, links those of the routes `location.pathname` opens as modulepreloads, which the
 * router's own imports then find fetched.
 *
 * Routes are named as their files in src/routes are (TanStack's file-based routing): a
 * dotted path where `_name` is a layout without a path segment, `name_` a segment that is
 * not nested in the route named `name`, `$name` one segment's parameter, `$` the rest of
 * the path, and `index` the route of its parent's own path.
 */

/** What index.html carries: the files once, and each route's by their position. */
export interface OpeningChunks {
  files: string[];
  routes: Record<string, number[]>;
}

export const OPENING_CHUNKS_ELEMENT_ID = "opening-chunks";

type Segment = { kind: "static"; text: string } | { kind: "param" } | { kind: "splat" };

function segmentsOf(route: string): { segments: Segment[]; index: boolean } {
  const segments: Segment[] = [];
  let index = false;
  for (const part of route.split(".")) {
    if (part === "__root" || part.startsWith("_")) continue;
    if (part === "index") index = true;
    else if (part === "$") segments.push({ kind: "splat" });
    else if (part.startsWith("$")) segments.push({ kind: "param" });
    else segments.push({ kind: "static", text: part.replace(/_$/, "") });
  }
  return { segments, index };
}

/** How well `route` serves `path` alone, higher being more specific; null if it does not. */
function fit(route: string, path: string[]): number[] | null {
  const { segments, index } = segmentsOf(route);
  let statics = 0;
  let params = 0;
  for (const [i, segment] of segments.entries()) {
    if (segment.kind === "splat") return [statics, params, 0, 0];
    const given = path[i];
    if (given === undefined) return null;
    if (segment.kind === "param") params += 1;
    else if (segment.text === given) statics += 1;
    else return null;
  }
  if (segments.length !== path.length) return null;
  return [statics, params, 1, index ? 1 : 0];
}

const better = (a: number[], b: number[]) => {
  for (const [i, value] of a.entries()) if (value !== b[i]) return value > (b[i] ?? 0);
  return false;
};

/**
 * The routes that draw `pathname`: the one that serves it most specifically (a static
 * segment before a parameter, a parameter before the rest-of-path route, an index before
 * its layout) and the layouts around it.
 */
export function openingRoutes(routes: string[], pathname: string): string[] {
  const path = pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  let leaf: string | undefined;
  let leafFit: number[] | undefined;
  for (const route of routes) {
    const score = fit(route, path);
    if (score && (!leafFit || better(score, leafFit))) {
      leaf = route;
      leafFit = score;
    }
  }
  if (leaf === undefined) return [];
  const parts = leaf.split(".");
  const layouts = new Set(parts.map((_, i) => parts.slice(0, i + 1).join(".")));
  return routes.filter((route) => layouts.has(route));
}

/** The files of the routes that draw `pathname`, once each. */
export function openingFiles(chunks: OpeningChunks, pathname: string): string[] {
  const files = new Set<string>();
  for (const route of openingRoutes(Object.keys(chunks.routes), pathname))
    for (const position of chunks.routes[route] ?? []) {
      const file = chunks.files[position];
      if (file !== undefined) files.add(file);
    }
  return [...files];
}

/** Links the opening screen's files (read from index.html) for the browser to fetch now. */
export function preloadOpeningChunks(document: Document, pathname: string): void {
  const listed = document.getElementById(OPENING_CHUNKS_ELEMENT_ID)?.textContent;
  if (!listed) return;
  let chunks: OpeningChunks;
  try {
    chunks = JSON.parse(listed);
  } catch {
    return;
  }
  for (const file of openingFiles(chunks, pathname)) {
    const link = document.createElement("link");
    const style = file.endsWith(".css");
    // A stylesheet is only fetched here: Vite's loader links it, in its order, as the route loads.
    link.rel = style ? "preload" : "modulepreload";
    if (style) link.as = "style";
    link.crossOrigin = "";
    link.href = `/${file}`;
    document.head.append(link);
  }
}
