import { z } from "zod";
import { type CarrierMapping, MAPPING_PLACE, nameMatch } from "../../entities/shop/carrier-mapping";
import { Ecforce } from "../../platforms/ecforce";
import {
  type RequestFailure,
  realSleep,
  sendOnce,
  withPlatformRetries,
} from "../../platforms/platform-request";
import { carrierLabels } from "../../shared/brand";
import { jstDateTimeText } from "../../shared/dates";
import * as Budget from "./budget";
import { type PlatformResult, Refusal, type UploadWork } from "./work";

/**
 * Tracking numbers to Ecforce (docs/platforms.md#ecforce-shipping-update): the order is read first (our
 * number already on it is the upload done), then the shipping update (発送結果戻し) with the number, the shop's
 * own delivery company for our carrier and the ship time, then the order is read back, since an HTTP 200
 * does not prove the change was saved. Ecforce has no partial shipment: the order is shipped as a whole.
 *
 * The shop's API is asked one request at a time within its shared budget (a few
 * requests, then one a second, as the platform's field notes ask). The requests are
 * made here rather than through core/src/ecforce, whose client exports reads only.
 */

/** Ecforce's field notes: about one request a second, a few at once. */
export const ECFORCE_BUCKET = { capacity: 4, rate: 1 } as const;

export type EcforceContext = {
  tenantId: string;
  shopId: string;
  connection: Ecforce.Connection;
  /** The merchant's saved delivery companies for our carriers (店舗設定); unset ones are matched by name. */
  carrierMapping?: CarrierMapping;
  /** Tests answer without waiting. */
  sleep?: (ms: number) => Promise<void>;
};

/** Why an upload request failed for good, in the merchant's words. */
const refusals = {
  network: "ecforce に接続できませんでした。時間をおいて再度お試しください。",
  auth: "ecforce のAPIトークンが無効です。「ストア管理」で接続し直してください。",
  throttled: "ecforce の利用制限によりアップロードできませんでした。時間をおいて再度お試しください。",
  server: "ecforce でエラーが発生しました。時間をおいて再度お試しください。",
} as const;

async function request(ctx: EcforceContext, method: "GET" | "PUT", path: string, body?: unknown) {
  const key = { tenantId: ctx.tenantId, shopId: ctx.shopId };
  const fail = (kind: RequestFailure) => new Refusal(refusals[kind]);
  return withPlatformRetries(
    async () => {
      await Budget.take(key, 1, { sleep: ctx.sleep, initial: ECFORCE_BUCKET });
      const response = await sendOnce(() => Ecforce.adminFetch(ctx.connection, method, path, body), fail);
      if (response.status === 404)
        throw new Refusal("ecforce に注文が見つかりません。削除された可能性があります。");
      const json = await response.json().catch(() => undefined);
      if (json === undefined)
        throw new Refusal(`ecforce から予期しない応答を受け取りました（ステータス ${response.status}）。`);
      return { status: response.status, json: json as unknown };
    },
    { maxAttempts: 4, sleep: ctx.sleep ?? realSleep, backoff: (n) => 3000 * n, fail },
  );
}

const OrderAnswer = z.object({
  data: z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    attributes: z.object({
      state: z.string().nullish(),
      shipping_slip: z.string().nullish(),
      shipping_carrier_id: z.union([z.string(), z.number()]).nullish(),
    }),
  }),
});
const ShippingAnswer = z.object({
  success: z.array(z.unknown()).default([]),
  failure: z.array(z.unknown()).default([]),
  errors: z.array(z.object({ id: z.unknown(), messages: z.array(z.string()).default([]) })).default([]),
});
const RequestErrors = z.object({ errors: z.array(z.object({ detail: z.string().optional() })) });

const slipNumbers = (slip: string | null | undefined) => (slip ?? "").split(/[\s,、]+/).filter(Boolean);

async function readOrder(ctx: EcforceContext, id: string) {
  const { json } = await request(ctx, "GET", `orders/${encodeURIComponent(id)}.json`);
  const parsed = OrderAnswer.safeParse(json);
  if (!parsed.success) throw new Refusal("ecforce から予期しない形式の注文データを受け取りました。");
  return parsed.data.data.attributes;
}

/** Each shop's delivery companies, read once a while per process (they rarely change). */
const carriersSeen = new Map<string, { at: number; list: Ecforce.Carrier[] }>();

/**
 * A delivery company's name as compared with the one the merchant typed: width and case
 * folded (NFKC), spaces, middle dots and the company form (株式会社, (株)) left out, so
 * 「西濃運輸」 finds 「西濃運輸株式会社」 and 「ＳＥＩＮＯ」 finds 「Seino」.
 */
export function normalisedCarrierName(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/株式会社|\(株\)|㈱|有限会社|\(有\)/g, "")
    .replace(/[\s・･.,、。-]/g, "");
}

/** The shop's delivery companies, from this process's memory unless stale or `fresh` is asked. */
async function shopCarriers(ctx: EcforceContext, fresh = false): Promise<Ecforce.Carrier[]> {
  let seen = carriersSeen.get(ctx.shopId);
  if (fresh || !seen || Date.now() - seen.at > 10 * 60_000) {
    await Budget.take({ tenantId: ctx.tenantId, shopId: ctx.shopId }, 1, {
      sleep: ctx.sleep,
      initial: ECFORCE_BUCKET,
    });
    try {
      seen = { at: Date.now(), list: await Ecforce.carriers(ctx.connection, { sleep: ctx.sleep }) };
    } catch (err) {
      if (err instanceof Ecforce.EcforceError) throw new Refusal(err.message);
      throw err;
    }
    carriersSeen.set(ctx.shopId, seen);
  }
  return seen.list;
}

async function carrierIdFor(ctx: EcforceContext, work: UploadWork): Promise<string> {
  const list = await shopCarriers(ctx);
  if (work.carrier === "sss") {
    const typed = work.carrierName ?? "";
    const wanted = normalisedCarrierName(typed);
    const match =
      list.find((c) => c.name === typed) ??
      (wanted ? list.find((c) => normalisedCarrierName(c.name) === wanted) : undefined);
    if (!match)
      throw new Refusal(
        `ストアに『${typed}』の配送業者がありません。ecforce の管理画面で配送業者を登録するか、注文の配送会社名を ecforce の配送業者名に合わせてください。`,
      );
    return match.id;
  }
  const carrier = work.carrier;
  const mapped = ctx.carrierMapping?.[carrier];
  if (mapped) {
    // A company added in the shop since the list was read is looked for in a fresh read.
    if (list.some((c) => c.id === mapped) || (await shopCarriers(ctx, true)).some((c) => c.id === mapped))
      return mapped;
    throw new Refusal(
      `${carrierLabels[carrier]}に対応付けた ecforce の配送業者がショップにありません。${MAPPING_PLACE}を設定し直してください。`,
    );
  }
  const found = nameMatch(list, carrier);
  if (!found)
    throw new Refusal(
      `ecforce の配送業者に${carrierLabels[carrier]}が見つかりません。${MAPPING_PLACE}で${carrierLabels[carrier]}にあたる配送業者を選んでください。`,
    );
  return found.id;
}

export async function upload(ctx: EcforceContext, work: UploadWork): Promise<PlatformResult> {
  const id = work.platformOrderId;
  const before = await readOrder(ctx, id);
  const ours = new Set(work.numbers);
  if (slipNumbers(before.shipping_slip).some((n) => ours.has(n)))
    return { fulfillmentId: null, orderStatus: "shipped", reconciled: true };
  if (/cancel/i.test(before.state ?? "")) throw new Refusal("ecforce で注文がキャンセルされています。");
  const carrierId = await carrierIdFor(ctx, work);
  const { status, json } = await request(ctx, "PUT", "orders/shipping.json", {
    orders: [
      {
        id: Number.isFinite(Number(id)) ? Number(id) : id,
        // Several parcels of one order: every number in the one slip field, comma-separated.
        shipping_slip: work.numbers.join(","),
        shipping_carrier_id: Number(carrierId),
        // Ecforce's shipping update wants JST `YYYY-MM-DD HH:MM:SS`.
        shipped_at: jstDateTimeText(work.shippedAt, "-"),
      },
    ],
    with_async: false,
    with_sale: false,
  });
  if (status >= 400) {
    const detail = RequestErrors.safeParse(json);
    const text = detail.success ? detail.data.errors.map((e) => e.detail ?? "").join(" ") : "";
    throw new Refusal(`ecforce が発送登録を受け付けませんでした（${text || status}）。`);
  }
  const answer = ShippingAnswer.safeParse(json);
  if (!answer.success) throw new Refusal("ecforce から予期しない形式の応答を受け取りました。");
  const messages = answer.data.errors.flatMap((e) => e.messages);
  if (messages.length || answer.data.failure.length)
    throw new Refusal(`ecforce が発送登録を受け付けませんでした（${messages.join("、") || "理由不明"}）。`);
  const after = await readOrder(ctx, id);
  if (!work.numbers.every((n) => slipNumbers(after.shipping_slip).includes(n)))
    throw new Refusal("ecforce に追跡番号が反映されませんでした。時間をおいて再度お試しください。");
  return { fulfillmentId: null, orderStatus: "shipped" };
}
