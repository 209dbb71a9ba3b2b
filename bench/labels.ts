/**
 * Label PDF throughput: 1,000 realistic labels rendered on one core, on A4 4-up and on
 * 100×150 mm label paper, against the straightforward way (a fresh PDFKit document per
 * label, the full font registered each time, every text laid out by PDFKit's text engine).
 * The last line printed is the JSON summary; lines before it are for people.
 *
 *   npx tsx bench/labels.ts
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { codabarBars } from "../core/src/carriers/label/codabar";
import { labelFields } from "../core/src/carriers/label/fields";
import { renderLabels } from "../core/src/carriers/label/render";
import type { LabelParcel, LabelParty, LabelPrintSettings } from "../core/src/carriers/label/types";
import { timeSlots } from "../core/src/shared/delivery";
import { codabarOf, trackingNumberOf } from "../core/src/shared/tracking-number";
import { labelSender } from "../test/support/label-parties";

const labelCount = 1000;
/** The baseline takes tens of milliseconds a label; a sample gives its rate without a minute's wait. */
const baselineSample = 60;
const partSize = 100;

/** Deterministic, so runs compare: mulberry32. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const surnames = [
  "佐藤",
  "鈴木",
  "高橋",
  "田中",
  "伊藤",
  "渡辺",
  "山本",
  "中村",
  "小林",
  "加藤",
  "吉田",
  "山田",
  "佐々木",
  "山口",
  "松本",
  "井上",
  "木村",
  "林",
  "斎藤",
  "清水",
  "山崎",
  "森",
  "池田",
  "橋本",
  "阿部",
  "石川",
  "山下",
  "中島",
  "石井",
  "小川",
  "前田",
  "岡田",
  "長谷川",
  "藤田",
  "後藤",
  "近藤",
  "村上",
  "遠藤",
  "青木",
  "坂本",
  "髙橋",
  "山﨑",
  "齋藤",
  "渡邉",
  "髙田",
  "𠮷田",
  "濱田",
  "澤田",
  "廣瀬",
  "邊見",
];
const givenNames = [
  "翔太",
  "大輔",
  "健一",
  "誠",
  "拓也",
  "直樹",
  "陽菜",
  "結衣",
  "美咲",
  "さくら",
  "花子",
  "太郎",
  "一郎",
  "由美子",
  "恵子",
  "裕子",
  "真由美",
  "浩",
  "隆",
  "修",
  "蓮",
  "湊",
  "葵",
  "凛",
  "陽翔",
  "芽依",
  "悠真",
  "莉子",
  "千尋",
  "優花",
  "健太",
  "亮",
  "智子",
  "綾香",
  "舞",
  "奈々",
  "雄大",
  "光",
  "和也",
  "彩",
];
const places: [string, string, string, string][] = [
  ["0600001", "北海道", "札幌市中央区", "北一条西"],
  ["0640941", "北海道", "札幌市中央区", "旭ケ丘"],
  ["9800811", "宮城県", "仙台市青葉区", "一番町"],
  ["1000005", "東京都", "千代田区", "丸の内"],
  ["1500001", "東京都", "渋谷区", "神宮前"],
  ["1600022", "東京都", "新宿区", "新宿"],
  ["1700013", "東京都", "豊島区", "東池袋"],
  ["1130033", "東京都", "文京区", "本郷"],
  ["1810013", "東京都", "三鷹市", "下連雀"],
  ["2200012", "神奈川県", "横浜市西区", "みなとみらい"],
  ["2510025", "神奈川県", "藤沢市", "鵠沼石上"],
  ["3300854", "埼玉県", "さいたま市大宮区", "桜木町"],
  ["2600013", "千葉県", "千葉市中央区", "中央"],
  ["4600008", "愛知県", "名古屋市中区", "栄"],
  ["4200852", "静岡県", "静岡市葵区", "紺屋町"],
  ["6048005", "京都府", "京都市中京区", "河原町通四条上る米屋町"],
  ["6050073", "京都府", "京都市東山区", "祇園町北側"],
  ["5300001", "大阪府", "大阪市北区", "梅田"],
  ["5420076", "大阪府", "大阪市中央区", "難波"],
  ["6500021", "兵庫県", "神戸市中央区", "三宮町"],
  ["6308115", "奈良県", "奈良市", "大宮町"],
  ["7300011", "広島県", "広島市中区", "基町"],
  ["7600023", "香川県", "高松市", "寿町"],
  ["8100001", "福岡県", "福岡市中央区", "天神"],
  ["8600806", "熊本県", "熊本市中央区", "花畑町"],
  ["9000006", "沖縄県", "那覇市", "おもろまち"],
  ["3800836", "長野県", "長野市", "南県町"],
  ["9200853", "石川県", "金沢市", "本町"],
];
const buildings = [
  "",
  "",
  "",
  "ハイツ河原町１２０３号室",
  "メゾン・ド・ソレイユ 305",
  "グランドパレス201号",
  "コーポ山田 2F",
  "サンシャインマンション1105",
  "第二松本ビル 4階 経理部",
  "レジデンス青葉 702号室",
  "パークハウス 15F",
];
const companies = [
  "",
  "",
  "",
  "",
  "",
  "株式会社山田商事",
  "有限会社まるやま",
  "合同会社ひかり",
  "医療法人社団 健和会",
];
const items = [
  "衣類",
  "衣類（Tシャツ）",
  "化粧品",
  "食品（菓子）",
  "書籍",
  "雑貨",
  "精密機器",
  "サプリメント",
  "日本酒 720ml",
  "冷凍食品（餃子）",
  "生鮮食品（りんご）",
  "文房具",
  "アクセサリー",
  "健康食品・青汁",
];
const handlings = ["", "", "ワレモノ注意", "天地無用", "精密機器", "下積厳禁", "なまもの"];
const senders: LabelParty[] = [
  labelSender,
  {
    name: "",
    company: "京の老舗 茶寮まつもと",
    postalCode: "6050073",
    prefecture: "京都府",
    city: "京都市東山区",
    address1: "祇園町北側２７５",
    address2: "",
    phone: "075-561-0000",
  },
];

function realisticParcels(count: number): LabelParcel[] {
  const next = random(20261123);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const carriers = ["yamato", "sagawa", "japan_post"] as const;
  const parcels: LabelParcel[] = [];
  let serial = 44_441_375_870;
  let order = 10_000;
  while (parcels.length < count) {
    const [postalCode, prefecture, city, town] = pick(places);
    const carrier = pick(carriers);
    const parcelCount = next() < 0.08 ? 2 + Math.floor(next() * 2) : 1;
    const cod = next() < 0.15;
    const cool = carrier === "japan_post" ? pick(["チルド", "冷凍"]) : pick(["冷蔵", "冷凍"]);
    const slot = pick(timeSlots);
    const recipient: LabelParty = {
      name: `${pick(surnames)} ${pick(givenNames)}`,
      company: pick(companies),
      postalCode,
      prefecture,
      city,
      address1: `${town}${1 + Math.floor(next() * 9)}-${1 + Math.floor(next() * 30)}-${1 + Math.floor(next() * 20)}`,
      address2: pick(buildings),
      phone: `0${Math.floor(10 + next() * 89)}-${Math.floor(100 + next() * 899)}-${Math.floor(1000 + next() * 8999)}`,
    };
    order++;
    for (let index = 1; index <= parcelCount && parcels.length < count; index++) {
      parcels.push({
        carrier,
        trackingNumber: trackingNumberOf(serial++),
        parcelIndex: index,
        parcelCount,
        orderNumber: `#${order}`,
        recipient,
        sender: pick(senders),
        itemName: pick(items),
        handling1: pick(handlings),
        handling2: next() < 0.2 ? pick(handlings) : "",
        shipDate: "2026-11-24",
        deliveryDate: next() < 0.4 ? `2026-11-${26 + Math.floor(next() * 4)}` : null,
        timeSlot: carrier === "yamato" && slot === "1200" ? "1400" : slot,
        codAmount: cod ? Math.floor(1 + next() * 30) * 550 : null,
        coolType: next() < 0.12 ? cool : null,
      });
    }
  }
  return parcels;
}

const fontBytes = readFileSync(
  createRequire(import.meta.url).resolve(
    "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  ),
);
const mm = 72 / 25.4;

/** The straightforward way: what a first implementation with PDFKit looks like. */
function baselineLabel(parcel: LabelParcel): Promise<Buffer> {
  const doc = new PDFDocument({ size: [100 * mm, 150 * mm], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  doc.registerFont("jp", fontBytes);
  doc.font("jp");
  const fields = labelFields(parcel);
  doc.rect(3 * mm, 3 * mm, 94 * mm, 144 * mm).stroke();
  const texts: [string, number, number, number, number][] = [
    ["宅急便", 5, 5, 60, 20],
    [`個数 ${fields.parcels}`, 72, 5, 25, 16],
    [fields.trackingNumber, 5, 33, 60, 12],
    [`出荷日 ${fields.shipDate}`, 66, 18, 30, 9],
    [`注文番号 ${fields.orderNumber}`, 66, 28, 30, 9],
    [`お届け先 ${fields.recipientPostalCode} ${fields.recipientPhone}`, 5, 42, 90, 10],
    [fields.recipientAddress1, 5, 48, 90, 13],
    [fields.recipientAddress2, 5, 60, 90, 13],
    [fields.recipientCompany, 5, 70, 90, 12],
    [fields.recipientName, 5, 76, 90, 22],
    [`ご依頼主 ${fields.senderPostalCode} ${fields.senderPhone}`, 5, 90, 90, 8],
    [fields.senderAddress, 5, 95, 90, 8],
    [fields.senderName, 5, 103, 90, 9],
    [`品名 ${fields.itemName}`, 5, 112, 55, 10],
    [`荷扱い ${fields.handling1} ${fields.handling2}`, 64, 112, 32, 9],
    [`お届け予定日 ${fields.deliveryDate}`, 5, 126, 30, 12],
    [`時間帯 ${fields.timeSlot}`, 38, 126, 26, 12],
    [`${fields.coolType} ${fields.codAmount}`, 66, 126, 30, 12],
  ];
  for (const [text, x, y, width, size] of texts) {
    if (text.trim()) doc.fontSize(size).text(text, x * mm, y * mm, { width: width * mm });
  }
  const { bars } = codabarBars(codabarOf(parcel.carrier, parcel.trackingNumber, parcel.parcelCount > 1));
  for (const bar of bars) doc.rect((8 + bar.x * 0.3) * mm, 18 * mm, bar.width * 0.3 * mm, 13 * mm).fill();
  doc.end();
  return done;
}

const seconds = (start: number) => (performance.now() - start) / 1000;
const a4: LabelPrintSettings = { paper: "a4", layout: "4up", offset_x_mm: 0, offset_y_mm: 0 };
const labelPaper: LabelPrintSettings = {
  paper: "label_100x150",
  layout: "1up",
  offset_x_mm: 0,
  offset_y_mm: 0,
};

const parcels = realisticParcels(labelCount);

// What a queue consumer's cold start sees: the font is read and parsed inside this call.
let start = performance.now();
const firstPart = renderLabels(parcels.slice(0, partSize), a4);
console.log(`first part of ${partSize} (cold, font load included): ${(seconds(start) * 1000).toFixed(0)} ms`);

let parts = 0;
let partBytes = 0;
start = performance.now();
for (const print of [a4, labelPaper]) {
  for (let first = 0; first < labelCount; first += partSize) {
    partBytes += renderLabels(parcels.slice(first, first + partSize), print).length;
    parts++;
  }
}
const partSeconds = seconds(start);
console.log(
  `in parts of ${partSize}: ${((parts * partSize) / partSeconds).toFixed(0)} labels/s, ` +
    `${(partBytes / (parts * partSize)).toFixed(0)} bytes/label (first part ${firstPart.length} bytes)`,
);

let bytes = 0;
start = performance.now();
for (const print of [a4, labelPaper]) bytes += renderLabels(parcels, print).length;
const elapsed = seconds(start);
const rendered = 2 * labelCount;
const labelsPerSecond = rendered / elapsed;
const peakRss = process.resourceUsage().maxRSS / 1024;
console.log(`whole batch, one document per paper: ${rendered} labels in ${elapsed.toFixed(2)} s`);

start = performance.now();
let baselineBytes = 0;
for (const parcel of parcels.slice(0, baselineSample)) baselineBytes += (await baselineLabel(parcel)).length;
const baselinePerSecond = baselineSample / seconds(start);
console.log(
  `baseline (fresh PDFKit document per label, ${baselineSample} labels): ` +
    `${baselinePerSecond.toFixed(0)} labels/s, ${(baselineBytes / baselineSample).toFixed(0)} bytes/label`,
);

console.log(
  JSON.stringify({
    labels_per_s: Math.round(labelsPerSecond),
    baseline_per_s: Math.round(baselinePerSecond * 10) / 10,
    speedup: Math.round((labelsPerSecond / baselinePerSecond) * 10) / 10,
    bytes_per_label: Math.round(bytes / rendered),
    peak_rss_mb: Math.round(peakRss),
  }),
);
