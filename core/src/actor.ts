import { AsyncLocalStorage } from "node:async_hooks";
import { ForbiddenError, UnauthenticatedError } from "./error";
import type { ApiScope } from "./shared/api-scopes";
import type { Role } from "./shared/user";

export type { Role };

/**
 * Who is acting. Every tenant-owned read or write takes the tenant from here,
 * never from a parameter, so a handler cannot forget to scope a query.
 *
 * - `identity`: a verified token whose subject has no user record yet (sign-up).
 * - `user`: a member of a company, resolved from a verified token.
 * - `system`: queue consumers and cron, acting for one tenant.
 * - `client`: an API連携 credential's access token, limited to its granted scopes
 *   (which route needs which is the API's table, functions/src/api/client-scopes.ts).
 */
export type Actor =
  | { type: "public"; properties: Record<string, never> }
  | { type: "identity"; properties: { subject: string; email: string; emailVerified: boolean } }
  | {
      type: "user";
      properties: { tenantId: string; userId: string; subject: string; email: string; role: Role };
    }
  | { type: "system"; properties: { tenantId: string } }
  | { type: "client"; properties: { tenantId: string; credentialId: string; scopes: ApiScope[] } };

const storage = new AsyncLocalStorage<Actor>();
const publicActor: Actor = { type: "public", properties: {} };

export const ActorContext = {
  with<T>(actor: Actor, cb: () => T): T {
    return storage.run(actor, cb);
  },
  use(): Actor {
    return storage.getStore() ?? publicActor;
  },
};

export function useTenantID(): string {
  const actor = ActorContext.use();
  if (actor.type === "user" || actor.type === "system" || actor.type === "client")
    return actor.properties.tenantId;
  throw new UnauthenticatedError("auth.no_tenant");
}

export function useUser(): Extract<Actor, { type: "user" }>["properties"] {
  const actor = ActorContext.use();
  if (actor.type !== "user") throw new UnauthenticatedError("auth.no_user");
  return actor.properties;
}

export function useIdentity(): { subject: string; email: string; emailVerified: boolean } {
  const actor = ActorContext.use();
  if (actor.type === "identity") return actor.properties;
  if (actor.type === "user")
    return { subject: actor.properties.subject, email: actor.properties.email, emailVerified: true };
  throw new UnauthenticatedError("auth.no_identity");
}

/**
 * Who a record names as having done something: a person by their user id, an API連携
 * integration by its credential id, the queues and cron (and the public) by null.
 */
export function doneBy(actor: Actor = ActorContext.use()): string | null {
  if (actor.type === "user") return actor.properties.userId;
  if (actor.type === "client") return actor.properties.credentialId;
  return null;
}

/**
 * The one role rule: administrators manage the company — its profile, brand and
 * print settings, senders, item categories, users, shops, carrier accounts and API
 * credentials; members work with orders, labels, exports and tracking, and read the
 * settings. System actors (queues, cron) act for the company.
 */
export function assertAdmin(): void {
  const actor = ActorContext.use();
  if (actor.type === "system") return;
  if (actor.type !== "user") throw new UnauthenticatedError("auth.no_user");
  if (actor.properties.role !== "admin")
    throw new ForbiddenError("auth.admin_only", "管理者のみが行える操作です。");
}
