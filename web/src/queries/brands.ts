import { queryOptions } from "@tanstack/react-query";
import {
  type BrandItemCategoryUpdateReq,
  type BrandPrintSettingsUpdateReq,
  type BrandSenderUpdateReq,
  type BrandUpdateReq,
  getBrands,
  updateBrand,
  updateBrandItemCategory,
  updateBrandPrintSettings,
  updateBrandSender,
} from "../lib/api";
import { useStoringMutation } from "./mutations";

export const brandKeys = {
  all: ["brands"] as const,
};

/** The company's brand: name, default sender and item category, print settings. */
export const brandQueryOptions = () => queryOptions({ queryKey: brandKeys.all, queryFn: () => getBrands() });

// Every brand call answers with the whole brand, which becomes the cached one.

export function useUpdateBrand() {
  return useStoringMutation(brandKeys.all, (body: BrandUpdateReq) => updateBrand(body));
}

export function useUpdateBrandSender() {
  return useStoringMutation(brandKeys.all, (body: BrandSenderUpdateReq) => updateBrandSender(body));
}

export function useUpdateBrandItemCategory() {
  return useStoringMutation(brandKeys.all, (body: BrandItemCategoryUpdateReq) =>
    updateBrandItemCategory(body),
  );
}

export function useUpdateBrandPrintSettings() {
  return useStoringMutation(brandKeys.all, (body: BrandPrintSettingsUpdateReq) =>
    updateBrandPrintSettings(body),
  );
}
