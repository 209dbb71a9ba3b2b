import { Service } from "electrodb";
import { builtOnFirstUse } from "../util/built-on-first-use";
import { BrandEntity } from "./brand/entity";
import { CarrierAccountEntity, TrackingRangeEntity } from "./carrier-account/entity";
import { CompanyEntity } from "./company/entity";
import { CounterEntity } from "./counter/entity";
import { IdentityEntity } from "./identity/entity";
import { ItemCategoryEntity } from "./item-category/entity";
import { OrderEntity } from "./order/entity";
import { SenderEntity } from "./sender/entity";
import {
  LabelBatchEntity,
  LabelPartEntity,
  LabelResultEntity,
  LiveParcelEntity,
  ShipmentEntity,
  TrackingClaimEntity,
} from "./shipment/entity";
import { UserEntity } from "./user/entity";
import { WebhookEndpointEntity } from "./webhook-endpoint/entity";

/**
 * Every entity that takes part in a transaction, joined in one service so any of
 * them can be written together: sign-up (company + user + identity + counters),
 * counted creates and deletes (record + counter), brand defaults (brand + the record
 * it points at), role changes (user + administrators count), carrier accounts with
 * their number ranges and the brand's default account, shipments with their order's
 * label summary. Built on first use, as its entities are (db/client.ts): joining them builds
 * them all, and the service holds these very objects, so `databaseEntities` reaches one alone.
 */
export const databaseEntities = {
  company: CompanyEntity,
  user: UserEntity,
  identity: IdentityEntity,
  brand: BrandEntity,
  sender: SenderEntity,
  itemCategory: ItemCategoryEntity,
  counter: CounterEntity,
  carrierAccount: CarrierAccountEntity,
  trackingRange: TrackingRangeEntity,
  shipment: ShipmentEntity,
  liveParcel: LiveParcelEntity,
  trackingClaim: TrackingClaimEntity,
  labelBatch: LabelBatchEntity,
  labelPart: LabelPartEntity,
  labelResult: LabelResultEntity,
  order: OrderEntity,
  webhookEndpoint: WebhookEndpointEntity,
};

export const Database = builtOnFirstUse(() => new Service(databaseEntities));

/** The entities as a transaction callback receives them. */
export type TransactionEntities = Parameters<Parameters<typeof Database.transaction.write>[0]>[0];
