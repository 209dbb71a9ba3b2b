import { join, resolve } from "node:path";
import { serve } from "@hono/node-server";
import { coreConfig } from "@okuru/core/config";
import { createServer, type ViteDevServer } from "vite";
import { inject } from "vitest";
import { app } from "../../functions/src/api/app";
import { Mailbox } from "../../functions/src/dev/mailbox";
import { freePort } from "../../functions/src/dev/stand-ins";

const root = resolve(import.meta.dirname, "../..");

/**
 * The product as `npm start` serves it, against the test run's stand-ins: the Hono
 * app on @hono/node-server and the Vite dev server proxying /api to it, plus the
 * local mail page (/_local/mail) the code screens link to.
 */
export async function startAppServer() {
  const apiPort = await freePort();
  const webPort = await freePort();
  const { cognito, endpoints } = coreConfig();
  const mailbox = new Mailbox();
  mailbox.cognitoDb = join(inject("cognitoDataDir"), `${cognito.userPoolId}.json`);
  const localPages = mailbox.routes();
  const api = serve({
    fetch: (request, env) =>
      new URL(request.url).pathname.startsWith("/_local/")
        ? localPages.fetch(request)
        : app.fetch(request, env),
    port: apiPort,
    hostname: "127.0.0.1",
  });
  Object.assign(process.env, {
    OKURU_API_URL: `http://127.0.0.1:${apiPort}`,
    OKURU_WEB_PORT: String(webPort),
    VITE_REGION: "ap-northeast-1",
    VITE_USER_POOL_ID: cognito.userPoolId,
    VITE_USER_POOL_CLIENT_ID: cognito.clientId,
    VITE_COGNITO_ENDPOINT: endpoints.cognito,
    VITE_AUTH_FLOW: "USER_PASSWORD_AUTH",
    VITE_LOCAL_MAIL_URL: "/_local/mail",
  });
  const vite: ViteDevServer = await createServer({
    configFile: resolve(root, "web/vite.config.ts"),
    root: resolve(root, "web"),
    server: { port: webPort, strictPort: true, host: "127.0.0.1" },
    logLevel: "error",
    clearScreen: false,
  });
  await vite.listen();
  return {
    url: `http://127.0.0.1:${webPort}`,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    async stop() {
      await vite.close();
      await new Promise((done) => api.close(done));
    },
  };
}
