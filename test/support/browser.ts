import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const artifactsDir = resolve(import.meta.dirname, "../.artifacts");

/**
 * Debian's Chromium driven by playwright-core (no browser download). The flags keep
 * it from reaching for the network this machine does not have.
 */
export async function launchBrowser(options: { width?: number; height?: number } = {}) {
  const profile = mkdtempSync(join(tmpdir(), "okuru-chromium-"));
  const removeProfile = () => rmSync(profile, { recursive: true, force: true });
  const context: BrowserContext = await chromium
    .launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    })
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

export async function screenshot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
