import { normalizePhone } from "@okuru/core/shared/phone";
import type { SeedLineItem, SeedOrder, SeedPerson } from "./seed-order";

/**
 * Realistic Japanese orders for the shop simulators, the same for a given seed:
 * every prefecture, real postal codes, the ways customers type (full-width digits,
 * hyphen variants, `〒`, `丁目番地`), long Kyoto street-direction addresses and
 * building names, names outside JIS X 0208 (髙, 﨑, 𠮷, 德, 濵), gift orders, cash on
 * delivery, every time-slot wording, and orders partly fulfilled or cancelled in the shop.
 */

/** mulberry32: small, fast and deterministic. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Real postal codes with the prefecture, city and town Japan Post gives them (checked
 * against core's geocoding in the test), at least one per prefecture and more where
 * orders come from most. Kyoto entries carry the street directions (通り名) customers
 * write before the town.
 */
export const ADDRESSES: readonly [
  postal: string,
  prefecture: string,
  city: string,
  town: string,
  street?: string,
][] = [
  ["0600001", "北海道", "札幌市中央区", "北一条西"],
  ["0600005", "北海道", "札幌市中央区", "北五条西"],
  ["0640809", "北海道", "札幌市中央区", "南九条西"],
  ["0400063", "北海道", "函館市", "若松町"],
  ["0700031", "北海道", "旭川市", "１条通"],
  ["0470032", "北海道", "小樽市", "稲穂"],
  ["0850017", "北海道", "釧路市", "幸町"],
  ["0800010", "北海道", "帯広市", "大通南"],
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
  ["1040061", "東京都", "中央区", "銀座"],
  ["1060032", "東京都", "港区", "六本木"],
  ["1350091", "東京都", "港区", "台場"],
  ["1500001", "東京都", "渋谷区", "神宮前"],
  ["1500002", "東京都", "渋谷区", "渋谷"],
  ["1600022", "東京都", "新宿区", "新宿"],
  ["1700013", "東京都", "豊島区", "東池袋"],
  ["1100005", "東京都", "台東区", "上野"],
  ["1300001", "東京都", "墨田区", "吾妻橋"],
  ["1550031", "東京都", "世田谷区", "北沢"],
  ["1800004", "東京都", "武蔵野市", "吉祥寺本町"],
  ["1920083", "東京都", "八王子市", "旭町"],
  ["2310023", "神奈川県", "横浜市中区", "山下町"],
  ["2200012", "神奈川県", "横浜市西区", "みなとみらい"],
  ["9518066", "新潟県", "新潟市中央区", "東堀前通"],
  ["9300083", "富山県", "富山市", "総曲輪"],
  ["9200981", "石川県", "金沢市", "片町"],
  ["9100006", "福井県", "福井市", "中央"],
  ["4000031", "山梨県", "甲府市", "丸の内"],
  ["3800833", "長野県", "長野市", "権堂町"],
  ["5008833", "岐阜県", "岐阜市", "神田町"],
  ["4200857", "静岡県", "静岡市葵区", "御幸町"],
  ["4600008", "愛知県", "名古屋市中区", "栄"],
  ["4500002", "愛知県", "名古屋市中村区", "名駅"],
  ["5140004", "三重県", "津市", "栄町"],
  ["5200044", "滋賀県", "大津市", "京町"],
  ["6048005", "京都府", "京都市中京区", "恵比須町", "河原町通三条上る"],
  ["6048091", "京都府", "京都市中京区", "下本能寺前町", "寺町通御池下ル"],
  ["6008008", "京都府", "京都市下京区", "長刀鉾町", "四条通烏丸東入"],
  ["6008216", "京都府", "京都市下京区", "東塩小路町"],
  ["6050073", "京都府", "京都市東山区", "祇園町北側"],
  ["6050074", "京都府", "京都市東山区", "祇園町南側"],
  ["6050862", "京都府", "京都市東山区", "清水"],
  ["6168385", "京都府", "京都市右京区", "嵯峨天龍寺芒ノ馬場町"],
  ["6038214", "京都府", "京都市北区", "紫野雲林院町"],
  ["6110021", "京都府", "宇治市", "宇治"],
  ["5300001", "大阪府", "大阪市北区", "梅田"],
  ["5300012", "大阪府", "大阪市北区", "芝田"],
  ["5420076", "大阪府", "大阪市中央区", "難波"],
  ["5560011", "大阪府", "大阪市浪速区", "難波中"],
  ["5430001", "大阪府", "大阪市天王寺区", "上本町"],
  ["5900028", "大阪府", "堺市堺区", "三国ヶ丘御幸通"],
  ["5640063", "大阪府", "吹田市", "江坂町"],
  ["5690803", "大阪府", "高槻市", "高槻町"],
  ["6500021", "兵庫県", "神戸市中央区", "三宮町"],
  ["6700012", "兵庫県", "姫路市", "本町"],
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
  ["8120012", "福岡県", "福岡市博多区", "博多駅中央街"],
  ["8400826", "佐賀県", "佐賀市", "白山"],
  ["8500861", "長崎県", "長崎市", "江戸町"],
  ["8600806", "熊本県", "熊本市中央区", "花畑町"],
  ["8700021", "大分県", "大分市", "府内町"],
  ["8800805", "宮崎県", "宮崎市", "橘通東"],
  ["8920821", "鹿児島県", "鹿児島市", "名山町"],
  ["9000015", "沖縄県", "那覇市", "久茂地"],
];

/** Landline area codes of the big cities (the rest of the customers give a mobile number). */
const AREA_CODES: [cityPrefix: string, code: string][] = [
  ["札幌市", "011"],
  ["横浜市", "045"],
  ["名古屋市", "052"],
  ["京都市", "075"],
  ["大阪市", "06"],
  ["神戸市", "078"],
  ["福岡市", "092"],
];

/**
 * Names written with forms outside JIS X 0208 (髙, 﨑, 𠮷, 德, 濵), which Yamato's B2クラウド
 * refuses: real, but a few customers in a hundred, not a quarter of them, or the demo's
 * エラー tab would be mostly these.
 */
const OLD_FORM_SHARE = 0.04;
const OLD_FORM_FAMILY: [string, string, string][] = [
  ["髙橋", "タカハシ", "takahashi"],
  ["山﨑", "ヤマザキ", "yamazaki"],
  ["宮﨑", "ミヤザキ", "miyazaki"],
  ["𠮷田", "ヨシダ", "yoshida"],
  ["德永", "トクナガ", "tokunaga"],
  ["濵田", "ハマダ", "hamada"],
  ["濵口", "ハマグチ", "hamaguchi"],
];
const OLD_FORM_GIVEN: [string, string, string][] = [["德子", "ノリコ", "noriko"]];

/** Family names: kanji, katakana, romaji (for e-mail addresses). */
const FAMILY: [string, string, string][] = [
  ["高橋", "タカハシ", "takahashi"],
  ["山崎", "ヤマザキ", "yamazaki"],
  ["吉田", "ヨシダ", "yoshida"],
  ["渡邊", "ワタナベ", "watanabe"],
  ["渡辺", "ワタナベ", "watanabe"],
  ["齋藤", "サイトウ", "saito"],
  ["佐藤", "サトウ", "sato"],
  ["鈴木", "スズキ", "suzuki"],
  ["田中", "タナカ", "tanaka"],
  ["伊藤", "イトウ", "ito"],
  ["山本", "ヤマモト", "yamamoto"],
  ["中村", "ナカムラ", "nakamura"],
  ["小林", "コバヤシ", "kobayashi"],
  ["加藤", "カトウ", "kato"],
  ["山田", "ヤマダ", "yamada"],
  ["佐々木", "ササキ", "sasaki"],
  ["松本", "マツモト", "matsumoto"],
  ["井上", "イノウエ", "inoue"],
  ["木村", "キムラ", "kimura"],
  ["林", "ハヤシ", "hayashi"],
  ["清水", "シミズ", "shimizu"],
  ["長谷川", "ハセガワ", "hasegawa"],
  ["五十嵐", "イガラシ", "igarashi"],
  ["藤原", "フジワラ", "fujiwara"],
  ["岡田", "オカダ", "okada"],
  ["前田", "マエダ", "maeda"],
  ["比嘉", "ヒガ", "higa"],
];

/** Given names: kanji (or kana), katakana, romaji. */
const GIVEN: [string, string, string][] = [
  ["一郎", "イチロウ", "ichiro"],
  ["花子", "ハナコ", "hanako"],
  ["美咲", "ミサキ", "misaki"],
  ["翔太", "ショウタ", "shota"],
  ["陽菜", "ヒナ", "hina"],
  ["健", "ケン", "ken"],
  ["由美子", "ユミコ", "yumiko"],
  ["大輔", "ダイスケ", "daisuke"],
  ["さくら", "サクラ", "sakura"],
  ["結衣", "ユイ", "yui"],
  ["蓮", "レン", "ren"],
  ["陽翔", "ハルト", "haruto"],
  ["恵子", "ケイコ", "keiko"],
  ["和子", "カズコ", "kazuko"],
  ["誠", "マコト", "makoto"],
  ["直樹", "ナオキ", "naoki"],
  ["彩", "アヤ", "aya"],
  ["優子", "ユウコ", "yuko"],
  ["拓也", "タクヤ", "takuya"],
  ["智子", "トモコ", "tomoko"],
  ["悠真", "ユウマ", "yuma"],
];

const COMPANIES = [
  "株式会社送る商事",
  "（株）京都ティーサービス",
  "有限会社まるや製菓",
  "合同会社ことのは",
  "株式会社 山田工務店 総務部",
  "医療法人社団 さくら会 さくら内科クリニック",
];

/** Buildings and rooms as typed; the empty ones are detached houses. */
const BUILDINGS = [
  "グランドメゾン京都御池通烏丸東入ル弐番館１２０３号室",
  "ライオンズマンション札幌大通公園第２ ８０５",
  "サンハイツ２０１",
  "コーポ・ハーモニー102号",
  "パークタワー東京ベイサイドレジデンス ３５０２",
  "メゾン・ド・さくら Ａ棟 ３０１",
  "ザ・パークハウス西新宿タワー60 4501号室",
  "ＫＤＸ梅田ビル５Ｆ",
  "シティハウス中之島ウエストサイドコート弐番街　Ｂ－１１０７",
  "レオパレス21ロイヤルヒルズ 203",
  "第３松屋ビル ３階",
  "プレサンスロジェ京都四条烏丸 7F 701",
  "ヴィラ・ソレイユ南青山 ＃４０２",
];

const PRODUCTS: Omit<SeedLineItem, "quantity">[] = [
  { sku: "TEA-001", name: "宇治抹茶 薫風 40g", unitPrice: 2160 },
  { sku: "TEA-002", name: "玉露 雁ヶ音 100g", unitPrice: 1620 },
  { sku: "TEA-003", name: "京番茶 徳用 500g", unitPrice: 1080 },
  { sku: "TEA-004", name: "ほうじ茶 ティーバッグ 2.5g×30包", unitPrice: 864 },
  { sku: "TEA-005", name: "煎茶 八十八夜 100g", unitPrice: 1296 },
  { sku: "TEA-006", name: "抹茶缶ギフトセット（桐箱入り）", unitPrice: 5400 },
  { sku: "SWT-001", name: "八ッ橋詰め合わせ（24個入）", unitPrice: 1296 },
  { sku: "SWT-002", name: "抹茶わらび餅 ６個入", unitPrice: 1944 },
  { sku: "SWT-003", name: "小倉羊羹 竿物 1本", unitPrice: 2376 },
  { sku: "SWT-004", name: "金平糖 小瓶3種セット", unitPrice: 1620 },
  { sku: "SWT-005", name: "どら焼き 10個入", unitPrice: 2700 },
  { sku: "CER-001", name: "清水焼 湯呑み 藍", unitPrice: 3850 },
  { sku: "CER-002", name: "急須 常滑焼 朱泥", unitPrice: 6600 },
  { sku: "CER-003", name: "有田焼 豆皿 5枚組", unitPrice: 4400 },
  { sku: "CER-004", name: "信楽焼 ぐい呑み", unitPrice: 2750 },
  { sku: "CER-005", name: "萩焼 夫婦茶碗", unitPrice: 8800 },
];

/** Every wording the delivery-date apps write into the order. */
export const DELIVERY_TIMES = [
  "午前中",
  "12時～14時",
  "14時～16時",
  "16時～18時",
  "18時～20時",
  "19時～21時",
  "14-16",
  "指定なし",
] as const;

const NOTES = [
  "ギフト包装希望",
  "のし：御歳暮",
  "のし：御中元（外のし）",
  "のし紙（内のし）：内祝　名入れ：髙橋",
  "不在の場合は宅配ボックスへ",
  "領収書を同封してください（宛名：株式会社送る商事）",
  "置き配希望（玄関前）",
];

/** The hyphens customers type between block numbers. */
const HYPHENS = ["－", "ー", "‐", "−"] as const;

const fullWidth = (text: string) =>
  text.replace(/[0-9A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/-/g, "－");

const DAY = 86_400_000;
const JST = 9 * 3_600_000;

/** `2026-11-20T14:03:27+09:00` for an instant. */
const jstTimestamp = (time: number) => `${new Date(time + JST).toISOString().slice(0, 19)}+09:00`;

export type SeedOptions = {
  count: number;
  seed: number;
  /** Shop order numbers start here (Shopify's first order is #1001). */
  firstNumber?: number;
  now?: Date;
  /** Orders are spread over this many days before `now`. */
  daysBack?: number;
  /**
   * The share of orders whose recipient carries a customer's mistake a label would
   * print wrongly (another prefecture's postal code, a phone number short of a digit),
   * for the error tab of a demo. None by default.
   */
  mistakes?: number;
};

export function generateSeedOrders(options: SeedOptions): SeedOrder[] {
  const next = random(options.seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number) => next() < p;
  const first = options.firstNumber ?? 1001;
  const count = Math.max(0, Math.floor(options.count));

  // Whole seconds inside [now - daysBack, now).
  const end = (options.now ?? new Date()).getTime();
  const start = Math.ceil((end - (options.daysBack ?? 30) * DAY) / 1000) * 1000;
  const seconds = Math.max(0, Math.floor((end - start - 1) / 1000));

  // The first purchasers walk the whole table in a seeded order, so every prefecture
  // appears once there are as many orders as entries; later ones pick at random.
  const walk = ADDRESSES.map((_, index) => index);
  for (let i = walk.length - 1; i > 0; i -= 1) {
    const j = int(0, i);
    [walk[i], walk[j]] = [walk[j]!, walk[i]!];
  }

  const postalCodeAsTyped = (postal: string) => {
    const dashed = `${postal.slice(0, 3)}-${postal.slice(3)}`;
    const style = next();
    if (style < 0.45) return dashed;
    if (style < 0.6) return postal;
    if (style < 0.75) return fullWidth(dashed);
    if (style < 0.85) return `〒${dashed}`;
    if (style < 0.92)
      return `〒${fullWidth(postal.slice(0, 3))}${pick(HYPHENS)}${fullWidth(postal.slice(3))}`;
    return fullWidth(postal);
  };

  const blockAsTyped = (city: string, town: string, street: string | undefined) => {
    if (street || city.startsWith("京都市")) {
      // Kyoto has no 丁目: directions (if known), town and a lot number; the directions are sometimes left out.
      const lot = String(int(1, 700));
      const number = chance(0.4) ? fullWidth(lot) : chance(0.3) ? `${lot}番地` : lot;
      return `${street && chance(0.85) ? street : ""}${town}${number}`;
    }
    const [a, b, c] = [int(1, 9), int(1, 25), int(1, 40)];
    const style = next();
    if (style < 0.35) return `${town}${a}-${b}-${c}`;
    if (style < 0.55) return `${town}${fullWidth(`${a}-${b}-${c}`)}`;
    if (style < 0.7) {
      const hyphen = pick(HYPHENS);
      return `${town}${fullWidth(String(a))}${hyphen}${fullWidth(String(b))}${hyphen}${fullWidth(String(c))}`;
    }
    if (style < 0.8) return `${town}${a}丁目${b}番地${c}`;
    if (style < 0.88) return `${town}${fullWidth(`${a}`)}丁目${fullWidth(`${b}`)}番${fullWidth(`${c}`)}号`;
    if (style < 0.94) return `${town}${a}丁目${b}-${c}`;
    // No chōme: a lot number only, with a space typed after the town.
    return `${town} ${int(1, 3000)}${pick(["", "番地", "-1"])}`;
  };

  const phoneAsTyped = (prefecture: string, city: string) => {
    const tokyoWard = prefecture === "東京都" && city.endsWith("区");
    const area = AREA_CODES.find(([prefix]) => city.startsWith(prefix))?.[1] ?? (tokyoWard ? "03" : "");
    if (area && chance(0.35)) {
      const local = area.length === 2 ? 4 : 3;
      // An exchange the numbering plan has given out: a customer's real number always is one.
      let exchange = "";
      let line = "";
      do {
        exchange = String(int(10 ** (local - 1) * 2, 10 ** local - 1));
        line = String(int(0, 9999)).padStart(4, "0");
      } while (!normalizePhone(`${area}-${exchange}-${line}`));
      const style = next();
      if (style < 0.4) return `${area}(${exchange})${line}`;
      if (style < 0.7) return `${area}-${exchange}-${line}`;
      if (style < 0.85) return `(${area})${exchange}-${line}`;
      return fullWidth(`${area}-${exchange}-${line}`);
    }
    const mobile = `${pick(["090", "080", "070"])}-${int(1000, 9999)}-${String(int(0, 9999)).padStart(4, "0")}`;
    const style = next();
    if (style < 0.5) return mobile;
    if (style < 0.7) return mobile.replace(/-/g, "");
    if (style < 0.85) return fullWidth(mobile).replace(/－/g, "");
    if (style < 0.93) return fullWidth(mobile);
    return mobile.replace(/-/g, pick(HYPHENS));
  };

  let oldForms = 0;
  /** A person at the table's address, with the romaji of the name for an e-mail address. */
  const person = (addressIndex: number): [SeedPerson, romaji: [string, string]] => {
    const [postal, prefecture, city, town, street] = ADDRESSES[addressIndex]!;
    // The old forms take turns, so even a small shop shows each of them.
    const oldForm = chance(OLD_FORM_SHARE) ? oldForms++ : -1;
    const [family, familyKana, familyRomaji] =
      oldForm >= 0 && oldForm % 8 !== 7 ? OLD_FORM_FAMILY[oldForm % 8]! : pick(FAMILY);
    const [given, givenKana, givenRomaji] = oldForm % 8 === 7 ? OLD_FORM_GIVEN[0]! : pick(GIVEN);
    const someone: SeedPerson = {
      familyName: family,
      givenName: given,
      familyNameKana: familyKana,
      givenNameKana: givenKana,
      company: chance(0.08) ? pick(COMPANIES) : "",
      postalCode: postalCodeAsTyped(postal),
      prefecture,
      city,
      address1: blockAsTyped(city, town, street),
      address2: chance(0.4) ? "" : pick(BUILDINGS),
      phone: phoneAsTyped(prefecture, city),
    };
    return [someone, [familyRomaji, givenRomaji]];
  };

  const emailOf = ([family, given]: [string, string]) => {
    const domain = pick(["example.jp", "example.com"]);
    const style = next();
    if (style < 0.35) return `${given[0]}.${family}@${domain}`;
    if (style < 0.55) return `${family}.${given}@${domain}`;
    if (style < 0.75) return `${given}_${family[0]}${int(1960, 2005)}@${domain}`;
    if (style < 0.9) return `${family}${given[0]}${String(int(1, 99)).padStart(2, "0")}@${domain}`;
    return `${given}.${family}+shop@${domain}`;
  };

  const orders: SeedOrder[] = [];
  for (let i = 0; i < count; i += 1) {
    // Stratified over the window, so the times ascend without sorting.
    const createdAt = start + Math.floor(((i + next()) / count) * seconds) * 1000;
    const addressIndex = i < walk.length ? walk[i]! : int(0, ADDRESSES.length - 1);
    const [purchaser, romaji] = person(addressIndex);

    const gift = chance(0.15);
    let recipient: SeedPerson = purchaser;
    if (gift) {
      let other = int(0, ADDRESSES.length - 2);
      if (other >= addressIndex) other += 1;
      const [someone] = person(other);
      // A gift to family may share the family name, never the whole name.
      if (someone.familyName === purchaser.familyName && someone.givenName === purchaser.givenName)
        someone.givenName = purchaser.givenName === "花子" ? "一郎" : "花子";
      recipient = someone;
    }

    const itemCount = pick([1, 1, 1, 1, 2, 2, 2, 3, 3, 4]);
    const skus = new Set<string>();
    const lineItems: SeedLineItem[] = [];
    while (lineItems.length < itemCount) {
      const product = pick(PRODUCTS);
      if (skus.has(product.sku)) continue;
      skus.add(product.sku);
      lineItems.push({ ...product, quantity: pick([1, 1, 1, 2, 2, 3]) });
    }

    if (options.mistakes && chance(options.mistakes)) {
      recipient = { ...recipient };
      if (chance(0.6)) {
        const elsewhere = ADDRESSES.filter(([, prefecture]) => prefecture !== recipient.prefecture);
        recipient.postalCode = pick(elsewhere)[0];
      } else {
        recipient.phone = recipient.phone.replace(/[0-9０-９]$/, "");
      }
    }

    const roll = next();
    const state: SeedOrder["state"] =
      roll < 0.05 ? "cancelled" : roll < 0.1 ? "partially_fulfilled" : roll < 0.15 ? "fulfilled" : "open";
    // Partly shipped needs a second unit still to ship.
    if (state === "partially_fulfilled" && lineItems.length === 1)
      lineItems[0]!.quantity = Math.max(2, lineItems[0]!.quantity);

    const subtotal = lineItems.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
    const remote = recipient.prefecture === "北海道" || recipient.prefecture === "沖縄県";
    const shippingFee = subtotal >= 10_800 && chance(0.9) ? 0 : remote || chance(0.1) ? 880 : 550;

    const payRoll = next();
    const payment: SeedOrder["payment"] =
      payRoll < 0.15 ? "cod" : payRoll < 0.7 ? "credit_card" : payRoll < 0.85 ? "konbini" : "bank_transfer";

    // A day asked for 2–7 days out; an order still to ship asks for one still ahead, as a
    // shop's open orders do when the demo starts (an old open order with a passed day is an error).
    const askedFrom =
      state === "open" || state === "partially_fulfilled" ? Math.max(createdAt, end - DAY) : createdAt;
    const deliveryDate = chance(0.4)
      ? new Date(askedFrom + JST + int(2, 7) * DAY).toISOString().slice(0, 10)
      : null;
    const deliveryTime = deliveryDate || chance(0.1) ? pick(DELIVERY_TIMES) : null;

    const note = gift
      ? pick([
          "ギフト包装希望",
          "のし：御歳暮",
          "ギフト包装希望（金額の分かるものは同封しないでください）",
          "",
        ])
      : chance(0.25)
        ? pick(NOTES)
        : "";

    orders.push({
      number: first + i,
      createdAt: jstTimestamp(createdAt),
      email: emailOf(romaji),
      purchaser,
      recipient,
      lineItems,
      shippingFee,
      payment,
      deliveryDate,
      deliveryTime,
      note,
      state,
    });
  }
  return orders;
}
