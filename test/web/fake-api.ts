import type { SetupStatus } from "@okuru/core/shared/setup-status";
import { vi } from "vitest";
import { setIdTokenProvider } from "../../web/src/lib/api";

/** Gets the parsed JSON body and the URL (for query parameters). */
type Handler = (body: unknown, url: URL) => { status?: number; body?: unknown } | undefined;

/**
 * Answers the web client's fetch calls from a table keyed "METHOD /api/path".
 * Unknown calls answer 404 with an error body, like the real API.
 */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const key = `${init.method ?? "GET"} ${url.pathname}`;
    const handler = routes[key];
    const answer = handler?.(init.body ? JSON.parse(String(init.body)) : undefined, url) ?? {
      status: 404,
      body: { code: "http.404", message: "見つかりません。" },
    };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status });
  });
  vi.stubGlobal("fetch", fetchMock);
  setIdTokenProvider(async () => "test-id-token");
  return fetchMock;
}

/** A company as GET /companies sends it (snake_case on the wire). */
export function companyBody(
  setupStatus: SetupStatus,
  name = "株式会社送る商店",
  features: { api_integration: boolean } = { api_integration: false },
) {
  return {
    id: "company_01",
    name,
    name_kana: "",
    postal_code: "",
    prefecture: "",
    city: "",
    address1: "",
    address2: "",
    phone: "",
    contact_name: "",
    contact_email: "",
    setup_status: setupStatus,
    features,
    created_at: "2025-04-01T09:00:00.000Z",
    updated_at: "2025-04-01T09:00:00.000Z",
  };
}

/** An order list with nothing in it yet (GET /orders and the shop filter's GET /shops). */
export function emptyOrderRoutes() {
  const counts = { notShipped: 0, partiallyShipped: 0, shipped: 0, cancelled: 0, archived: 0, error: 0 };
  return {
    "GET /api/orders": () => ({ body: { items: [], next_cursor: null, counts } }),
    "GET /api/shops": () => ({ body: { items: [], next_cursor: null } }),
  };
}
