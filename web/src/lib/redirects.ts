import type { SetupStatus } from "@okuru/core/shared/setup-status";

/** Where a merchant whose setup is done lands (docs/requirements.md#setup-redirects). */
export const ordersHome = "/orders/?tab_key=notShipped";
export const setupIncompleteWarning = "初期設定を完了させてください";

export const publicPaths = ["/login", "/signup", "/password_reset", "/email_verification"] as const;

/** The shop platform's app authorisation returns here with all five query parameters. */
const shopifyReturnParams = ["code", "hmac", "host", "shop", "timestamp"] as const;
const shopifyCompleted = {
  settings: "/settings/stores/shopify/completed",
  setup: "/setup/stores/shopify/completed",
} as const;
/**
 * A plain padded page the shop platform opens; it never redirects for auth
 * (docs/requirements.md#shop-authorisation-pages).
 */
const shopifyInstallPath = "/settings/stores/shopify";

export interface RedirectInput {
  signedIn: boolean;
  emailVerified: boolean;
  /** The company's setupStatus; undefined while it is not known (signed out, email unverified). */
  setupStatus?: SetupStatus;
  pathname: string;
  /** The raw query string, with or without the leading "?". */
  search: string;
}

export type RedirectReason =
  | "sign_in"
  | "verify_email"
  | "shopify_return"
  | "setup_done"
  | "setup_incomplete";

export interface RedirectTarget {
  href: string;
  reason: RedirectReason;
  /** A warning to show as a toast when the redirect happens. */
  warning?: string;
}

type PathKind = "root" | "public" | "setup" | "app";

function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function pathKind(path: string): PathKind {
  if (path === "/") return "root";
  if ((publicPaths as readonly string[]).includes(path)) return "public";
  if (path === "/setup" || path.startsWith("/setup/")) return "setup";
  return "app";
}

/** Whether a query string carries the shop platform's authorisation return: all five parameters, none empty. */
export function hasShopifyReturnQuery(search: string | URLSearchParams): boolean {
  const query = typeof search === "string" ? new URLSearchParams(search) : search;
  return shopifyReturnParams.every((name) => (query.get(name) ?? "") !== "");
}

function withQuery(path: string, query: URLSearchParams): string {
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/**
 * Where the router must send the user instead of `pathname`, or null to stay.
 * Pure, so the rules of docs/requirements.md#redirect-rules can be table-tested:
 *
 * - Signed out: public pages stay; the shop-authorisation return goes to /login
 *   carrying its query; everything else goes to /login.
 * - Email not verified: /email_verification, carrying the shop-authorisation return's
 *   query when the user arrived with it (on the completed path or a public page).
 * - Shop-authorisation return (all five parameters): setup done →
 *   /settings/stores/shopify/completed, otherwise /setup/stores/shopify/completed, query kept.
 * - Setup done: a setup page, the root or a public page → /orders/?tab_key=notShipped;
 *   anywhere else stays.
 * - Setup not done: /setup/{setupStatus} (and the pages below it) stay; anything else
 *   goes there with the warning 初期設定を完了させてください.
 */
export function decideRedirect(input: RedirectInput): RedirectTarget | null {
  const path = normalizePath(input.pathname);
  if (path === shopifyInstallPath) return null;

  const kind = pathKind(path);
  const query = new URLSearchParams(input.search);
  const isShopifyCompletedPath = path === shopifyCompleted.settings || path === shopifyCompleted.setup;
  const isShopifyReturn = hasShopifyReturnQuery(query);

  if (!input.signedIn) {
    if (kind === "public") return null;
    if (isShopifyCompletedPath && isShopifyReturn) {
      return { href: withQuery("/login", query), reason: "sign_in" };
    }
    return { href: "/login", reason: "sign_in" };
  }

  const carriesShopifyReturn = isShopifyReturn && (kind === "public" || isShopifyCompletedPath);

  if (!input.emailVerified) {
    if (path === "/email_verification") return null;
    // Kept through the verification, so the guard can still finish the shop's connection afterwards.
    const href = carriesShopifyReturn ? withQuery("/email_verification", query) : "/email_verification";
    return { href, reason: "verify_email" };
  }

  const status = input.setupStatus;
  if (status === undefined) return null;

  if (carriesShopifyReturn) {
    const target = status === "done" ? shopifyCompleted.settings : shopifyCompleted.setup;
    return path === target ? null : { href: withQuery(target, query), reason: "shopify_return" };
  }

  if (status === "done") {
    return kind === "setup" || kind === "root" || kind === "public"
      ? { href: ordersHome, reason: "setup_done" }
      : null;
  }

  const setupPath = `/setup/${status}`;
  if (path === setupPath || path.startsWith(`${setupPath}/`)) return null;
  return { href: setupPath, reason: "setup_incomplete", warning: setupIncompleteWarning };
}
