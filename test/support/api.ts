import { app } from "../../functions/src/api/app";

/** Calls the real Hono app in-process, as API Gateway or the Node server would. */
export async function callApi(
  path: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const response = await app.request(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of every shape
  return { status: response.status, headers: response.headers, json: json as any, text };
}
