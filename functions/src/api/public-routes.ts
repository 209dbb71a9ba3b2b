/**
 * The routes that carry no Cognito token, in one list read by the API's auth
 * middleware and by the stack (API Gateway routes without the JWT authorizer).
 * The document and its reference page (/api/docs) are read before anyone has a token.
 * Each authenticates itself where it needs to: shop webhooks by HMAC, the token
 * endpoint and the public API by client credentials. Everything else requires a
 * signed-in user; `/signup` alone accepts a verified identity without a user yet.
 */
export const publicRoutes = [
  { method: "GET", path: "/api/health" },
  { method: "GET", path: "/api/openapi.json" },
  { method: "GET", path: "/api/docs" },
  { method: "POST", path: "/api/oauth_token" },
  { method: "ANY", path: "/api/webhooks/{proxy+}" },
  { method: "ANY", path: "/api/public/{proxy+}" },
] as const;

/** Routes open to a verified identity that has no user yet (sign-up). */
export const identityRoutes = ["/api/signup"] as const;

export function isPublicRoute(method: string, path: string): boolean {
  return publicRoutes.some((route) => {
    if (route.method !== "ANY" && route.method !== method) return false;
    if (route.path.endsWith("/{proxy+}")) return path.startsWith(route.path.slice(0, -"{proxy+}".length));
    return path === route.path;
  });
}
