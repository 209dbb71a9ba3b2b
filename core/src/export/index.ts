export * as CarrierExport from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import { Brand } from "../brand";
import { CarrierAccount } from "../carrier";
import {
  type ExportFormat,
  type ExportOrder,
  type ExportSender,
  exportFile,
  exportFormats,
} from "../carrier/export";
import { Company } from "../company";
import { RuleError } from "../error";
import { Files } from "../files";
import { ItemCategory } from "../item-category";
import { Order } from "../order";
import type { OrderItem } from "../order/entity";
import { Sender } from "../sender";
import { type Carrier, carrierLabels } from "../shared/brand";
import { deliveryDefaults, deliverySchemas, type ItemDefaults } from "../shared/delivery";
import { createID } from "../util/id";
import { ExportRefEntity } from "./entity";

/**
 * Carrier software hand-off (POST /api/exports): the selected orders as one carrier's
 * import file, in S3 under the company's prefix, with a short-lived download URL. Each
 * order ships with its own delivery for that carrier, or the carrier's defaults from
 * its own data (exporting never changes the order, it only marks it 出力済み); an order
 * that cannot go into the file is listed with its reasons and left out.
 */

export const formats = exportFormats;
/** Orders per request: the files stay small enough to answer at once. */
export const MAX_ORDERS = 1000;

export const formatCarrier: Record<ExportFormat, Carrier> = {
  yamato_b2: "yamato",
  sagawa_ehiden3: "sagawa",
  japan_post_yuprir: "japan_post",
  clickpost: "japan_post",
};

export const formatLabels: Record<ExportFormat, string> = {
  yamato_b2: "B2クラウド",
  sagawa_ehiden3: "e飛伝Ⅲ",
  japan_post_yuprir: "ゆうプリR",
  clickpost: "クリックポスト",
};

export const Request = z
  .object({
    format: z.enum(exportFormats, { error: "出力形式を選択してください" }),
    order_ids: z
      .array(z.string().max(64))
      .min(1, { error: "注文を選択してください" })
      .max(MAX_ORDERS, { error: `一度に出力できるのは${MAX_ORDERS}件までです` }),
  })
  .meta({ id: "ExportRequest" });

const Reason = z.object({ field: z.string(), message: z.string() });
export const Result = z
  .object({
    export_id: z.string(),
    format: z.enum(exportFormats),
    filename: z.string(),
    url: z
      .string()
      .nullable()
      .meta({ description: "ファイルのダウンロードURL（15分有効）。1件も出力できないときは null" }),
    included: z.array(z.string()),
    excluded: z.array(z.object({ order_id: z.string(), reasons: z.array(Reason) })),
  })
  .meta({ id: "ExportResult" });
export type Result = z.infer<typeof Result>;

const today = (now = new Date()) => new Intl.DateTimeFormat("sv-SE", { timeZone: "Asia/Tokyo" }).format(now); // YYYY-MM-DD

function personAsSender(person: {
  name: string;
  companyName?: string;
  postalCode: string;
  prefecture: string;
  city: string;
  address1: string;
  address2?: string;
  phone: string;
}): ExportSender {
  return {
    name: person.name,
    company: person.companyName ?? "",
    postalCode: person.postalCode,
    prefecture: person.prefecture,
    city: person.city,
    address1: person.address1,
    address2: person.address2 ?? "",
    phone: person.phone,
  };
}

/** ご依頼主 of each order: its own sender, else the brand's default, else the company itself. */
async function senderResolver() {
  const brand = await Brand.get();
  const cache = new Map<string, ExportSender | undefined>();
  const senderById = async (id: string) => {
    if (!cache.has(id)) {
      const sender = await Sender.find(id);
      cache.set(id, sender ? personAsSender(sender) : undefined);
    }
    return cache.get(id);
  };
  const company = await Company.get();
  const companySender = personAsSender({
    name: company.name,
    postalCode: company.postalCode ?? "",
    prefecture: company.prefecture ?? "",
    city: company.city ?? "",
    address1: company.address1 ?? "",
    address2: company.address2 ?? "",
    phone: company.phone ?? "",
  });
  const fallback = (brand?.defaultSenderId && (await senderById(brand.defaultSenderId))) || companySender;
  return async (order: OrderItem) => (order.senderId && (await senderById(order.senderId))) || fallback;
}

async function brandItems(): Promise<ItemDefaults | undefined> {
  const id = (await Brand.get())?.defaultItemCategoryId;
  const category = id ? await ItemCategory.find(id) : undefined;
  return category
    ? { name: category.name, handling1: category.handling1 ?? "", handling2: category.handling2 ?? "" }
    : undefined;
}

/** The account's data the file needs; clickpost needs none. */
async function accountFor(format: ExportFormat) {
  if (format === "clickpost") return undefined;
  const carrier = formatCarrier[format];
  const account = await CarrierAccount.defaultFor(carrier);
  if (!account)
    throw new RuleError(
      "export.no_account",
      `${carrierLabels[carrier]}の契約情報が登録されていません。「設定」の「配送会社連携」で登録してください。`,
    );
  const { customer_code: customerCode } = await CarrierAccount.codesOf(account.item);
  const settings = (account.item.settings ?? {}) as Record<string, string | undefined>;
  switch (format) {
    case "yamato_b2":
      return {
        customerCode: customerCode ?? "",
        classificationCode: settings.classification_code ?? "",
        freightNumber: settings.freight_code ?? "01",
      };
    case "sagawa_ehiden3":
      return { customerCode };
    case "japan_post_yuprir": {
      // One 送り状種別 per account; ゆうプリR prints 元払い, 着払い and 代引 on the form the merchant chose.
      const form = settings.form_code ?? "1100780";
      return { formCodes: { "0": form, "1": form, "2": form } };
    }
  }
}

export async function run(input: z.input<typeof Request>, now = new Date()): Promise<Result> {
  const { format, order_ids: ids } = Request.parse(input);
  const carrier = formatCarrier[format];
  const [account, senderOf, items] = await Promise.all([accountFor(format), senderResolver(), brandItems()]);

  const excluded: Result["excluded"] = [];
  const rows: ExportOrder<ExportFormat>[] = [];
  const byReference = new Map<string, OrderItem>();
  for (const id of [...new Set(ids)]) {
    const order = await Order.find(id);
    if (!order) {
      excluded.push({ order_id: id, reasons: [{ field: "order", message: "注文が見つかりません。" }] });
      continue;
    }
    if (order.shipmentStatus === "cancelled") {
      excluded.push({ order_id: id, reasons: [{ field: "order", message: "キャンセルされた注文です。" }] });
      continue;
    }
    const stored = order.delivery as { carrier?: string } | undefined;
    const delivery = deliverySchemas[carrier].safeParse(
      stored?.carrier === carrier
        ? stored
        : deliveryDefaults(
            carrier,
            {
              codAmount: order.codAmount ?? null,
              requestedDeliveryDate: order.requestedDeliveryDate ?? null,
              requestedTimeSlot: order.requestedTimeSlot ?? null,
              lineItems: order.lineItems as { name: string }[],
            },
            items,
          ),
    );
    if (!delivery.success) {
      excluded.push({
        order_id: id,
        reasons: delivery.error.issues.map((issue) => ({
          field: `delivery.${issue.path.join(".")}`,
          message: issue.message,
        })),
      });
      continue;
    }
    const reference = Order.referenceOf(order.orderId);
    byReference.set(reference, order);
    rows.push({
      reference,
      orderNumber: order.orderNumber,
      recipient: order.customer as Order.StoredPerson,
      sender: await senderOf(order),
      lineItems: (order.lineItems as { name: string; quantity: number }[]).map(({ name, quantity }) => ({
        name,
        quantity,
      })),
      delivery: delivery.data,
      account,
    } as ExportOrder<ExportFormat>);
  }

  const exportId = createID("export");
  const file = exportFile(format, rows, { today: today(now), fileSuffix: exportId.slice(-6).toLowerCase() });
  for (const skipped of file.excluded)
    excluded.push({ order_id: byReference.get(skipped.reference)!.orderId, reasons: skipped.reasons });
  const included = file.included.map((reference) => byReference.get(reference)!);

  let url: string | null = null;
  if (included.length) {
    const key = Files.keyFor("exports", exportId, file.filename);
    await Files.put(key, file.bytes, "text/csv; charset=Shift_JIS");
    url = await Files.downloadUrl(key, file.filename);
    let refs = included.map((order) => ({
      tenantId: order.tenantId,
      reference: Order.referenceOf(order.orderId),
      orderId: order.orderId,
      format,
    }));
    // BatchWrite may leave items unprocessed under load: they are written again, never dropped.
    for (let attempt = 0; refs.length && attempt < 5; attempt += 1) {
      const { unprocessed } = await ExportRefEntity.put(refs).go();
      const left = new Set(unprocessed.map((key) => (key as { reference: string }).reference));
      refs = refs.filter((ref) => left.has(ref.reference));
    }
    if (refs.length) throw new Error("export references could not be stored");
    await Order.markExported(included, format, now.toISOString());
  }
  return {
    export_id: exportId,
    format,
    filename: file.filename,
    url,
    included: included.map((order) => order.orderId),
    excluded,
  };
}

/** The order an issued-data file's お客様管理番号 stands for, if it went out in one of our files. */
export async function orderOfReference(reference: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9]{1,15}$/.test(reference)) return undefined;
  const { data } = await ExportRefEntity.get({ tenantId: useTenantID(), reference }).go();
  return data?.orderId;
}
