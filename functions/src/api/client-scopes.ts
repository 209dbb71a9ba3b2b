import type { ApiScope } from "@okuru/core/shared/api-scopes";

/**
 * Which scope an API連携 access token needs for each route. A route missing here is for
 * signed-in people only (users, credentials, company, shops, settings, sign-up): a
 * client token is refused there, so a new route stays closed to integrations until it
 * is added on purpose. Paths as documented, `{name}` standing for one path segment.
 */
export const clientRouteScopes: readonly { method: string; path: string; scope: ApiScope }[] = [
  { method: "GET", path: "/api/orders", scope: "orders:read" },
  { method: "GET", path: "/api/orders/ids", scope: "orders:read" },
  { method: "GET", path: "/api/orders/changes", scope: "orders:read" },
  { method: "GET", path: "/api/orders/{id}", scope: "orders:read" },
  { method: "GET", path: "/api/shipments", scope: "orders:read" },
  { method: "GET", path: "/api/shipments/counts", scope: "orders:read" },
  { method: "GET", path: "/api/shipments/{id}", scope: "orders:read" },
  { method: "GET", path: "/api/geocoding", scope: "orders:read" },
  { method: "POST", path: "/api/orders/sync", scope: "orders:write" },
  { method: "PUT", path: "/api/orders/bulk_update", scope: "orders:write" },
  { method: "PUT", path: "/api/orders/{id}", scope: "orders:write" },
  { method: "PUT", path: "/api/orders/{id}/customer", scope: "orders:write" },
  { method: "PUT", path: "/api/orders/{id}/customer/replacement", scope: "orders:write" },
  { method: "PUT", path: "/api/orders/{id}/sender", scope: "orders:write" },
  { method: "DELETE", path: "/api/orders/{id}/delivery", scope: "orders:write" },
  { method: "PUT", path: "/api/orders/{id}/delivery/{carrier}", scope: "orders:write" },
  // Issuing is asynchronous: the batch's status and its download links belong to the issuer.
  { method: "POST", path: "/api/shipments/labels", scope: "labels:write" },
  { method: "GET", path: "/api/shipments/labels", scope: "labels:write" },
  { method: "POST", path: "/api/shipments/reissue", scope: "labels:write" },
  { method: "PUT", path: "/api/shipments/cancel_shipments", scope: "labels:write" },
  { method: "PUT", path: "/api/shipments/{id}/cancel", scope: "labels:write" },
  { method: "POST", path: "/api/exports", scope: "exports:write" },
  { method: "GET", path: "/api/exports/{export_id}", scope: "exports:write" },
  { method: "POST", path: "/api/imports/uploads", scope: "exports:write" },
  { method: "POST", path: "/api/imports", scope: "exports:write" },
  { method: "PUT", path: "/api/shipments/upload_tracking_numbers", scope: "tracking:write" },
  { method: "GET", path: "/api/shipments/upload_tracking_numbers/{job_id}", scope: "tracking:write" },
  { method: "PUT", path: "/api/shipments/{id}/upload_tracking_number", scope: "tracking:write" },
];

const segments = (path: string) => path.split("/").filter(Boolean);
const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);

/** Literal routes before templated ones, so `/shipments/labels` is never taken for `/shipments/{id}`. */
const byLiteralFirst = [...clientRouteScopes].sort(
  (a, b) => segments(a.path).filter(isParam).length - segments(b.path).filter(isParam).length,
);

/** The scope a client token needs for this request, or undefined when no client token may make it. */
export function requiredScope(method: string, path: string): ApiScope | undefined {
  const asked = segments(path);
  const match = byLiteralFirst.find((route) => {
    if (route.method !== method) return false;
    const wanted = segments(route.path);
    return wanted.length === asked.length && wanted.every((s, i) => isParam(s) || s === asked[i]);
  });
  return match?.scope;
}
