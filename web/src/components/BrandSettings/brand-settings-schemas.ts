import { BrandDefaultItemCategory, BrandDefaultSender, BrandUpdate } from "@okuru/core/shared/brand";
import { z } from "zod";

/**
 * The schemas of the ブランド設定 and 追跡番号のアップロード cards, made from the API's own:
 * reached only by the forms' laterSchema loaders, so the 会社概要 tab's first screen holds
 * neither zod nor the shared schemas.
 */
export const BrandForm = z.object({
  name: BrandUpdate.shape.name.unwrap(),
  ...BrandDefaultSender.shape,
  ...BrandDefaultItemCategory.shape,
});

export const UploadSettingsForm = z.object({
  notify_customer: BrandUpdate.shape.notify_customer.unwrap(),
  auto_upload_tracking: BrandUpdate.shape.auto_upload_tracking.unwrap(),
});
