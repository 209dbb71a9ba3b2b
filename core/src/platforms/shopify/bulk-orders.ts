import type { ImportedOrder } from "../imported-order";
import { realSleep, type Sleep } from "../platform-request";
import { type ClientOptions, graphql, ShopifyError } from "./client";
import {
  LINE_ITEM_FIELD_LIST,
  ORDER_FIELDS,
  ordersSearch,
  type ShopifyOrderNode,
  toImportedOrder,
} from "./orders";

/**
 * A shop's orders through a bulk query (docs/platforms.md#shopify-bulk-operations): Shopify reads
 * every order of the window outside the cost limit and leaves a JSONL file, read here as a
 * stream. The order fields are the paged query's (orders.ts), and each order goes through
 * the same toImportedOrder, so both ways store the same orders.
 */

export type BulkStatus =
  | "CREATED"
  | "RUNNING"
  | "COMPLETED"
  | "FAILED"
  | "CANCELED"
  | "CANCELING"
  | "EXPIRED";

export type BulkOperation = {
  id: string;
  status: BulkStatus;
  errorCode: string | null;
  /** Orders Shopify has written to the file so far. */
  rootObjectCount: number;
  url: string | null;
};

/** Every connection is read whole in a bulk query: `first` and `pageInfo` have no place in it. */
export function bulkOrdersQuery(updatedSince: string | null): string {
  const search = ordersSearch(updatedSince);
  const args = search ? `(query: ${JSON.stringify(search)}, sortKey: UPDATED_AT)` : "(sortKey: UPDATED_AT)";
  return `{ orders${args} { edges { node { ${ORDER_FIELDS} lineItems { edges { node { ${LINE_ITEM_FIELD_LIST} } } } } } } }`;
}

const RUN = /* GraphQL */ `
  mutation OkuruBulkOrders($query: String!) {
    bulkOperationRunQuery(query: $query) {
      bulkOperation { id status }
      userErrors { field message code }
    }
  }
`;

const LOOK = /* GraphQL */ `
  query OkuruBulkOperation($id: ID!) {
    node(id: $id) { ... on BulkOperation { id status errorCode rootObjectCount url } }
  }
`;

const COUNT = /* GraphQL */ `
  query OkuruOrdersCount($query: String) { ordersCount(query: $query) { count precision } }
`;

/** Orders changed since `updatedSince` (at most Shopify's count limit, 10,000: enough to choose how to read). */
export async function ordersCount(
  domain: string,
  accessToken: string,
  updatedSince: string | null,
  options?: ClientOptions,
): Promise<number> {
  const data = await graphql<{ ordersCount: { count: number } | null }>(
    domain,
    accessToken,
    COUNT,
    { query: ordersSearch(updatedSince) },
    options,
  );
  return data.ordersCount?.count ?? 0;
}

/** Starts the bulk query of the orders changed since `updatedSince`; a refusal is a ShopifyError in Japanese. */
export async function startBulkOrders(
  domain: string,
  accessToken: string,
  updatedSince: string | null,
  options?: ClientOptions,
): Promise<string> {
  const data = await graphql<{
    bulkOperationRunQuery: {
      bulkOperation: { id: string } | null;
      userErrors: { message: string; code: string | null }[];
    } | null;
  }>(domain, accessToken, RUN, { query: bulkOrdersQuery(updatedSince) }, options);
  const answer = data.bulkOperationRunQuery;
  if (!answer?.bulkOperation) {
    const reasons = answer?.userErrors.map((e) => e.message).join(" / ") || "理由不明";
    throw new ShopifyError(`Shopify が一括取得を受け付けませんでした: ${reasons}`, "query");
  }
  return answer.bulkOperation.id;
}

export async function bulkOperation(
  domain: string,
  accessToken: string,
  id: string,
  options?: ClientOptions,
): Promise<BulkOperation> {
  const data = await graphql<{
    node: (Omit<BulkOperation, "rootObjectCount"> & { rootObjectCount: string }) | null;
  }>(domain, accessToken, LOOK, { id }, options);
  if (!data.node) throw new ShopifyError("Shopify の一括取得が見つかりませんでした。", "query");
  return { ...data.node, rootObjectCount: Number(data.node.rootObjectCount) };
}

/** What Shopify's JSONL file holds for an order: its own fields, and its line items as lines of their own. */
type OrderLine = Omit<ShopifyOrderNode, "lineItems">;
type LineItemLine = ShopifyOrderNode["lineItems"]["nodes"][number] & { __parentId: string };

export type BulkPage = {
  orders: ImportedOrder[];
  /** Lines of the file read through this page's last order (where the next page starts). */
  nextLine: number;
  last: boolean;
};

/**
 * The file's orders from line `fromLine` (the start of an order), `pageSize` at a time.
 * The body is read as it arrives, line by line; only the order being assembled and the
 * current page are held, whatever the size of the file. A child line follows its
 * parent's (Shopify writes them so), so an order is whole when the next order's line comes.
 */
export async function* bulkOrderPages(
  url: string,
  fromLine: number,
  pageSize: number,
  doFetch: typeof fetch = fetch,
  sleep: Sleep = realSleep,
): AsyncGenerator<BulkPage> {
  let lineNo = fromLine;
  let current: { order: OrderLine; items: LineItemLine[] } | null = null;
  let page: ImportedOrder[] = [];
  /** Lines through the last order put on the page. */
  let through = fromLine;
  const close = () => {
    if (!current) return;
    page.push(toImportedOrder({ ...current.order, lineItems: { nodes: current.items } }));
    current = null;
  };
  for await (const line of fileLines(url, fromLine, doFetch, sleep)) {
    lineNo += 1;
    if (!line.trim()) continue;
    const object = parseLine(line, lineNo);
    if ("__parentId" in object) {
      if (!current || (current as { order: OrderLine }).order.id !== object.__parentId) {
        throw new ShopifyError("Shopify の一括取得の結果ファイルの形式が想定と異なります。", "server");
      }
      (current as { items: LineItemLine[] }).items.push(object as LineItemLine);
      continue;
    }
    close();
    through = lineNo - 1;
    if (page.length >= pageSize) {
      yield { orders: page, nextLine: through, last: false };
      page = [];
    }
    current = { order: object as OrderLine, items: [] };
  }
  close();
  yield { orders: page, nextLine: lineNo, last: true };
}

/** Downloads of one file that break off before it ends, in a row, before the read fails. */
const DOWNLOAD_ATTEMPTS = 4;

/**
 * The file's lines after its first `skip`, as they arrive. A download that breaks off
 * (a connection reset, common enough on a file of hundreds of megabytes) is started again
 * and goes on after the last whole line it gave: otherwise the step would fail and wait
 * for the queue's next delivery, or, on its first page, give the bulk query up for paging.
 */
async function* fileLines(
  url: string,
  skip: number,
  doFetch: typeof fetch,
  sleep: Sleep,
): AsyncGenerator<string> {
  /** Lines of the file given (or skipped) so far. */
  let passed = skip;
  for (let attempt = 1; ; attempt += 1) {
    const response = await doFetch(url).catch(() => null);
    if (!response?.ok || !response.body) {
      throw new ShopifyError("Shopify の一括取得の結果ファイルを読み込めませんでした。", "server");
    }
    let lineNo = 0;
    try {
      for await (const line of linesOf(response.body)) {
        lineNo += 1;
        if (lineNo <= passed) continue;
        passed = lineNo;
        yield line;
      }
      return;
    } catch (err) {
      // Only the download's own failures: an error of the reader's (a line it cannot read) ends here.
      if (err instanceof ShopifyError || attempt >= DOWNLOAD_ATTEMPTS) throw err;
      await sleep(500 * attempt);
    }
  }
}

function parseLine(line: string, lineNo: number): Record<string, unknown> {
  try {
    return JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new ShopifyError(
      `Shopify の一括取得の結果ファイルを読み込めませんでした（${lineNo} 行目）。`,
      "server",
    );
  }
}

/** The body's lines as they arrive, without the newline; a partial line waits for the rest. */
async function* linesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}
