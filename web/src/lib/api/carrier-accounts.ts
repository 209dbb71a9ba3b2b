import type { Carrier } from "@okuru/core/shared/brand";
import { answer, api, byId, required } from "./client";
import type { BodyOf, Camelize, Schemas } from "./wire";

// 配送会社連携. Each carrier has its own paths (and body schema) under
// /api/{yamato|sagawa|japan_post}; the functions below take the carrier and pick.

export type CarrierAccount = Camelize<Schemas["CarrierAccount"]>;
export type CarrierAccountList = Camelize<Schemas["CarrierAccountList"]>;
export type CarrierTrackingRange = CarrierAccount["trackingRanges"][number];
/** One carrier's account body, snake_case as sent (the same for create and update). */
export type CarrierAccountReq = { [C in Carrier]: BodyOf<`/api/${C}`, "post"> };

/** How each carrier is named in its operations (`createJapanPostAccount`, body `japanPostAccountReq`). */
const operationNames: Record<Carrier, { create: string; update: string; remove: string; body: string }> = {
  yamato: namesOf("Yamato"),
  sagawa: namesOf("Sagawa"),
  japan_post: namesOf("JapanPost"),
};

function namesOf(name: string) {
  const body = `${name[0]!.toLowerCase()}${name.slice(1)}AccountReq`;
  return {
    create: `create${name}Account`,
    update: `update${name}Account`,
    remove: `delete${name}Account`,
    body,
  };
}

/** GET /{carrier}: the carrier's accounts, oldest first (always one page). */
export function getCarrierAccounts(carrier: Carrier): Promise<CarrierAccountList> {
  return answer(api.GET(`/api/${carrier}`));
}

/** POST /{carrier}. */
export async function createCarrierAccount<C extends Carrier>(
  carrier: C,
  body: CarrierAccountReq[C],
): Promise<CarrierAccount> {
  const names = operationNames[carrier];
  return answer(
    api.POST(`/api/${carrier as Carrier}`, {
      body: required(names.create, names.body, body as CarrierAccountReq[Carrier]),
    }),
  );
}

/** PUT /{carrier}/{id}: an empty customer_code keeps the stored one; registered ranges go back with their id. */
export async function updateCarrierAccount<C extends Carrier>(
  carrier: C,
  id: string,
  body: CarrierAccountReq[C],
): Promise<CarrierAccount> {
  const names = operationNames[carrier];
  return answer(
    api.PUT(`/api/${carrier as Carrier}/{id}`, {
      params: byId(names.update, id),
      body: required(names.update, names.body, body as CarrierAccountReq[Carrier]),
    }),
  );
}

/** DELETE /{carrier}/{id}: refused (422) for the default while the carrier has other accounts. */
export async function deleteCarrierAccount(carrier: Carrier, id: string): Promise<void> {
  await answer(api.DELETE(`/api/${carrier}/{id}`, { params: byId(operationNames[carrier].remove, id) }));
}
