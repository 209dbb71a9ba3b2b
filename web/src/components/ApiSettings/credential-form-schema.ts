import { CredentialCreate } from "@okuru/core/shared/api-scopes";
import { z } from "zod";

/**
 * The 認証情報 form's schema, reached only through its dynamic import (CredentialFormModal).
 * An expiry chosen as a day (the date picker's YYYY-MM-DD) ends at the close of that day, Japan time.
 */
export const CredentialFormSchema = CredentialCreate.extend({
  expires_at: z
    .string()
    .nullable()
    .transform((day) => (day ? `${day.slice(0, 10)}T23:59:59+09:00` : null)),
});
