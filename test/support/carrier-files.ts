import type { ExportRecipient, ExportSender } from "../../core/src/carrier/export/index";

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
