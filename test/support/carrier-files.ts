import type { ExportRecipient, ExportSender } from "../../core/src/carriers/csv/index";

/** The brand's ご依頼主 as the carrier-file tests print it: a company in 渋谷区 with a building. */
export function exportSender(overrides: Partial<ExportSender> = {}): ExportSender {
  return {
    name: "オクル商店",
    company: "株式会社オクル",
    postalCode: "150-0002",
    prefecture: "東京都",
    city: "渋谷区",
    address1: "渋谷2-21-1",
    address2: "渋谷ヒカリエ8階",
    phone: "03-1234-5678",
    ...overrides,
  };
}

/**
 * Recipients with the long addresses both the golden files and the round trips carry,
 * as overrides of `exportRecipient`: a Kyoto street name with its building, and a
 * company with its department over a Hokkaido address with the building.
 */
export const longAddressRecipients = {
  kyoto: {
    name: "京田 都子",
    postalCode: "604-8161",
    prefecture: "京都府",
    city: "京都市中京区",
    address1: "烏丸通三条上る場之町602番地の1",
    address2: "烏丸御池メディカルビルディング5階",
    phone: "075-123-4567",
  },
  hokkaidoCompany: {
    name: "田中 次郎",
    company: "株式会社オクル物流 第二営業部 配送課",
    postalCode: "060-0003",
    prefecture: "北海道",
    city: "札幌市中央区",
    address1: "北三条西四丁目1番地1 日本生命札幌ビル",
    address2: "12階",
    phone: "011-222-3333",
  },
} satisfies Record<string, Partial<ExportRecipient>>;

/**
 * Issue 24 point 3, names that must carry on from 名称１ into 名称２ (as overrides of
 * `exportRecipient`): a Kyoto company of 38 bytes that with the person overflows e飛伝Ⅲ's
 * 32-byte 名称１, and one of 60 bytes without a space that overflows ゆうプリR's 50-byte 名称１
 * and cannot fit e飛伝Ⅲ's 64 bytes at all.
 */
export const longNameRecipients = {
  kyotoCompany: {
    ...longAddressRecipients.kyoto,
    company: "京都烏丸御池メディカルサービス株式会社",
  },
  kyotoLongCompany: {
    ...longAddressRecipients.kyoto,
    company: "京都烏丸御池メディカルサービス株式会社中京営業所総務部経理課",
  },
} satisfies Record<string, Partial<ExportRecipient>>;

/** A private recipient in 千代田区 whom every carrier takes; tests override what they are about. */
export function exportRecipient(overrides: Partial<ExportRecipient> = {}): ExportRecipient {
  return {
    name: "山田 太郎",
    nameKana: "",
    company: "",
    postalCode: "100-0001",
    prefecture: "東京都",
    city: "千代田区",
    address1: "千代田1-1",
    address2: "",
    phone: "03-3213-1111",
    ...overrides,
  };
}
