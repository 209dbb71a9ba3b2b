import { z } from "zod";
import {
  address,
  addressTotalCheck,
  addressTotalMessage,
  email,
  optionalText,
  phone,
  requiredText,
} from "./fields";

/** 会社概要 (company profile); completing it is the basic_information setup step. */
export const CompanyUpdate = z
  .object({
    name: requiredText("会社名", 100),
    name_kana: optionalText("会社名（カナ）", 100),
    ...address,
    phone,
    contact_name: optionalText("担当者名", 32),
    contact_email: z.union([z.literal(""), email]).default(""),
  })
  .refine(addressTotalCheck, addressTotalMessage);
export type CompanyUpdate = z.output<typeof CompanyUpdate>;
export type CompanyUpdateInput = z.input<typeof CompanyUpdate>;
