import { readFileSync } from "node:fs";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The settings tabs' first screens (会社概要, ユーザー管理, ストア管理, 発送元管理, 備考欄設定,
 * 配送会社連携, API連携) and the setup wizard's steps draw their forms without checking them: zod, the shared schemas, the phone
 * metadata they check numbers with, the calendar and the number fields come later (laterSchema,
 * loadLater). Followed here as the bundler does: static imports only (a dynamic import() is a
 * chunk of its own, an `import type` is no import at all), from each screen's own module.
 */
const screens = [
  "web/src/routes/_authed._app.settings.companies.tsx",
  "web/src/routes/_authed._app.settings.users.tsx",
  "web/src/routes/_authed._app.settings.senders.tsx",
  "web/src/routes/_authed._app.settings.item_categories.tsx",
  "web/src/routes/_authed._app.settings.carriers.tsx",
  "web/src/routes/_authed._app.settings.stores.tsx",
  "web/src/routes/_authed._app.settings.credentials.tsx",
  "web/src/routes/_authed.setup.basic_information.tsx",
  "web/src/routes/_authed.setup.stores.tsx",
  "web/src/routes/_authed.setup.carriers.tsx",
];

const heavyPackages = /node_modules\/(zod|libphonenumber-js|@mantine\/dates|react-number-format)\//;
/** Mantine's parts that bring those packages, hidden behind @mantine/core's index. */
const heavyMantineParts = /import\s*{[^}]*\b(NumberInput|NumberFormatter)\b[^}]*}\s*from\s*"@mantine\/core"/;

let modules: ICruiseResult["modules"];

beforeAll(async () => {
  const resolution = {
    conditionNames: ["import", "browser", "default"],
    exportsFields: ["exports"],
    extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
  };
  const result = await cruise(
    screens,
    {
      doNotFollow: { path: "node_modules" },
      // Type-only imports are dropped, as the compiler drops them.
      tsPreCompilationDeps: false,
      tsConfig: { fileName: "web/tsconfig.json" },
    },
    resolution as never,
  );
  modules = (result.output as ICruiseResult).modules;
}, 60_000);

/** Every module `entry` reaches by static imports, each with the chain that reaches it. */
function staticallyReached(entry: string): Map<string, string[]> {
  const bySource = new Map(modules.map((module) => [module.source, module]));
  const reached = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  while (queue.length > 0) {
    const source = queue.shift() as string;
    for (const dependency of bySource.get(source)?.dependencies ?? []) {
      if (dependency.dynamic || reached.has(dependency.resolved)) continue;
      reached.set(dependency.resolved, [...(reached.get(source) as string[]), dependency.resolved]);
      if (!dependency.resolved.includes("node_modules")) queue.push(dependency.resolved);
    }
  }
  return reached;
}

describe("the settings forms' first screens", () => {
  it.each(screens)("%s holds no zod, schema, phone metadata, calendar or number field", (screen) => {
    const reached = staticallyReached(screen);
    expect(reached.size).toBeGreaterThan(5);
    const heavy = [...reached].filter(([source]) => heavyPackages.test(source)).map(([, chain]) => chain);
    expect(heavy).toEqual([]);
    const mantineParts = [...reached.keys()].filter(
      (source) => !source.includes("node_modules") && heavyMantineParts.test(readFileSync(source, "utf8")),
    );
    expect(mantineParts).toEqual([]);
  });
});
