import { CarrierAccount } from "@okuru/core/entities/carrier-account";
import { carrierLabels } from "@okuru/core/shared/brand";
import { carrierAccountInputs } from "@okuru/core/shared/carrier-account";
import { OrderSync } from "@okuru/core/workflows/order-sync";
import { crudRouter } from "./crud";

/**
 * 配送会社連携: `/api/yamato`, `/api/sagawa`, `/api/japan_post`, each the same CRUD
 * over that carrier's accounts with its own body. Accounts are few (counted), so a
 * list is always one page.
 */
export const carrierRouters = CarrierAccount.carriers.map((carrier) => ({
  path: `/${carrier}`,
  router: crudRouter({
    tag: carrier,
    noun: `${carrierLabels[carrier]}の契約情報`,
    info: CarrierAccount.Info,
    input: carrierAccountInputs[carrier],
    serialize: CarrierAccount.serialize,
    list: async () => ({ items: await CarrierAccount.list(carrier), cursor: null }),
    // Which carrier an order ships by can follow from the accounts there are (the only one).
    create: OrderSync.judgedAfter((input) => CarrierAccount.create(carrier, input)),
    update: (id, input) => CarrierAccount.update(carrier, id, input),
    remove: OrderSync.judgedAfter((id) => CarrierAccount.remove(carrier, id)),
  }),
}));
