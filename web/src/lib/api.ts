/**
 * The web's typed client for the Okuru API: an openapi-fetch client over the types
 * generated from the API's own OpenAPI document, and one function per operation,
 * named like an OpenAPI-generated client's methods. The rules every call follows
 * (bearer header, camelCase answers, failures outside 2xx, required parameters) are
 * in api/client.ts (the errors in api/errors.ts); the operations are grouped by area under api/.
 */

export * from "./api/carrier-accounts";
export * from "./api/carrier-files";
export { setIdTokenProvider } from "./api/client";
export * from "./api/credentials";
export { ApiError, RequiredError } from "./api/errors";
export * from "./api/orders";
export * from "./api/settings";
export * from "./api/shipments";
export * from "./api/shops";
export type { Camelize } from "./api/wire";
