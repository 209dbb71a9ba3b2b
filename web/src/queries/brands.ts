import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type Brand,
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

export const brandKeys = {
  all: ["brands"] as const,
};

/** The company's brand: name, default sender and item category, print settings. */
export const brandQueryOptions = () => queryOptions({ queryKey: brandKeys.all, queryFn: () => getBrands() });

/** Every brand call answers with the whole brand, which becomes the cached one. */
function useStoreBrand() {
  const queryClient = useQueryClient();
  return (brand: Brand) => {
    queryClient.setQueryData(brandKeys.all, brand);
  };
}

export function useUpdateBrand() {
  const store = useStoreBrand();
  return useMutation({ mutationFn: (body: BrandUpdateReq) => updateBrand(body), onSuccess: store });
}

export function useUpdateBrandSender() {
  const store = useStoreBrand();
  return useMutation({
    mutationFn: (body: BrandSenderUpdateReq) => updateBrandSender(body),
    onSuccess: store,
  });
}

export function useUpdateBrandItemCategory() {
  const store = useStoreBrand();
  return useMutation({
    mutationFn: (body: BrandItemCategoryUpdateReq) => updateBrandItemCategory(body),
    onSuccess: store,
  });
}

export function useUpdateBrandPrintSettings() {
  const store = useStoreBrand();
  return useMutation({
    mutationFn: (body: BrandPrintSettingsUpdateReq) => updateBrandPrintSettings(body),
    onSuccess: store,
  });
}
