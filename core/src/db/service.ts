import { Service } from "electrodb";
import { CompanyEntity } from "../company/entity";
import { IdentityEntity } from "../identity/entity";
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
