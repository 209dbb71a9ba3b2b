import { resolve } from "node:path";
import type { Mailbox } from "./mailbox";

const root = resolve(import.meta.dirname, "../..");

/**
 * The product as a browser reaches it locally, for `npm start` and the browser
 * tests alike: the Lambda's Hono app on @hono/node-server (with the local mail page
 * under /_local/), and the Vite dev server proxying /api to it. Called once the
 * stand-ins are provisioned and core's environment is set: the app is imported
 * only then, because core reads its configuration on first use.
 */
export async function startAppServers(options: {
  apiPort: number;
  webPort: number;
  mailbox: Mailbox;
  cognito: { userPoolId: string; clientId: string; endpoint: string };
  logLevel?: "warn" | "error";
}) {
  const { serve } = await import("@hono/node-server");
  const { app } = await import("../../functions/src/api/app");
  const localPages = options.mailbox.routes();
  const api = serve({
    fetch: (request, env) =>
      new URL(request.url).pathname.startsWith("/_local/")
        ? localPages.fetch(request)
        : app.fetch(request, env),
    port: options.apiPort,
    hostname: "127.0.0.1",
  });
  Object.assign(process.env, {
    OKURU_API_URL: `http://127.0.0.1:${options.apiPort}`,
    OKURU_WEB_PORT: String(options.webPort),
    VITE_REGION: "ap-northeast-1",
    VITE_USER_POOL_ID: options.cognito.userPoolId,
    VITE_USER_POOL_CLIENT_ID: options.cognito.clientId,
    VITE_COGNITO_ENDPOINT: options.cognito.endpoint,
    VITE_LOCAL_MAIL_URL: "/_local/mail",
  });
  const { createServer } = await import("vite");
  const vite = await createServer({
    configFile: resolve(root, "web/vite.config.ts"),
    root: resolve(root, "web"),
    server: { port: options.webPort, strictPort: true, host: "127.0.0.1" },
    logLevel: options.logLevel ?? "warn",
    clearScreen: false,
  });
  await vite.listen();
  return {
    url: `http://127.0.0.1:${options.webPort}`,
    apiUrl: `http://127.0.0.1:${options.apiPort}`,
    async stop() {
      await vite.close();
      await new Promise((done) => api.close(done));
    },
  };
}
