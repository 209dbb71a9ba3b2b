import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { checkPublicUrl, publicOnlyLookup } from "./outbound-url";

/**
 * A request to a merchant-supplied URL, answered as a fetch Response. It is made with
 * node:http rather than fetch because fetch cannot be told which addresses its
 * connection may use: here the socket's own DNS lookup refuses private answers
 * (`publicOnlyLookup`), which closes the gap between the check and the connection.
 * Redirects are never followed (a 3xx comes back as it is), the wait is bounded and so
 * is the answer's size.
 */

const TIMEOUT_MS = 30_000;
/** A page of 100 Ecforce orders with their addresses and items is well under this. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export type OutboundInit = { method: string; headers: Record<string, string>; body?: string };

/** Throws OutboundRefused (nothing sent) for a private or non-https target, a network error otherwise. */
export async function outboundFetch(input: string, init: OutboundInit): Promise<Response> {
  const { url, allowListed } = await checkPublicUrl(input);
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: init.method,
        headers: { ...init.headers, "Accept-Encoding": "identity" },
        timeout: TIMEOUT_MS,
        ...(allowListed ? {} : { lookup: publicOnlyLookup }),
      },
      (answer) =>
        readBody(answer)
          .then((body) => asResponse(answer, body))
          .then(resolve, reject),
    );
    request.on("timeout", () => request.destroy(new Error("outbound request timed out")));
    request.on("error", reject);
    request.end(init.body);
  });
}

function readBody(answer: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    answer.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) answer.destroy(new Error("outbound answer too large"));
      else chunks.push(chunk);
    });
    answer.on("end", () => resolve(Buffer.concat(chunks)));
    answer.on("error", reject);
    answer.on("aborted", () => reject(new Error("outbound answer aborted")));
  });
}

/** Throws (a network failure to the caller) for a status a Response cannot carry. */
function asResponse(answer: IncomingMessage, body: Buffer): Response {
  const status = answer.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2)
    headers.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
  const bodiless = status === 204 || status === 205 || status === 304;
  return new Response(bodiless ? null : new Uint8Array(body), {
    status,
    statusText: answer.statusMessage ?? "",
    headers,
  });
}
