import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { testAccount } from "../../support/account";

/*
 * What a cold start of the API function does before its first request, seen from outside: a fresh
 * Node process imports the app from source and reports which ElectroDB entities were built (ElectroDB
 * parses every entity's model once, in its constructor) at import and after one request. Structure,
 * not time: work that moves back to import time fails here whatever the machine's load.
 */

const root = resolve(import.meta.dirname, "../../..");
const appModule = pathToFileURL(resolve(root, "functions/src/api/app.ts")).href;

type ColdStart = { atImport: string[]; status: number; afterRequest: string[] };

async function coldStart(path: string, token: string): Promise<ColdStart> {
  const script = [
    'import { Entity } from "electrodb";',
    "const built = [];",
    "const parseModel = Entity.prototype._parseModel;",
    "Entity.prototype._parseModel = function (model, config) {",
    "  built.push(model.model.entity);",
    "  return parseModel.call(this, model, config);",
    "};",
    `const { app } = await import(${JSON.stringify(appModule)});`,
    "const atImport = [...built];",
    `const response = await app.request(${JSON.stringify(path)}, { headers: { authorization: ${JSON.stringify(`Bearer ${token}`)} } });`,
    "await response.text();",
    "process.stdout.write(JSON.stringify({ atImport, status: response.status, afterRequest: built }));",
  ].join("\n");
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    { cwd: root, env: { ...process.env, POWERTOOLS_LOG_LEVEL: "SILENT" } },
  );
  return JSON.parse(stdout) as ColdStart;
}

describe("a cold start of the API", () => {
  it("builds no ElectroDB entity at import, and on a request only those the request reads", async () => {
    const account = await testAccount();
    const { atImport, status, afterRequest } = await coldStart("/api/senders", account.idToken);
    expect(atImport).toEqual([]);
    expect(status).toBe(200);
    expect(afterRequest).toContain("sender");
    // The order and shipment entities (the largest models) wait for a request that reads them.
    expect(afterRequest).not.toContain("order");
    expect(afterRequest).not.toContain("shipment");
  }, 60_000);
});
