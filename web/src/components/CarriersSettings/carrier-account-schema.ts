import { carrierAccountInputs, customerCodeMissing } from "@okuru/core/shared/carrier-account";
import type { Carrier } from "@okuru/core/shared/carrier-names";
import { z } from "zod";
import type { CarrierAccountReq } from "../../lib/api";
import { accountBody, type CarrierAccountFormValues } from "./carrier-account-form";

/**
 * The carrier account form's schema, reached only through CarrierAccountForm's dynamic
 * import (the 配送会社連携 screen draws without zod): the body built from the values,
 * checked by the API's schema for the carrier. The API's schema lets an empty code through (an edit keeps the stored one), so
 * a code the account must have and has not got yet is checked here, with the API's message,
 * alongside the other fields rather than after them.
 */
export function accountFormSchema<C extends Carrier>(carrier: C, options: { codeRequired: boolean }) {
  const input = carrierAccountInputs[carrier] as z.ZodType<CarrierAccountReq[C]>;
  return z.preprocess(
    (values) => accountBody(carrier, values as CarrierAccountFormValues),
    options.codeRequired
      ? input.refine((body) => Boolean((body as { customer_code?: string } | undefined)?.customer_code), {
          path: ["customer_code"],
          message: customerCodeMissing(carrier),
          when: () => true,
        })
      : input,
  );
}
