export { ShopSettings } from "../../shared/shop";
export {
  CarrierMapping,
  CarrierMappingInfo,
  CarrierMappingUpdate,
  mappingOf,
  nameMatch,
  suggestedMapping,
} from "./carrier-mapping";
export * as Shop from "./index";
export { PrivacyRequest, privacyRequestsOf } from "./privacy-requests";

import { z } from "zod";
import { useTenantID } from "../../actor";
import { TimestampsInfo, timestampsToWire } from "../../db/attributes";
import { NotFoundError } from "../../error";
import { platforms } from "../../platforms/imported-order";
import { ShopSettings } from "../../shared/shop";
import { type Page, type PageRequest, page, readsById } from "../records";
import { CarrierMappingInfo, mappingOf } from "./carrier-mapping";
import { ShopEntity, type ShopItem } from "./entity";
import { PrivacyRequest, privacyRequestsOf } from "./privacy-requests";

/** A shop's sync as the merchant sees it on GET /api/shops and the screens. */
export const SyncState = z.object({
  running: z.boolean().default(false),
  runId: z.string().nullable().default(null),
  startedAt: z.string().nullable().default(null),
  /** Orders read from the shop and written here in the current (or last) run. */
  seen: z.number().int().default(0),
  imported: z.number().int().default(0),
  lastSuccessAt: z.string().nullable().default(null),
  /** Japanese, for the merchant; null after a successful run. */
  lastError: z.string().nullable().default(null),
  /** Orders changed in the shop since this time are read by the next run. */
  updatedSince: z.string().nullable().default(null),
  /** The current run's lower bound (the last run's start, or the import window's start). */
  runSince: z.string().nullable().default(null),
  /** Pages read in the current run (continuation messages are deduplicated by it). */
  pages: z.number().int().default(0),
  /** The cursor the current step started from (null: the run's first step). */
  stepCursor: z.string().nullable().default(null),
  /** The run's counts when the current step started: a retried step counts again from here. */
  stepBase: z
    .object({ seen: z.number().int(), imported: z.number().int(), pages: z.number().int() })
    .nullable()
    .default(null),
  /** Orders the current (or last) run expects to read: the shop's count of its window, then the bulk file's. */
  expected: z.number().int().nullable().default(null),
  /** How the current (or last) run reads: page by page, or through a Shopify bulk query. */
  method: z.enum(["paged", "bulk"]).nullable().default(null),
  /**
   * The run's Shopify bulk query: its id, the result file once it is there (valid for days,
   * so a later step reads on from it), and whether the run gave it up for paging.
   */
  bulk: z
    .object({
      operationId: z.string(),
      url: z.string().nullable().default(null),
      abandoned: z.boolean().default(false),
    })
    .nullable()
    .default(null),
});
export type SyncState = z.infer<typeof SyncState>;

/**
 * Seconds the running import still needs, at the pace it has had since it started (a
 * bulk query's wait included, so the estimate errs long); null until something is read.
 */
export function remainingSeconds(state: SyncState, now = Date.now()): number | null {
  if (!state.running || !state.startedAt || !state.expected || state.seen <= 0) return null;
  const elapsed = (now - Date.parse(state.startedAt)) / 1000;
  const left = Math.max(0, state.expected - state.seen);
  return Math.ceil((elapsed / state.seen) * left);
}

export const Info = z
  .object({
    id: z.string(),
    platform: z.enum(platforms),
    name: z.string(),
    domain: z.string(),
    status: z.enum(["active", "inactive"]),
    settings: z.object({
      import_days: z.number(),
      include_fulfilled: z.boolean(),
      tracking_upload: z.enum(["none", "shipping"]),
    }),
    /**
     * Ecforce shops only: the shop's delivery company (id) saved for each of our carriers,
     * null where none is saved (the upload then matches by name). Absent for Shopify.
     */
    carrier_mapping: CarrierMappingInfo.optional(),
    sync: z.object({
      status: z.enum(["running", "idle"]),
      seen: z.number(),
      imported: z.number(),
      /** Orders the run expects to read (null: not yet known). */
      expected: z.number().nullable(),
      /** Seconds the running import still needs, estimated from its pace so far (null: not yet known). */
      remaining_seconds: z.number().nullable(),
      /** `bulk`: the run reads through a Shopify bulk query; `paged`: page by page. */
      method: z.enum(["paged", "bulk"]).nullable(),
      started_at: z.string().nullable(),
      last_success_at: z.string().nullable(),
      last_error: z.string().nullable(),
    }),
    /**
     * Shopify's privacy requests about the shop's customers, newest first (the merchant
     * answers data requests).
     */
    privacy_requests: z.array(PrivacyRequest),
    ...TimestampsInfo,
  })
  .meta({ id: "Shop" });
export type Info = z.infer<typeof Info>;

export function syncStateOf(item: ShopItem): SyncState {
  return SyncState.parse(item.syncState ?? {});
}

export function serialize(item: ShopItem): Info {
  const sync = syncStateOf(item);
  return {
    id: item.shopId,
    platform: item.platform,
    name: item.name,
    domain: item.domain,
    status: item.status,
    settings: ShopSettings.parse(item.settings ?? {}),
    ...(item.platform === "ecforce" ? { carrier_mapping: mappingOf(item.carrierMapping) } : {}),
    sync: {
      status: sync.running ? "running" : "idle",
      seen: sync.seen,
      imported: sync.imported,
      expected: sync.expected,
      remaining_seconds: remainingSeconds(sync),
      method: sync.method,
      started_at: sync.startedAt,
      last_success_at: sync.lastSuccessAt,
      last_error: sync.lastError,
    },
    privacy_requests: privacyRequestsOf(item),
    ...timestampsToWire(item),
  };
}

export const notFound = () => new NotFoundError("shop.not_found", "ストアが見つかりません。");

export const { find, get } = readsById(
  "shop",
  (tenantId, shopId) => ShopEntity.get({ tenantId, shopId }).go(),
  notFound,
);

/** Whether the company has at least one connected shop (the setup wizard's stores step needs one). */
export async function hasActive(): Promise<boolean> {
  const { data } = await ShopEntity.query
    .byId({ tenantId: useTenantID() })
    .go({ attributes: ["status"], pages: "all" });
  return data.some((shop) => shop.status === "active");
}

/** Every shop of the company, one page (a company connects a handful). */
export async function list(request?: PageRequest): Promise<Page<ShopItem>> {
  return page(ShopEntity.query.byId({ tenantId: useTenantID() }), request);
}
