import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../../../dev/src/stand-ins";

const root = resolve(import.meta.dirname, "../../..");
const dataDir = mkdtempSync(join(tmpdir(), "okuru-start-"));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** `npm start` in a child process, with its own data directory and ports; answers its exit code and output. */
function runStart(ports: Record<string, number>) {
  // The test run's own OKURU_ settings point at its stand-ins; npm start must find its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("OKURU_")));
  for (const [name, port] of Object.entries(ports)) env[`OKURU_PORT_${name.toUpperCase()}`] = String(port);
  const child = spawn(process.execPath, ["--import", "tsx", "dev/src/start.ts"], {
    cwd: root,
    env: { ...env, OKURU_DATA_DIR: dataDir },
  });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((done) =>
    child.on("close", (code) => done({ code, output })),
  );
}

describe("npm start", () => {
  it("says why it stopped when start-up fails after the stand-ins are up", async () => {
    const names = ["web", "api", "dynamodb", "cognito", "sqs", "s3", "shopify", "ecforce"];
    const ports = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await freePort()])));
    // Free when checked at start-up, then taken by DynamoDB Local before the web server asks for it.
    ports.web = ports.dynamodb;
    const { code, output } = await runStart(ports);
    expect(code).toBe(1);
    expect(output).toContain("Stopping…");
    expect(output).toMatch(new RegExp(`✖ Start-up failed: .*${ports.web}`));
  }, 180_000);
});
