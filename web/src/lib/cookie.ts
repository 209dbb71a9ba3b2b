/** The product cookie cleared on logout (spec §3: a cookie named {product}). */
export const productCookieName = "okuru";

export function clearProductCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; one plain expiry write is enough.
  document.cookie = `${productCookieName}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/`;
}
