export * as Lease from "./index";

import { z } from "zod";
import { useTenantID } from "../actor";
import { isConditionalFailure } from "../db/attributes";
import { concurrentUpdate } from "../error";
import { LeaseEntity } from "./entity";

/**
 * Per-tenant mutual exclusion for work that must not run twice at once (one shop's
 * order sync). The same conditional writes on the same table run in AWS and against
 * DynamoDB Local, so local runs behave like production.
 *
 * Triggers coalesce: a caller that finds the lease held records `pending` on it
 * instead of waiting; the holder learns at release that work was asked for meanwhile
 * and runs once more (or re-enqueues itself), so three triggers during one run cause
 * one further run, not three.
 */
const Name = z.string().regex(/^[\x21-\x7E]{1,200}$/, "lease name must be 1–200 visible ASCII characters");
const Owner = z.string().min(1).max(200);
const Ttl = z
  .number()
  .int()
  .min(1)
  .max(24 * 60 * 60);

export type Acquired = { acquired: true; expiresAt: number } | { acquired: false };

const nowSeconds = () => Math.floor(Date.now() / 1000);
/** Rounded up, so the lease lasts at least the TTL asked for. */
const expiryFor = (ttlSeconds: number) => Math.ceil(Date.now() / 1000) + ttlSeconds;

/**
 * Takes the lease if it is free (never taken, released, or past its expiry). When
 * another owner holds it, records `pending` on it and answers `{ acquired: false }`.
 * Not re-entrant: the holder asking again counts as a trigger during its own run.
 */
export async function acquire(
  name: string,
  options: { ttlSeconds: number; owner: string },
): Promise<Acquired> {
  Name.parse(name);
  const owner = Owner.parse(options.owner);
  const ttlSeconds = Ttl.parse(options.ttlSeconds);
  const tenantId = useTenantID();
  // A lease that is released or expires between our two writes is simply tried again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const expiresAt = expiryFor(ttlSeconds);
    const now = nowSeconds();
    try {
      await LeaseEntity.put({
        tenantId,
        name,
        owner,
        expiresAt,
        pending: false,
        acquiredAt: new Date().toISOString(),
      })
        .where((attr, op) => `${op.notExists(attr.owner)} OR ${op.lte(attr.expiresAt, now)}`)
        .go({ response: "none" });
      return { acquired: true, expiresAt };
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
    try {
      await LeaseEntity.patch({ tenantId, name })
        .set({ pending: true })
        .where((attr, op) => op.gt(attr.expiresAt, nowSeconds()))
        .go({ response: "none" });
      return { acquired: false };
    } catch (err) {
      if (!isConditionalFailure(err)) throw err;
    }
  }
  throw concurrentUpdate();
}

/** Extends the lease of a long run; false when the owner no longer holds it (it expired and was taken). */
export async function renew(name: string, owner: string, ttlSeconds: number): Promise<boolean> {
  Name.parse(name);
  Ttl.parse(ttlSeconds);
  try {
    await LeaseEntity.patch({ tenantId: useTenantID(), name })
      .set({ expiresAt: expiryFor(ttlSeconds) })
      .where((attr, op) => op.eq(attr.owner, owner))
      .go({ response: "none" });
    return true;
  } catch (err) {
    if (isConditionalFailure(err)) return false;
    throw err;
  }
}

/**
 * Frees the lease, only for its owner, and tells whether work was asked for while it
 * was held. Read and delete are one conditional delete, so a trigger is either seen
 * here or finds the lease free and takes it itself; none is lost. A caller that is
 * no longer the owner frees nothing (`released: false`): the new holder answers for
 * what is pending.
 */
export async function release(name: string, owner: string): Promise<{ released: boolean; pending: boolean }> {
  Name.parse(name);
  try {
    const { data } = await LeaseEntity.delete({ tenantId: useTenantID(), name })
      .where((attr, op) => op.eq(attr.owner, owner))
      .go({ response: "all_old" });
    return { released: true, pending: data?.pending === true };
  } catch (err) {
    if (isConditionalFailure(err)) return { released: false, pending: false };
    throw err;
  }
}
