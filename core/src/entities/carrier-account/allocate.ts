import { useTenantID } from "../../actor";
import { isConditionalFailure } from "../../db/attributes";
import { trackingNumberOf } from "../../shared/tracking-number";
import { TrackingRangeEntity } from "./entity";

// ---------------------------------------------------------------------------
// Numbers

/**
 * Takes up to `count` tracking numbers from the account's ranges, oldest range first,
 * each block in one conditional update (`remaining >= k`), so concurrent label
 * consumers never get the same number. Fewer than asked means the ranges ran out.
 */
export async function allocateNumbers(accountId: string, count: number): Promise<string[]> {
  const tenantId = useTenantID();
  const numbers: string[] = [];
  for (let attempt = 0; numbers.length < count && attempt < 20; attempt += 1) {
    const { data: ranges } = await TrackingRangeEntity.query
      .byAccount({ tenantId, carrierAccountId: accountId })
      .go({ pages: "all" });
    const range = ranges.filter((r) => r.remaining > 0).sort((a, b) => a.first - b.first)[0];
    if (!range) break;
    const take = Math.min(count - numbers.length, range.remaining);
    try {
      const { data } = await TrackingRangeEntity.patch({
        tenantId,
        carrierAccountId: accountId,
        rangeId: range.rangeId,
      })
        .add({ next: take })
        .subtract({ remaining: take })
        .where((attr, op) => op.gte(attr.remaining, take))
        .go({ response: "all_new" });
      const start = (data.next as number) - take;
      for (let serial = start; serial < start + take; serial += 1) numbers.push(trackingNumberOf(serial));
    } catch (err) {
      if (!isConditionalFailure(err)) throw err; // another consumer took numbers meanwhile: read again
    }
  }
  return numbers;
}
