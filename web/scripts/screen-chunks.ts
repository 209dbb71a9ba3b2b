import { dirname, resolve } from "node:path";

/**
 * Chunks by the screen that needs them, so that the first screen of a URL arrives in a
 * dozen files rather than the fifty to ninety Rolldown made of it by default (one chunk per
 * combination of routes sharing a module: Button, TextInput, an icon, each on its own, each
 * a round trip on a slow line).
 *
 * A module goes to
 * - "startup" when src/app.tsx needs it (the providers, the router, the route tree's guards
 *   and search schemas): every URL runs it first;
 * - the chunk of the one family of screens that needs it (the sign-in pages, 注文リスト,
 *   出荷履歴, 設定, the setup wizard);
 * - "shell" when the signed-in layout needs it (it is under every signed-in page), "pages"
 *   when several signed-in families share it, "common" when sign-in and signed-in pages do;
 *   of the last two, what neither 注文リスト nor 出荷履歴 needs goes to "more-pages" and
 *   "more-common": a signed-in merchant lands on the order list and works in both lists
 *   every day, and their first screens load no module of the settings' and setup's forms
 *   (their zod, @mantine/form, their phone numbers) for a button they share with them.
 *   A chunk of what only the history shares would be one more file for 設定 and /login.
 * What main.tsx imports itself stays out of them all: it must run even when the app fails.
 * A route's own code (its split `?tsr-split` modules) keeps its chunk: /login never
 * fetches the order list.
 *
 * Who needs a module is read from the import graph, but through a package's index
 * (`import { Button } from "@mantine/core"`) only to the modules of the names imported:
 * every screen imports the index, and the index imports every component.
 */
type ModuleInfo = {
  id: string;
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
} | null;
type Context = { getModuleInfo(id: string): ModuleInfo };

const routeFamilies: [family: string, route: RegExp][] = [
  ["public", /[\\/]routes[\\/]_public[^\\/]*$/],
  ["orders", /[\\/]routes[\\/]_authed\._app\.orders[^\\/]*$/],
  ["shipments", /[\\/]routes[\\/]_authed\._app\.shipments[^\\/]*$/],
  ["settings", /[\\/]routes[\\/](_authed\._app\.settings|settings\.)[^\\/]*$/],
  ["setup", /[\\/]routes[\\/]_authed\.setup[^\\/]*$/],
  // The signed-in layouts (_authed, _authed._app, the catch-all): under every signed-in page.
  ["shell", /[\\/]routes[\\/]_authed[^\\/]*$/],
];

/**
 * The lists: the screen a signed-in merchant lands on (`/` sends there:
 * docs/requirements.md#redirect-rules), and 出荷履歴, opened as often.
 */
const listFamilies = ["orders", "shipments"];

const signedInFamilies = new Set(["orders", "shipments", "settings", "setup", "shell"]);

/** `import { a, b as c } from "x"` and `export { a } from "x"`: the names taken from each source. */
const namedFrom = /(?:import|export)\s*(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const wholeFrom =
  /(?:import\s*(?:[\w$]+|\*\s*as\s*[\w$]+)|export\s*\*(?:\s*as\s*[\w$]+)?)\s*from\s*["']([^"']+)["']/g;

function importedNames(list: string): string[] {
  return list
    .split(",")
    .map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)[0]!
        .replace(/^type\s+/, ""),
    )
    .filter(Boolean);
}

function packageOf(id: string): string | undefined {
  return /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(id)?.[1]?.replace(/\\/g, "/");
}

export function screenChunks(appEntry: string, mainEntry: string) {
  const familiesOf = new Map<string, Set<string>>();
  let analysed = false;

  /** What `importer` really uses of `imported`: the modules behind the names it takes from a package index. */
  function edges(ctx: Context, importer: NonNullable<ModuleInfo>): string[] {
    const code = importer.code ?? "";
    const out: string[] = [];
    for (const importedId of importer.importedIds) {
      const pkg = packageOf(importedId);
      const index = pkg ? ctx.getModuleInfo(importedId) : null;
      const names = pkg && packageOf(importer.id) !== pkg ? namesTaken(code, pkg) : undefined;
      const behind = names && index ? modulesBehind(index, names) : undefined;
      out.push(...(behind ?? [importedId]));
    }
    return out;
  }

  /** The names `code` imports from the package itself (not a subpath); undefined when it takes it whole. */
  function namesTaken(code: string, pkg: string): Set<string> | undefined {
    const names = new Set<string>();
    for (const [, list, source] of code.matchAll(namedFrom))
      if (source === pkg) for (const name of importedNames(list!)) names.add(name);
    for (const [, source] of code.matchAll(wholeFrom)) if (source === pkg) return undefined;
    return names.size ? names : undefined;
  }

  /** The modules a package index takes `names` from; undefined when the index is not one. */
  function modulesBehind(index: NonNullable<ModuleInfo>, names: Set<string>): string[] | undefined {
    const code = index.code ?? "";
    const sources = new Map<string, string>();
    for (const [, list, source] of code.matchAll(namedFrom))
      for (const name of importedNames(list!)) sources.set(name, source!);
    if (sources.size < 10 || [...code.matchAll(wholeFrom)].length) return undefined;
    const out = new Set<string>();
    for (const name of names) {
      const source = sources.get(name);
      if (!source) return undefined;
      // A name the index passes on from another package is that package's to resolve.
      const target = source.startsWith(".") ? resolve(dirname(index.id), source) : undefined;
      const found = index.importedIds.find((id) =>
        target ? id === target || id.startsWith(`${target}?`) : packageOf(id) === source,
      );
      if (!found) return undefined;
      out.add(found);
    }
    return [...out];
  }

  function mark(ctx: Context, from: string, family: string) {
    const stack = [from];
    const seen = new Set<string>();
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const families = familiesOf.get(id) ?? new Set<string>();
      families.add(family);
      familiesOf.set(id, families);
      const info = ctx.getModuleInfo(id);
      if (info) stack.push(...edges(ctx, info));
    }
  }

  function analyse(ctx: Context) {
    analysed = true;
    // main.tsx catches the app's start-up errors (a wrong configuration): nothing it imports
    // itself may join a chunk that holds the app, or the error would escape it.
    mark(ctx, mainEntry, "entry");
    mark(ctx, appEntry, "startup");
    // The route tree (imported by app.tsx) imports each route's file; a route's screen is
    // in the parts the router plugin split off, which that file imports on demand.
    const routeTree = [...familiesOf.keys()].find((id) => /routeTree\.gen\.ts$/.test(id));
    for (const route of routeTree ? (ctx.getModuleInfo(routeTree)?.importedIds ?? []) : []) {
      const family = routeFamilies.find(([, pattern]) => pattern.test(route))?.[0];
      if (!family) continue;
      for (const split of ctx.getModuleInfo(route)?.dynamicallyImportedIds ?? [])
        if (split.includes("tsr-split")) mark(ctx, split, family);
    }
  }

  return {
    /** A fresh analysis for each build (a watched build sees a new graph). */
    reset() {
      familiesOf.clear();
      analysed = false;
    },
    name(id: string, ctx: Context): string | null {
      if (!analysed) analyse(ctx);
      const families = familiesOf.get(id);
      if (!families || families.has("entry") || id === appEntry || id.includes("tsr-split")) return null;
      if (families.has("startup")) return "startup";
      if (families.size === 1) return [...families][0]!;
      const signedInOnly = [...families].every((family) => signedInFamilies.has(family));
      // The signed-in layout is under every signed-in page: what it needs comes with it.
      if (signedInOnly && families.has("shell")) return "shell";
      const name = signedInOnly ? "pages" : "common";
      // The lists are drawn in the signed-in layout: what the layout needs, they need.
      const forLists = families.has("shell") || listFamilies.some((family) => families.has(family));
      return forLists ? name : `more-${name}`;
    },
  };
}
