import createClient, { type Middleware } from "openapi-fetch";
import type { paths } from "../api-types.gen";
import { camelizeKeys, toSnakeCase } from "../case";
import { failureOf, invalidAnswer, networkFailure, parseJson, RequiredError } from "./errors";
import type { Camelize } from "./wire";

/**
 * The one openapi-fetch client for the Okuru API, and the rules every call follows:
 *
 * - Every call goes to `/api`, with JSON bodies sent exactly as the caller wrote them
 *   (the server speaks snake_case, so callers write snake_case bodies).
 * - Every call carries `Authorization: Bearer <ID token>`; signed out, the token is empty.
 * - Every response body is converted deeply to camelCase before it is used.
 * - Any status outside 200–299 throws an ApiError built from the `{ code, message, fields? }` body.
 * - There is no client timeout: label batches and syncs may legitimately take long.
 */

/** `value`, or a RequiredError naming the parameter and the operation when it is null or undefined. */
export function required<T>(operation: string, field: string, value: T): NonNullable<T> {
  if (value === null || value === undefined) throw new RequiredError(field, operation);
  return value;
}

/** The path parameters of a by-id call, its id required. */
export function byId(operation: string, id: string) {
  return { path: { id: required(operation, "id", id) } };
}

/**
 * A body or query the spec lets the caller leave out although the API's schema requires
 * it: without one nothing is sent, and the API's 400 comes back like any refused input.
 */
export function mayBeLeftOut<Value>(value: Value | undefined): Value {
  return value as Value;
}

type IdTokenProvider = () => Promise<string | null | undefined>;
let idTokenProvider: IdTokenProvider = async () => "";

/** Wired once at start-up to the auth module; tests pass a fake. */
export function setIdTokenProvider(provider: IdTokenProvider): void {
  idTokenProvider = provider;
}

async function currentIdToken(): Promise<string> {
  try {
    return (await idTokenProvider()) ?? "";
  } catch {
    // No usable session (for example an expired refresh token): the call goes out
    // signed out and the server answers 401, which the caller handles like any error.
    return "";
  }
}

/** Keys in snake_case, null and undefined left out, an array as the key repeated. */
function serializeQuery(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) params.append(toSnakeCase(key), String(item));
    }
  }
  return params.toString();
}

const clientRules: Middleware = {
  async onRequest({ request }) {
    // Set after the caller's headers (an Idempotency-Key), so these two cannot be replaced.
    request.headers.set("Accept", "application/json");
    request.headers.set("Authorization", `Bearer ${await currentIdToken()}`);
  },
  onError({ error }) {
    return networkFailure(error);
  },
  async onResponse({ response }) {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw networkFailure(error);
    }
    if (response.status < 200 || response.status > 299) throw failureOf(response.status, text);
    // A middleware can only hand on a Response; openapi-fetch reads one without
    // Content-Length as text, and an empty one as no data.
    if (text.trim() === "") return new Response(null, { status: response.status });
    const body = parseJson(text);
    if (body === undefined) throw invalidAnswer(response.status);
    return new Response(JSON.stringify(camelizeKeys(body)), { status: response.status });
  },
};

export const api = createClient<paths>({
  // Looked up at each call, not captured once, so a fetch installed later (tests) is the one used.
  fetch: (request) => globalThis.fetch(request),
  querySerializer: serializeQuery,
});
api.use(clientRules);

/**
 * The success body of an openapi-fetch call, typed as it arrives: camelCased by the
 * client rules above (which threw for any failure), undefined when empty.
 */
export async function answer<Data>(call: Promise<{ data?: Data }>): Promise<Camelize<Data>> {
  const { data } = await call;
  return data as Camelize<Data>;
}
