import { join } from "node:path";
import { coreConfig } from "@okuru/core/config";
import { inject } from "vitest";
import { startAppServers } from "../../functions/src/dev/app-server";
import { Mailbox } from "../../functions/src/dev/mailbox";
import { freePort } from "../../functions/src/dev/stand-ins";

/**
 * The product as `npm start` serves it (the same servers), against the test run's
 * stand-ins, on free ports: the API with the local mail page, and the Vite dev
 * server proxying /api to it.
 */
export async function startAppServer() {
  const { cognito, endpoints } = coreConfig();
  const mailbox = new Mailbox();
  mailbox.cognitoDb = join(inject("cognitoDataDir"), `${cognito.userPoolId}.json`);
  return startAppServers({
    apiPort: await freePort(),
    webPort: await freePort(),
    mailbox,
    cognito: { userPoolId: cognito.userPoolId, clientId: cognito.clientId, endpoint: endpoints.cognito! },
    logLevel: "error",
  });
}
