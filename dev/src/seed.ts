import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from "@aws-sdk/client-cognito-identity-provider";
import { ActorContext } from "@okuru/core/actor";
import { Brand } from "@okuru/core/entities/brand";
import { CarrierAccount } from "@okuru/core/entities/carrier-account";
import { Company } from "@okuru/core/entities/company";
import { Identity } from "@okuru/core/entities/identity";
import { ItemCategory } from "@okuru/core/entities/item-category";
import { Order } from "@okuru/core/entities/order";
import { Sender } from "@okuru/core/entities/sender";
import { User } from "@okuru/core/entities/user";
import { trackingNumberOf } from "@okuru/core/shared/tracking-number";
import { Account } from "@okuru/core/workflows/account";
import { OrderSync } from "@okuru/core/workflows/order-sync";

/** The demo sign-in `npm start` prints. Local only: the pool lives in .data/. */
export const demoAccount = {
  email: "demo@okuru.example",
  password: "Okuru-demo-2026",
  companyName: "株式会社京都おくる茶舗",
} as const;

async function ensureCognitoUser(endpoint: string, userPoolId: string, email: string, password: string) {
  const cognito = new CognitoIdentityProviderClient({
    region: "ap-northeast-1",
    endpoint,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  const existing = await cognito
    .send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: email }))
    .catch((err: { name?: string }) => {
      if (err.name === "UserNotFoundException") return undefined;
      throw err;
    });
  if (existing) return existing.UserAttributes?.find((a) => a.Name === "sub")?.Value ?? existing.Username!;
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: email,
      MessageAction: "SUPPRESS",
      UserAttributes: [
        { Name: "email", Value: email },
        { Name: "email_verified", Value: "true" },
      ],
    }),
  );
  await cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: userPoolId,
      Username: email,
      Password: password,
      Permanent: true,
    }),
  );
  return created.User?.Attributes?.find((a) => a.Name === "sub")?.Value ?? created.User!.Username!;
}

/** A realistic Kyoto tea shop: every value passes the shared schemas and the postal-code check. */
const demoCompany = {
  name: "株式会社京都おくる茶舗",
  name_kana: "カブシキガイシャキョウトオクルチャホ",
  postal_code: "6048005",
  prefecture: "京都府",
  city: "京都市中京区",
  address1: "恵比須町534-40",
  address2: "河原町おくるビル3階",
  phone: "075-213-0011",
  contact_name: "髙橋 一郎",
  contact_email: "demo@okuru.example",
} as const;

const demoSenders = [
  {
    name: "京都おくる茶舗 本店",
    company_name: "株式会社京都おくる茶舗",
    postal_code: demoCompany.postal_code,
    prefecture: demoCompany.prefecture,
    city: demoCompany.city,
    address1: demoCompany.address1,
    address2: demoCompany.address2,
    phone: demoCompany.phone,
  },
  {
    name: "京都おくる茶舗 大阪倉庫",
    company_name: "株式会社京都おくる茶舗 物流部",
    postal_code: "5320011",
    prefecture: "大阪府",
    city: "大阪市淀川区",
    address1: "西中島5丁目14-22",
    address2: "新大阪物流センター2階",
    phone: "06-6305-0123",
  },
] as const;

/**
 * One self-printed account per carrier, each with a demo range of 10,000 numbers, so a
 * newcomer can issue labels at once (the numbers pass the carriers' check digit but
 * were never assigned by a carrier: demo labels are not for real parcels).
 */
const demoRange = (serial: number) => [
  { first: trackingNumberOf(serial), last: trackingNumberOf(serial + 9_999) },
];
const demoCarrierAccounts = [
  {
    carrier: "yamato",
    input: {
      name: "ヤマト運輸（デモ）",
      mode: "self_printed",
      customer_code: "075123456701",
      freight_code: "01",
      tracking_ranges: demoRange(44_441_370_000),
    },
  },
  {
    carrier: "sagawa",
    input: {
      name: "佐川急便（デモ）",
      mode: "self_printed",
      customer_code: "123456789012",
      tracking_ranges: demoRange(51_254_750_000),
    },
  },
  {
    carrier: "japan_post",
    input: {
      name: "日本郵便 ゆうパック（デモ）",
      mode: "self_printed",
      posting_office: "京都中央郵便局",
      tracking_ranges: demoRange(40_554_840_000),
    },
  },
] as const;

const demoItemCategories = [
  { name: "日本茶", handling1: "ワレモノ注意", handling2: "天地無用" },
  { name: "和菓子", handling1: "生もの", handling2: "" },
] as const;

/**
 * A demo company that has finished setup, with a complete 会社概要, a named
 * administrator, senders, item categories and brand defaults, so a newcomer lands
 * on the order list with everything a label needs. Everything goes through core's
 * domain functions, as the screens would. Idempotent: a second start finds the
 * identity and leaves everything as it is.
 */
export async function seedDemo(
  cognitoEndpoint: string,
  userPoolId: string,
  /** Connects the demo's shops (run as its administrator, on every start: simulator tokens are per process). */
  connectShops?: () => Promise<void>,
): Promise<"created" | "exists"> {
  const { email, password, companyName } = demoAccount;
  const subject = await ensureCognitoUser(cognitoEndpoint, userPoolId, email, password);
  const existing = await Identity.resolve(subject);
  if (existing?.tenantId && existing.userId) {
    const admin = {
      type: "user" as const,
      properties: {
        tenantId: existing.tenantId,
        userId: existing.userId,
        subject,
        email,
        role: "admin" as const,
      },
    };
    // The demo shows API連携 (an operator's switch elsewhere), also in data seeded before it existed.
    await Company.setFeature(existing.tenantId, "api", true);
    await ActorContext.with(admin, async () => {
      if (connectShops) await connectShops();
      // A start of a newer version judges the kept orders by its rules, not the day's first tick.
      await OrderSync.requestJudgement("settings");
      // ...and finds them by its search tokens (orders written by an older version are rewritten).
      await Order.reindexSearch();
    });
    return "exists";
  }
  const { tenantId, userId } = await ActorContext.with(
    { type: "identity", properties: { subject, email, emailVerified: true } },
    () => Account.signup({ company_name: companyName }),
  );
  const admin = {
    type: "user" as const,
    properties: { tenantId, userId, subject, email, role: "admin" as const },
  };
  await ActorContext.with(admin, async () => {
    await Company.update(demoCompany);
    await Company.setFeature(tenantId, "api", true);
    await User.update(userId, { name: demoCompany.contact_name, role: "admin" });
    const senders = [];
    for (const sender of demoSenders) senders.push(await Sender.create(sender));
    const categories = [];
    for (const category of demoItemCategories) categories.push(await ItemCategory.create(category));
    await Brand.update({ name: "京都おくる茶舗" });
    await Brand.setDefaultSender({ sender_id: senders[0]!.senderId });
    await Brand.setDefaultItemCategory({ item_category_id: categories[0]!.itemCategoryId });
    await Company.updateSetupStatus({ setup_status: "stores" });
    if (!connectShops) return;
    await connectShops();
    await Company.updateSetupStatus({ setup_status: "carriers" });
    for (const { carrier, input } of demoCarrierAccounts) await CarrierAccount.create(carrier, input);
    // The first syncs may have judged the orders before there was a carrier to ship by.
    await OrderSync.requestJudgement("settings");
    await Company.updateSetupStatus({ setup_status: "done" });
  });
  return "created";
}
