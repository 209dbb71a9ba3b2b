import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { callApi } from "./api";
import { startAppServer } from "./app-server";
import { screenshot, startChromium } from "./browser";
import { settled, setupDoneAccount, signIn } from "./merchant";
import { usePrivateQueue } from "./queues";
import { usePrivateOrderSyncQueue } from "./simulators";

export { addSelfPrintedYamato } from "./printing";

/**
 * The browser side of an e2e file: one app server and one Chromium for the file, with
 * one page, either for the whole file or in a fresh profile per test (`freshProfile`),
 * so no session leaks from one test into the next. Call it inside `describe`: it registers
 * the hooks there. `app.page` is the open page; `onPage` hands it to the file's `page`
 * variable whenever a new one opens; `before` runs first (a file's private queues).
 */
export function useBrowserApp(options: {
  onPage?: (page: Page) => void;
  freshProfile?: boolean;
  before?: () => Promise<void>;
}) {
  let server: Awaited<ReturnType<typeof startAppServer>> | undefined;
  let chromium: Awaited<ReturnType<typeof startChromium>> | undefined;
  let browser: Awaited<ReturnType<NonNullable<typeof chromium>["newProfile"]>> | undefined;
  const open = async () => {
    browser = await chromium!.newProfile();
    options.onPage?.(browser.page);
  };
  const close = async () => {
    await browser?.close();
    browser = undefined;
  };
  beforeAll(async () => {
    await options.before?.();
    [server, chromium] = await Promise.all([startAppServer(), startChromium()]);
    if (!options.freshProfile) await open();
  });
  afterAll(async () => {
    if (!options.freshProfile) await close();
    await chromium?.close();
    await server?.stop();
  });
  if (options.freshProfile) {
    beforeEach(open);
    afterEach(close);
  }
  const page = () => {
    if (!browser) throw new Error("useBrowserApp: the browser is not open (outside a test?)");
    return browser.page;
  };
  const app = {
    /** The page of the running test (a new one per test with `freshProfile`). */
    get page(): Page {
      return page();
    },
    /** The app's base URL. */
    get url(): string {
      if (!server) throw new Error("useBrowserApp: the app server is not running (outside a test?)");
      return server.url;
    },
    /** Opens `path` (with its query) on the app. */
    async goto(path: string) {
      await page().goto(`${app.url}${path}`);
    },
    /** Signs the account in through the login screen. */
    async signIn(account: { email: string; password: string }) {
      await signIn(page(), app.url, account);
    },
    /** A new company whose setup is done (会社概要 in 東京都千代田区), signed in as its administrator. */
    async signedInAdmin(companyName: string) {
      const account = await setupDoneAccount(companyName);
      await app.signIn(account);
      await page().waitForURL(/\/orders/);
      return account;
    },
    /**
     * A full-page screenshot into test/.artifacts once the page has settled. `fromTop`
     * scrolls up first: full-page shots draw fixed elements (header, sidebar) where the
     * page is scrolled to.
     */
    async shot(name: string, { fromTop = false } = {}) {
      if (fromTop) await page().evaluate(() => window.scrollTo(0, 0));
      await settled(page());
      return screenshot(page(), name);
    },
  };
  return app;
}

/** expect.poll with room for a busy machine (the browser, Vite and the API share two cores). */
export const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15_000 });

/**
 * A label-job queue of the calling file's own (the e2e server runs no consumer, so the
 * test drains it as Lambda would), made the one core sends label batches to.
 */
export async function usePrivateLabelJobQueue(_name?: string) {
  await usePrivateQueue("labelJob");
}

/**
 * The private queues of an e2e file that prints labels: its shops' first syncs
 * (`usePrivateOrderSyncQueue`) and its label batches (`usePrivateLabelJobQueue`).
 */
export async function usePrivateLabelQueues(name: string) {
  await usePrivateOrderSyncQueue();
  await usePrivateLabelJobQueue(name);
}

/** Reads through the real API as the account's user; the call must succeed. */
export async function apiGet(account: { idToken: string }, path: string) {
  const response = await callApi(path, { token: account.idToken });
  expect(response.status, `GET ${path}`).toBe(200);
  return response.json;
}
