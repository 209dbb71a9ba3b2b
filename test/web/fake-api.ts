import type { SetupStatus } from "@okuru/core/shared/setup-status";
import type { IdPrefix } from "@okuru/core/util/id";
import { vi } from "vitest";
import { setIdTokenProvider } from "../../web/src/lib/api";
import type { components, paths } from "../../web/src/lib/api-types.gen";

/**
 * The fakes answer in the API's own wire types, generated from its OpenAPI document:
 * a route the API does not have, or a body shaped unlike the real answer, fails
 * `tsc -p test` and so `npm test`.
 */
export type Wire = components["schemas"];

type Method = "get" | "put" | "post" | "delete" | "patch";
type JsonOf<Answer> = Answer extends { content: { "application/json": infer Body } } ? Body : undefined;
type SuccessBody<Operation> = Operation extends { responses: infer Answers }
  ? JsonOf<Answers[Extract<keyof Answers, 200 | 201 | 202 | 204>]>
  : never;
type RequestBody<Operation> = Operation extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : undefined;
/**
 * `/api/senders/{id}` → `/api/senders/snd_${string}` (or any other of our id prefixes):
 * table keys name concrete, real-shaped ids, so a fixed segment such as
 * `/shipments/labels` or `/shipments/upload_tracking_numbers` is not taken for an id.
 */
type PathPattern<Path extends string> = Path extends `${infer Before}{${string}}${infer After}`
  ? `${Before}${IdPrefix}_${string}${PathPattern<After>}`
  : Path;

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
/** A success answer in the operation's own shape, or an error in the API's error shape. */
export type FakeAnswer<Body> =
  | { status?: 200 | 201 | 202 | 204; body?: Body }
  | { status: ErrorStatus; body?: Wire["Error"] };

/** Gets the parsed JSON body and the URL (for query parameters). */
export type Handler<Operation = unknown> = (
  body: RequestBody<Operation>,
  url: URL,
) => FakeAnswer<SuccessBody<Operation>> | undefined;

/** "METHOD /api/path" → handler, for every operation of the API and nothing else. */
export type FakeRoutes = {
  [Key in keyof paths & string as never]: never;
} & {
  [Entry in {
    [Path in keyof paths & string]: {
      [M in Method]: NonNullable<paths[Path][M]> extends never
        ? never
        : [`${Uppercase<M>} ${PathPattern<Path>}`, NonNullable<paths[Path][M]>];
    }[Method];
  }[keyof paths & string] as Entry[0]]?: Handler<Entry[1]>;
};

/** A call as the client sent it: method, headers (in their usual spelling) and the body's text, if any. */
export interface SentInit {
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** `idempotency-key` → `Idempotency-Key`: Headers hands names out lower-cased. */
function headerName(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());
}

/**
 * A fetch that hands each call on to `answer` as (path with query, init). The client gives
 * fetch one Request; the fakes and the tests read what was sent in this plainer shape.
 */
export function readingRequests(
  answer: (url: string, init: SentInit) => Response | Promise<Response>,
): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = await request.text();
    const headers = Object.fromEntries(
      [...request.headers].map(([name, value]) => [headerName(name), value]),
    );
    return answer(`${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      ...(body === "" ? {} : { body }),
    });
  };
}

/**
 * Answers the web client's fetch calls from a table keyed "METHOD /api/path".
 * Unknown calls answer 404 with an error body, like the real API. The returned mock
 * is called with each call as `readingRequests` reads it.
 */
export function stubApi(routes: FakeRoutes) {
  const table = routes as Record<string, Handler | undefined>;
  const fetchMock = vi.fn(async (path: string, init: SentInit) => {
    const url = new URL(path, "http://localhost");
    const key = `${init.method} ${url.pathname}`;
    const handler = table[key];
    const answer = handler?.(init.body ? JSON.parse(init.body) : undefined, url) ?? {
      status: 404,
      body: { code: "http.404", message: "見つかりません。" },
    };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status });
  });
  vi.stubGlobal("fetch", readingRequests(fetchMock));
  setIdTokenProvider(async () => "test-id-token");
  return fetchMock;
}

/**
 * The JSON bodies `fetchMock` (from `stubApi`) was sent for "METHOD /api/path", in order;
 * for a bodiless call `undefined`, or its query string with `{ queryWhenBodiless: true }`.
 */
export function sentBodies(
  fetchMock: ReturnType<typeof stubApi>,
  key: string,
  { queryWhenBodiless = false } = {},
) {
  return fetchMock.mock.calls
    .filter(([path, init]) => `${init.method} ${new URL(path, "http://x").pathname}` === key)
    .map(([path, init]) => {
      if (init.body) return JSON.parse(init.body);
      return queryWhenBodiless ? new URL(path, "http://x").search : undefined;
    });
}

/**
 * The API refusing a call: its status and error body, with each field's own message when
 * the refusal is about input (400).
 */
export function refusal(
  status: ErrorStatus,
  code: string,
  message: string,
  fields?: Record<string, string>,
): { status: ErrorStatus; body: Wire["Error"] } {
  return { status, body: fields ? { code, message, fields } : { code, message } };
}

/** A company as GET /companies sends it (snake_case on the wire). */
export function companyBody(
  setupStatus: SetupStatus,
  name = "株式会社送る商店",
  features: Wire["Company"]["features"] = { api_integration: false },
): Wire["Company"] {
  return {
    id: "com_01",
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
export function emptyOrderRoutes(): FakeRoutes {
  const counts = { notShipped: 0, partiallyShipped: 0, shipped: 0, cancelled: 0, archived: 0, error: 0 };
  return {
    "GET /api/orders": () => ({ body: { items: [], next_cursor: null, counts } }),
    "GET /api/shops": () => ({ body: { items: [], next_cursor: null } }),
  };
}
