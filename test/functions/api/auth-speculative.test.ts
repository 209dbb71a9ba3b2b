import { useUser } from "@okuru/core/actor";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { authenticate, readsSpeculatively } from "../../../functions/src/api/auth";
import type { AppEnv } from "../../../functions/src/api/env";
import { handleError } from "../../../functions/src/api/errors";
import { logger } from "../../../functions/src/api/logger";
import { testAccount } from "../../support/account";
import { callApi } from "../../support/api";
import { signInAs } from "../../support/cognito";
import { invite } from "../../support/users";

/**
 * A read of a subject seen before runs while its identity is read again (auth.ts): the
 * answer leaves only once that read agrees. Shown on a probe route whose answer is the
 * actor's role, mounted behind the real middleware (real Cognito tokens, real user
 * records), and on the real API's order list.
 */
function probeApp() {
  let runs = 0;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("requestId", "probe-request-0001");
    c.set("logger", logger.createChild());
    await next();
  });
  app.use(
    "*",
    authenticate({
      rerun: (request, env) => app.fetch(request, env),
      speculates: (method, path) => method === "GET" && path === "/api/probe",
    }),
  );
  app.get("/api/probe", (c) => {
    runs += 1;
    return c.json({ role: useUser().role });
  });
  app.onError(handleError);
  const get = async (token: string) => {
    const before = runs;
    const res = await app.request("/api/probe", { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, runs: runs - before };
  };
  return { get };
}

describe("reads confirmed alongside the identity read", () => {
  it("answers as the changed role after a demotion: the stale answer is dropped and the read runs again", async () => {
    const owner = await testAccount("投機テスト商店");
    const { res: invited, email } = await invite(owner.idToken, "admin", "髙橋 一郎");
    const token = await signInAs(email);
    const probe = probeApp();

    expect(await probe.get(token)).toEqual({ status: 200, body: { role: "admin" }, runs: 1 });
    expect(await probe.get(token)).toEqual({ status: 200, body: { role: "admin" }, runs: 1 });

    const demoted = await callApi(`/api/users/${invited.json.id}`, {
      method: "PUT",
      token: owner.idToken,
      body: { name: "髙橋 一郎", role: "member" },
    });
    expect(demoted.status).toBe(200);
    // The read ran as the administrator last seen, then again as the member now stored.
    expect(await probe.get(token)).toEqual({ status: 200, body: { role: "member" }, runs: 2 });
    expect(await probe.get(token)).toEqual({ status: 200, body: { role: "member" }, runs: 1 });
  });

  it("refuses a removed user although the read already ran", async () => {
    const owner = await testAccount("投機テスト商店");
    const { res: invited, email } = await invite(owner.idToken, "member", "山﨑 花子");
    const token = await signInAs(email);
    const probe = probeApp();
    expect((await probe.get(token)).status).toBe(200);
    expect((await probe.get(token)).runs).toBe(1);

    const removed = await callApi(`/api/users/${invited.json.id}`, {
      method: "DELETE",
      token: owner.idToken,
    });
    expect(removed.status).toBe(204);
    const refused = await probe.get(token);
    expect(refused).toMatchObject({ status: 401, body: { code: "auth.user_removed" }, runs: 1 });
  });

  it("on the real API, a removed member's order list is refused on the next request", async () => {
    expect(readsSpeculatively("GET", "/api/orders")).toBe(true);
    expect(readsSpeculatively("POST", "/api/orders/sync")).toBe(false);
    const owner = await testAccount("投機テスト商店");
    const { res: invited, email } = await invite(owner.idToken, "member", "佐藤 美咲");
    const token = await signInAs(email);
    for (let i = 0; i < 2; i += 1) expect((await callApi("/api/orders", { token })).status).toBe(200);

    await callApi(`/api/users/${invited.json.id}`, { method: "DELETE", token: owner.idToken });
    const refused = await callApi("/api/orders", { token });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("auth.user_removed");
  });
});
