import type { LabelParty } from "../../core/src/carriers/label/types";

/** The ご依頼主 the label tests and the label bench print: a shop's shipping desk in 渋谷区, with its building. */
export const labelSender: LabelParty = {
  name: "出荷担当",
  company: "株式会社おくる商店",
  postalCode: "1500001",
  prefecture: "東京都",
  city: "渋谷区",
  address1: "神宮前1-2-3",
  address2: "おくるビル5階",
  phone: "03-1234-5678",
};
