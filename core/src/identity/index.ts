export * as Identity from "./index";

import { IdentityEntity, type IdentityItem } from "./entity";

/**
 * The user and tenant behind a verified Cognito subject, or undefined when the
 * subject has not signed up yet. Called by the auth middleware only.
 */
export async function resolve(subject: string): Promise<IdentityItem | undefined> {
  const { data } = await IdentityEntity.get({ subject }).go();
  return data ?? undefined;
}
