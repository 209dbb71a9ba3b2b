import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  issueLabels,
  type LabelIssueReq,
  RequiredError,
  setIdTokenProvider,
  updateOrder,
  uploadTrackingNumber,
} from "../../../web/src/lib/api";
import { readingRequests, type SentInit } from "../fake-api";

// fetch is the client's network boundary: a call that must not go out must not reach it.
const fetchMock = vi.fn<(url: string, init: SentInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => new Response("{}", { status: 200 }));
  vi.stubGlobal("fetch", readingRequests(fetchMock));
  setIdTokenProvider(async () => "id-token-123");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const missing = <T>(value: null | undefined) => value as unknown as T;

describe("the spec's required parameters of the label, upload and order-update calls", () => {
  it.each([
    ["issueLabels", "labelIssueReq", () => issueLabels(missing<LabelIssueReq>(undefined), "key-1")],
    ["issueLabels", "labelIssueReq", () => issueLabels(missing<LabelIssueReq>(null), "key-1")],
    ["uploadTrackingNumber", "id", () => uploadTrackingNumber(missing<string>(undefined), "key-1")],
    ["uploadTrackingNumber", "id", () => uploadTrackingNumber(missing<string>(null), "key-1")],
    ["updateOrder", "id", () => updateOrder(missing<string>(undefined), { memo: "x" })],
    ["updateOrder", "orderUpdateReq", () => updateOrder("ord_1", missing<{ memo: string }>(null))],
  ])("%s without %s throws the spec's message before anything is sent", async (operation, name, send) => {
    const error = await send().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequiredError);
    expect((error as Error).message).toBe(
      `Required parameter ${name} was null or undefined when calling ${operation}.`,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends PUT /api/orders/{id} with the body as written", async () => {
    await updateOrder("ord_1", { memo: "ギフト", requested_time_slot: "1800", archived: false });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/orders/ord_1");
    expect(init.method).toBe("PUT");
    expect(JSON.parse(String(init.body))).toEqual({
      memo: "ギフト",
      requested_time_slot: "1800",
      archived: false,
    });
  });
});
