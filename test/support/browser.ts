import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const artifactsDir = resolve(import.meta.dirname, "../.artifacts");

const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Flags that keep Debian's Chromium from reaching for the network this machine does not have. */
const offlineArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
type PageOptions = { width?: number; height?: number };
const pageSettings = (options: PageOptions) => ({
  viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  locale: "ja-JP",
  timezoneId: "Asia/Tokyo",
});

/**
 * Debian's Chromium driven by playwright-core (no browser download), with a profile
 * directory of its own: one launch, one page.
 */
export async function launchBrowser(options: PageOptions = {}) {
  const profile = mkdtempSync(join(tmpdir(), "okuru-chromium-"));
  const removeProfile = () => rmSync(profile, { recursive: true, force: true });
  const context: BrowserContext = await chromium
    .launchPersistentContext(profile, { executablePath, args: offlineArgs, ...pageSettings(options) })
    .catch((err) => {
      // A browser that never started leaves no profile behind either.
      removeProfile();
      throw err;
    });
  return {
    context,
    page: context.pages()[0] ?? (await context.newPage()),
    async close() {
      await context.close();
      removeProfile();
    },
  };
}

/**
 * One Chromium for a whole test file, which opens fresh profiles (`newProfile`: a
 * browser context of its own, with no cookies, storage or cache from the ones before).
 * A fresh profile this way takes under a second; launching Chromium for each test took
 * about three on the shared two-core machine.
 */
export async function startChromium() {
  const browser: Browser = await chromium.launch({ executablePath, args: offlineArgs });
  return {
    async newProfile(options: PageOptions = {}) {
      const context = await browser.newContext(pageSettings(options));
      return { context, page: await context.newPage(), close: () => context.close() };
    },
    close: () => browser.close(),
  };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
