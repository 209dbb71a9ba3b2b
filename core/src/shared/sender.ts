import { z } from "zod";
import { address, addressTotalCheck, addressTotalMessage, optionalText, phone, requiredText } from "./fields";

/** 発送元 (ご依頼主): printed on every label, so names fit the 32-byte carrier fields. */
export const SenderInput = z
  .object({
    name: requiredText("発送元名", 32),
    company_name: optionalText("会社名・部署名", 32),
    ...address,
    phone,
  })
  .refine(addressTotalCheck, addressTotalMessage);
export type SenderInput = z.output<typeof SenderInput>;
