import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The floors of core (README, "Layers of core"; the rules are in .dependency-cruiser.cjs):
 * the real tree has no import pointing up, into another workflow's internals, or round
 * in a cycle, and each kind of break, planted in a small tree of its own, is caught.
 */
const configFile = join(process.cwd(), ".dependency-cruiser.cjs");

async function violationsOf(root: string): Promise<string[]> {
  const options = await extractDepcruiseOptions(configFile);
  const result = (await cruise(["core/src"], { ...options, baseDir: root, validate: true }))
    .output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
}

const planted: string[] = [];
function plant(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "okuru-layers-"));
  planted.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterAll(() => {
  for (const root of planted) rmSync(root, { recursive: true, force: true });
});

describe("the layers of core", () => {
  it("has no import that points up a floor, into another workflow's internals, or round a cycle", async () => {
    expect(await violationsOf(process.cwd())).toEqual([]);
  }, 60_000);

  it("catches an entity that imports a workflow", async () => {
    const root = plant({
      "core/src/entities/order/index.ts":
        'import { issue } from "../../workflows/labels";\nexport const a = issue;\n',
      "core/src/workflows/labels/index.ts": "export const issue = 1;\n",
    });
    expect(await violationsOf(root)).toEqual([
      "no-up-from-entities: core/src/entities/order/index.ts -> core/src/workflows/labels/index.ts",
    ]);
  });

  it("catches a workflow that reaches into another workflow's file, and lets it use the other's index", async () => {
    const root = plant({
      "core/src/workflows/redrive/index.ts":
        'import { run } from "../order-sync/run";\nimport { request } from "../order-sync";\nexport const a = [run, request];\n',
      "core/src/workflows/order-sync/run.ts": "export const run = 1;\n",
      "core/src/workflows/order-sync/index.ts": "export const request = 2;\n",
    });
    expect(await violationsOf(root)).toEqual([
      "no-workflow-internals: core/src/workflows/redrive/index.ts -> core/src/workflows/order-sync/run.ts",
    ]);
  });

  it("catches a cycle on one floor, but not a module's export of its own namespace", async () => {
    const root = plant({
      "core/src/entities/order/index.ts":
        'export * as Order from "./index";\nimport { b } from "./fit";\nexport const a = () => b;\n',
      "core/src/entities/order/fit.ts": 'import { a } from "./index";\nexport const b = () => a;\n',
    });
    expect((await violationsOf(root)).map((v) => v.split(":")[0])).toEqual(["no-cycles"]);
  });

  it("catches browser-safe shared code that imports the server, and a base module that imports the data floor", async () => {
    const root = plant({
      "core/src/shared/order.ts": 'import { table } from "../db/table";\nexport const a = table;\n',
      "core/src/db/table.ts": "export const table = 1;\n",
    });
    expect(await violationsOf(root)).toEqual([
      "no-up-from-base: core/src/shared/order.ts -> core/src/db/table.ts",
      "shared-is-browser-safe: core/src/shared/order.ts -> core/src/db/table.ts",
    ]);
  });
});
