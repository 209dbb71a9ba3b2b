export { type Carrier, carriers } from "../../shared/brand";
export {
  type Account,
  carriersWithAccount,
  codesOf,
  defaultFor,
  get,
  hasAny,
  Info,
  list,
  MAX_CARRIER_ACCOUNTS,
  notFound,
  RangeInfo,
  serialize,
} from "./account";
export { allocateNumbers } from "./allocate";
export * as CarrierAccount from "./index";
export { create, remove, update } from "./writes";
