import { Service } from "electrodb";
import { BrandEntity } from "../brand/entity";
import { CompanyEntity } from "../company/entity";
import { IdentityEntity } from "../identity/entity";
import { ItemCategoryEntity } from "../item-category/entity";
import { SenderEntity } from "../sender/entity";
import { UserEntity } from "../user/entity";

/**
 * Entities that take part in one transaction are joined in a service. Company
 * sign-up writes the company, its first user and the identity link atomically.
 */
export const AccountService = new Service({
  company: CompanyEntity,
  user: UserEntity,
  identity: IdentityEntity,
});

/**
 * The brand's defaults and the records they point at change together: setting a
 * default checks that the record exists, deleting a record checks that it is not
 * the default, each in one transaction, so neither can leave a dangling default.
 */
export const SettingsService = new Service({
  brand: BrandEntity,
  sender: SenderEntity,
  itemCategory: ItemCategoryEntity,
});
