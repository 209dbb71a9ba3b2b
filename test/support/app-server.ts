import { join, resolve } from "node:path";
import { coreConfig } from "@okuru/core/config";
import { inject } from "vitest";
import { startAppServers } from "../../dev/src/app-server";
import { Mailbox } from "../../dev/src/mailbox";
import { freePort } from "../../dev/src/stand-ins";
import { builtWeb } from "./web-build";

const webDir = resolve(import.meta.dirname, "../../web");

function testMailbox() {
  const { cognito } = coreConfig();
  const mailbox = new Mailbox();
  mailbox.cognitoDb = join(inject("cognitoDataDir"), `${cognito.userPoolId}.json`);
  return mailbox;
}

/**
 * The product as `npm start` serves it (the same servers), against the test run's
 * stand-ins, on free ports: the API with the local mail page, and the Vite dev
 * server proxying /api to it.
 */
export async function startDevAppServer() {
  const { cognito, endpoints } = coreConfig();
  return startAppServers({
    apiPort: await freePort(),
    webPort: await freePort(),
    mailbox: testMailbox(),
    cognito: { userPoolId: cognito.userPoolId, clientId: cognito.clientId, endpoint: endpoints.cognito! },
    logLevel: "error",
  });
}

/**
 * The product for the browser tests, on free ports: the API as `npm start` serves it
 * (with the local mail page under /_local/), in this test file's process so that its
 * private queues apply, and the run's production build of the web app (global setup,
 * test/support/web-build.ts) served by `vite preview`, which proxies /api and /_local
 * to the API as the dev server does.
 */
export async function startAppServer() {
  const outDir = await builtWeb(inject("webBuildDir"));
  const apiPort = await freePort();
  const webPort = await freePort();
  const { serve } = await import("@hono/node-server");
  const { app } = await import("../../functions/src/api/app");
  const localPages = testMailbox().routes();
  // As dev/src/app-server.ts serves them.
  const api = serve({
    fetch: (request, env) =>
      new URL(request.url).pathname.startsWith("/_local/")
        ? localPages.fetch(request)
        : app.fetch(request, env),
    port: apiPort,
    hostname: "127.0.0.1",
  });
  // web/vite.config.ts reads the proxy's target when it is loaded.
  process.env.OKURU_API_URL = `http://127.0.0.1:${apiPort}`;
  const { preview } = await import("vite");
  const web = await preview({
    configFile: join(webDir, "vite.config.ts"),
    root: webDir,
    build: { outDir },
    preview: { port: webPort, strictPort: true, host: "127.0.0.1" },
    logLevel: "error",
    clearScreen: false,
  });
  return {
    url: `http://127.0.0.1:${webPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    async stop() {
      await web.close();
      await new Promise((done) => api.close(done));
    },
  };
}
