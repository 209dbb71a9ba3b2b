import "@testing-library/jest-dom/vitest";
import { vi } from "vitest";

// web/src/config.ts validates import.meta.env when it is first imported; give it the
// values a local run would have.
vi.stubEnv("VITE_USER_POOL_ID", "local_test");
vi.stubEnv("VITE_USER_POOL_CLIENT_ID", "test-client");
vi.stubEnv("VITE_COGNITO_ENDPOINT", "http://localhost:9229");
vi.stubEnv("VITE_HELP_URL", "https://help.example.jp/");
vi.stubEnv("VITE_FEATURE_REQUEST_URL", "https://feedback.example.jp/");

// happy-dom has these today; the guards keep the setup working under jsdom too.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

Element.prototype.scrollIntoView ??= () => {};
