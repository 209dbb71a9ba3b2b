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
 * - the chunk of the one family of screens that needs it: the sign-in pages, 注文リスト,
 *   出荷履歴, the settings layout, each tab of 設定 (settings-users…), the setup wizard's
 *   frame and other pages ("setup") and each of its steps (setup-stores), the signed-in
 *   layouts ("shell");
 * - "shell" when the signed-in layouts need it (they are under every signed-in page), or the
 *   lists share it with the wizard (a table, a check icon: the wizard would load "pages"),
 *   or the settings layout does (permissions);
 * - among signed-in pages other than the lists: "settings" when the settings layout needs
 *   it (so every tab does), "settings-tabs" when several tabs share it, "setup" when only
 *   the wizard does, "<tab>-setup" when one tab shares it with one step (the step draws the
 *   tab's screen: settings-stores-setup), "more-pages" for the rest;
 * - "list-pages" when only the lists share it, "pages" when a list shares it with 設定:
 *   a tab of 設定 loads what it shares with the lists without what only they draw;
 * - "common" when sign-in and signed-in pages share it and a list or the layouts need it,
 *   "more-common" otherwise: the lists' first screens load no module of the forms of 設定 and
 *   the sign-in pages (@mantine/form) for a button they share with them.
 * What main.tsx imports itself stays out of them all: it must run even when the app fails.
 * A route's own code (its split `?tsr-split` modules) keeps its chunk, /login never fetching
 * the sign-up page nor the order list its drawer's route, except in the families of a single
 * screen (a tab of 設定) or under every page (the signed-in layouts): there it joins the
 * family's chunk, one file fewer.
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

/** The family of screens a route file belongs to; undefined for the root. */
function familyOf(route: string): string | undefined {
  const file = /[\\/]routes[\\/]([^\\/]+)\.tsx$/.exec(route)?.[1];
  if (!file || file === "__root") return undefined;
  if (file.startsWith("_public")) return "public";
  if (file.startsWith("_authed._app.orders")) return "orders";
  if (file.startsWith("_authed._app.shipments")) return "shipments";
  if (file === "_authed._app.settings") return "settings";
  // Each tab of 設定 is a family of its own (settings:users…), with the pages under it.
  const tab = /^_authed\._app\.settings\.([^._]+)/.exec(file)?.[1];
  if (tab) return `settings:${tab}`;
  if (file.startsWith("settings.stores.shopify")) return "shopify-install";
  // Each step of the wizard is a family of its own (setup:stores…), as a tab of 設定 is.
  const step = /^_authed\.setup\.([a-z_]+)$/.exec(file)?.[1];
  if (step) return `setup:${step}`;
  if (file.startsWith("_authed.setup")) return "setup";
  // The signed-in layouts (_authed, _authed._app, the catch-all): under every signed-in page.
  if (file.startsWith("_authed")) return "shell";
  return undefined;
}

const isSettings = (family: string) => family === "settings" || family.startsWith("settings:");
/** The wizard's steps (setup:stores…), and its frame and other pages ("setup"). */
const isSetup = (family: string) => family === "setup" || family.startsWith("setup:");

/**
 * Families of one screen and the layouts over them, whose route code joins their chunk:
 * one file fewer for each (the signed-in layouts are under every signed-in page; a tab
 * of 設定 is one page). The sign-in pages, the lists and the wizard keep theirs apart:
 * /login never fetches the sign-up page, nor an order list the order drawer's route.
 */
const joinsChunk = (family: string) =>
  family === "shell" || family === "shopify-install" || isSettings(family) || family.startsWith("setup:");

/**
 * The setup wizard's frame, under each of its pages: its route code joins the wizard's
 * chunk. Not the wizard's other pages' (the return from Shopify draws a part of ストア管理).
 */
const wizardFrame = /[\\/]routes[\\/]_authed\.setup\.tsx\?tsr-split/;

/** A family's chunk: settings:users goes to settings-users. */
const chunkName = (family: string) => family.replace(":", "-");

/**
 * The lists: the screen a signed-in merchant lands on (`/` sends there:
 * docs/requirements.md#redirect-rules), and 出荷履歴, opened as often.
 */
const listFamilies = ["orders", "shipments"];

const signedIn = (family: string) =>
  ["orders", "shipments", "shell"].includes(family) || isSettings(family) || isSetup(family);

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
      const family = familyOf(route);
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
      if (!families || families.has("entry") || id === appEntry) return null;
      if (id.includes("tsr-split")) {
        const [family] = families;
        return families.size === 1 && (joinsChunk(family!) || wizardFrame.test(id))
          ? chunkName(family!)
          : null;
      }
      if (families.has("startup")) return "startup";
      if (families.size === 1) return chunkName([...families][0]!);
      const signedInOnly = [...families].every(signedIn);
      // The signed-in layout is under every signed-in page: what it needs comes with it.
      if (signedInOnly && families.has("shell")) return "shell";
      const list = [...families].some((family) => listFamilies.includes(family));
      const steps = [...families].filter((family) => family.startsWith("setup:"));
      const wizard = families.has("setup") || steps.length > 0;
      if (signedInOnly && !list) {
        // What the settings layout needs, every tab needs; what the wizard shares with it
        // (who may change settings) goes where the wizard finds it without the layout's tabs.
        if (families.has("settings")) return wizard ? "shell" : "settings";
        const tabs = [...families].filter(isSettings);
        if (tabs.length === families.size) return "settings-tabs";
        if ([...families].every(isSetup)) return "setup";
        // The wizard's forms (lib/form, FormAlert), and the shop's authorisation result.
        if (families.has("setup"))
          return tabs.length === 1 && !steps.length ? chunkName(tabs[0]!) : "more-pages";
        // A tab's screen that a step of the wizard draws too (会社概要's form, ストア管理,
        // 配送会社連携), apart from the rest of the tab: the step loads it without what only
        // the tab draws, and the tab without the step.
        if (steps.length === 1 && tabs.length === 1) return `${chunkName(tabs[0]!)}-setup`;
        if (steps.length && tabs.length) return "settings-tabs";
        return "more-pages";
      }
      if (signedInOnly) {
        // What the lists share with 設定 or the wizard apart from what only the lists draw.
        const onlyLists = [...families].every((family) => listFamilies.includes(family));
        // A step would load all that for the table its list of shops is drawn with, and the
        // wizard for a check icon: what they share with the lists goes where all find it.
        if (wizard) return "shell";
        return onlyLists ? "list-pages" : "pages";
      }
      return list || families.has("shell") ? "common" : "more-common";
    },
  };
}
