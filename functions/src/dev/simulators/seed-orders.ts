import type { SeedLineItem, SeedOrder, SeedPerson } from "./seed-order";

/**
 * Realistic Japanese orders for the shop simulators, the same for a given seed:
 * every prefecture, real postal codes, the ways customers type (full-width digits,
 * hyphen variants, `〒`), long Kyoto and Hokkaido addresses, names outside JIS X 0208
 * (髙, 﨑, 𠮷), gift orders, cash on delivery, every time-slot wording, and orders
 * partly fulfilled or cancelled in the shop.
 */

/** mulberry32: small, fast and deterministic. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Real postal codes with their prefecture, city and town: one or more per prefecture. */
export const ADDRESSES: [postal: string, prefecture: string, city: string, town: string][] = [
  ["0600001", "北海道", "札幌市中央区", "北一条西"],
  ["0600042", "北海道", "札幌市中央区", "大通西"],
  ["0400001", "北海道", "函館市", "五稜郭町"],
  ["0700031", "北海道", "旭川市", "一条通"],
  ["0300801", "青森県", "青森市", "新町"],
  ["0200021", "岩手県", "盛岡市", "中央通"],
  ["9800021", "宮城県", "仙台市青葉区", "中央"],
  ["0100001", "秋田県", "秋田市", "中通"],
  ["9900039", "山形県", "山形市", "香澄町"],
  ["9608041", "福島県", "福島市", "大町"],
  ["3100021", "茨城県", "水戸市", "南町"],
  ["3200802", "栃木県", "宇都宮市", "江野町"],
  ["3710023", "群馬県", "前橋市", "本町"],
  ["3300063", "埼玉県", "さいたま市浦和区", "高砂"],
  ["2600013", "千葉県", "千葉市中央区", "中央"],
  ["1000001", "東京都", "千代田区", "千代田"],
  ["1500001", "東京都", "渋谷区", "神宮前"],
  ["1600022", "東京都", "新宿区", "新宿"],
  ["1040061", "東京都", "中央区", "銀座"],
  ["2310023", "神奈川県", "横浜市中区", "山下町"],
  ["9518066", "新潟県", "新潟市中央区", "東堀前通"],
  ["9300083", "富山県", "富山市", "総曲輪"],
  ["9200981", "石川県", "金沢市", "片町"],
  ["9100006", "福井県", "福井市", "中央"],
  ["4000031", "山梨県", "甲府市", "丸の内"],
  ["3800833", "長野県", "長野市", "権堂町"],
  ["5008833", "岐阜県", "岐阜市", "神田町"],
  ["4200857", "静岡県", "静岡市葵区", "御幸町"],
  ["4600008", "愛知県", "名古屋市中区", "栄"],
  ["5140004", "三重県", "津市", "栄町"],
  ["5200044", "滋賀県", "大津市", "京町"],
  ["6048005", "京都府", "京都市中京区", "恵比須町"],
  ["6050073", "京都府", "京都市東山区", "祇園町北側"],
  ["6008216", "京都府", "京都市下京区", "東塩小路町"],
  ["5300001", "大阪府", "大阪市北区", "梅田"],
  ["5420076", "大阪府", "大阪市中央区", "難波"],
  ["6500021", "兵庫県", "神戸市中央区", "三宮町"],
  ["6308213", "奈良県", "奈良市", "登大路町"],
  ["6408156", "和歌山県", "和歌山市", "七番丁"],
  ["6800831", "鳥取県", "鳥取市", "栄町"],
  ["6900887", "島根県", "松江市", "殿町"],
  ["7000024", "岡山県", "岡山市北区", "駅元町"],
  ["7300011", "広島県", "広島市中区", "基町"],
  ["7530064", "山口県", "山口市", "神田町"],
  ["7700834", "徳島県", "徳島市", "元町"],
  ["7600019", "香川県", "高松市", "サンポート"],
  ["7900001", "愛媛県", "松山市", "一番町"],
  ["7800841", "高知県", "高知市", "帯屋町"],
  ["8100001", "福岡県", "福岡市中央区", "天神"],
  ["8400826", "佐賀県", "佐賀市", "白山"],
  ["8500861", "長崎県", "長崎市", "江戸町"],
  ["8600806", "熊本県", "熊本市中央区", "花畑町"],
  ["8700021", "大分県", "大分市", "府内町"],
  ["8800805", "宮崎県", "宮崎市", "橘通東"],
  ["8920821", "鹿児島県", "鹿児島市", "名山町"],
  ["9000015", "沖縄県", "那覇市", "久茂地"],
];

const FAMILY: [string, string][] = [
  ["髙橋", "タカハシ"],
  ["山﨑", "ヤマザキ"],
  ["𠮷田", "ヨシダ"],
  ["佐藤", "サトウ"],
  ["鈴木", "スズキ"],
  ["田中", "タナカ"],
  ["伊藤", "イトウ"],
  ["渡邊", "ワタナベ"],
  ["齋藤", "サイトウ"],
  ["濵田", "ハマダ"],
  ["德永", "トクナガ"],
  ["中村", "ナカムラ"],
  ["小林", "コバヤシ"],
  ["長谷川", "ハセガワ"],
  ["五十嵐", "イガラシ"],
];
const GIVEN: [string, string][] = [
  ["一郎", "イチロウ"],
  ["花子", "ハナコ"],
  ["美咲", "ミサキ"],
  ["翔太", "ショウタ"],
  ["陽菜", "ヒナ"],
  ["健", "ケン"],
  ["由美子", "ユミコ"],
  ["大輔", "ダイスケ"],
  ["さくら", "サクラ"],
  ["結衣", "ユイ"],
];
const BUILDINGS = [
  "",
  "",
  "グランドメゾン京都御池通烏丸東入ル弐番館１２０３号室",
  "ライオンズマンション札幌大通公園第２ ８０５",
  "サンハイツ２０１",
  "コーポ・ハーモニー１０２号",
  "パークタワー東京ベイサイドレジデンス ３５０２",
  "メゾン・ド・さくら Ａ棟 ３０１",
  "（株）送る商事 物流センター 2F 受付",
];
const PRODUCTS: Omit<SeedLineItem, "quantity">[] = [
  { sku: "TEA-001", name: "宇治抹茶 薫風 40g", unitPrice: 2160 },
  { sku: "TEA-002", name: "玉露 雁ヶ音 100g", unitPrice: 1620 },
  { sku: "TEA-003", name: "京番茶 徳用 500g", unitPrice: 1080 },
  { sku: "SWT-001", name: "八ッ橋詰め合わせ（24個入）", unitPrice: 1296 },
  { sku: "SWT-002", name: "抹茶わらび餅 ６個入", unitPrice: 1944 },
  { sku: "CER-001", name: "清水焼 湯呑み 藍", unitPrice: 3850 },
  { sku: "CER-002", name: "急須 常滑焼 朱泥", unitPrice: 6600 },
];
const TIMES = [
  "午前中",
  "12時～14時",
  "14時～16時",
  "16時～18時",
  "18時～20時",
  "19時～21時",
  "14-16",
  "指定なし",
];
const NOTES = [
  "",
  "",
  "",
  "ギフト包装希望",
  "のし：御歳暮（名入れ：髙橋）",
  "不在の場合は宅配ボックスへ",
  "領収書を同封してください",
];

const FULL_WIDTH = (text: string) =>
  text.replace(/[0-9]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)).replace(/-/g, "－");

export type SeedOptions = {
  count: number;
  seed: number;
  /** Shop order numbers start here (Shopify's first order is #1001). */
  firstNumber?: number;
  now?: Date;
  /** Orders are spread over this many days before `now`. */
  daysBack?: number;
};

export function generateSeedOrders(options: SeedOptions): SeedOrder[] {
  const next = random(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const now = (options.now ?? new Date()).getTime();
  const span = (options.daysBack ?? 30) * 86_400_000;
  const first = options.firstNumber ?? 1001;

  const person = (index: number): SeedPerson => {
    // The first 56 people walk the address table, so a few dozen orders cover all 47 prefectures.
    const [postal, prefecture, city, town] = index < ADDRESSES.length ? ADDRESSES[index]! : pick(ADDRESSES);
    const [family, familyKana] = pick(FAMILY);
    const [given, givenKana] = pick(GIVEN);
    const block = `${1 + Math.floor(next() * 9)}-${1 + Math.floor(next() * 20)}-${1 + Math.floor(next() * 30)}`;
    const style = next();
    const postalCode =
      style < 0.5
        ? `${postal.slice(0, 3)}-${postal.slice(3)}`
        : style < 0.7
          ? postal
          : style < 0.85
            ? FULL_WIDTH(`${postal.slice(0, 3)}-${postal.slice(3)}`)
            : `〒${postal.slice(0, 3)}-${postal.slice(3)}`;
    const mobile = `0${pick(["80", "90", "70"])}-${String(1000 + Math.floor(next() * 9000))}-${String(1000 + Math.floor(next() * 9000))}`;
    const phoneStyle = next();
    return {
      familyName: family,
      givenName: given,
      familyNameKana: familyKana,
      givenNameKana: givenKana,
      company: chance(0.08) ? "株式会社送る商事" : "",
      postalCode,
      prefecture,
      city,
      address1: `${town}${phoneStyle < 0.3 ? FULL_WIDTH(block) : phoneStyle < 0.4 ? block.replace(/-/g, "ー") : block}`,
      address2: pick(BUILDINGS),
      phone:
        phoneStyle < 0.6
          ? mobile
          : phoneStyle < 0.8
            ? FULL_WIDTH(mobile).replace(/－/g, "")
            : mobile.replace(/-/g, ""),
    };
  };

  const orders: SeedOrder[] = [];
  for (let i = 0; i < options.count; i += 1) {
    const createdAt = new Date(now - span + Math.floor(((i + next()) / Math.max(1, options.count)) * span));
    const purchaser = person(i);
    const gift = chance(0.15);
    const lineItems = Array.from({ length: 1 + Math.floor(next() * (chance(0.2) ? 4 : 2)) }, () => ({
      ...pick(PRODUCTS),
      quantity: 1 + Math.floor(next() * 3),
    }));
    const deliveryDate = chance(0.4)
      ? new Date(createdAt.getTime() + (2 + Math.floor(next() * 6)) * 86_400_000 + 9 * 3600_000)
          .toISOString()
          .slice(0, 10)
      : null;
    const roll = next();
    const state =
      roll < 0.05 ? "cancelled" : roll < 0.1 ? "partially_fulfilled" : roll < 0.15 ? "fulfilled" : "open";
    // Partly shipped needs a second unit still to ship.
    if (state === "partially_fulfilled" && lineItems.length === 1)
      lineItems[0]!.quantity = Math.max(2, lineItems[0]!.quantity);
    orders.push({
      number: first + i,
      createdAt: new Date(createdAt.getTime() + 9 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "+09:00"),
      email: `customer${first + i}@example.jp`,
      purchaser,
      recipient: gift ? person(i + 17) : purchaser,
      lineItems,
      shippingFee: pick([0, 550, 880]),
      payment: chance(0.15)
        ? "cod"
        : pick(["credit_card", "credit_card", "bank_transfer", "konbini"] as const),
      deliveryDate,
      deliveryTime: deliveryDate || chance(0.2) ? TIMES[i % TIMES.length]! : null,
      note: gift ? "ギフト包装希望（金額の分かるものは同封しないでください）" : pick(NOTES),
      state:
        roll < 0.05 ? "cancelled" : roll < 0.1 ? "partially_fulfilled" : roll < 0.15 ? "fulfilled" : "open",
    });
  }
  return orders;
}
