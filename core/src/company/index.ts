export * as Company from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import { NotFoundError } from "../error";
import { setupStatuses } from "../shared/setup-status";
import { CompanyEntity, type CompanyItem } from "./entity";

export const Info = z.object({
  id: z.string(),
  name: z.string(),
  setup_status: z.enum(setupStatuses),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Info = z.infer<typeof Info>;

/** The wire shape: snake_case, ids named `id`. */
export function serialize(item: CompanyItem): Info {
  return {
    id: item.tenantId,
    name: item.name,
    setup_status: item.setupStatus,
    created_at: item.createdAt,
    updated_at: item.updatedAt,
  };
}

/** The signed-in actor's company. */
export async function get(): Promise<CompanyItem> {
  const tenantId = useTenantID();
  const { data } = await CompanyEntity.get({ tenantId }).go();
  if (!data) throw new NotFoundError("company.not_found", "会社情報が見つかりません。");
  return data;
}
