/**
 * The product cookie cleared on logout (docs/requirements.md#entities-and-enumerations: a cookie named
 * after the product).
 */
export const productCookieName = "okuru";

export function clearProductCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; one plain expiry write is enough.
  document.cookie = `${productCookieName}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=/`;
}
