import type { Carrier } from "@okuru/core/shared/brand";
import { answer, api, byId, mayBeLeftOut, required } from "./client";
import type { BodyOf, Camelize, ResponseOf, Schemas } from "./wire";

// Bodies the spec does not list as required are optional, except the company
// profile's: a PUT of the whole profile without one means nothing.

export type Health = ResponseOf<"/api/health", "get">;
export type SignupCheck = ResponseOf<"/api/signup", "get">;
export type SignupCreateReq = BodyOf<"/api/signup", "post">;
export type SignupResult = ResponseOf<"/api/signup", "post">;

export type Company = Camelize<Schemas["Company"]>;
/** 会社概要; validated in the browser by the schema (and Japanese messages) shared with the API. */
export type CompanyUpdateReq = BodyOf<"/api/companies", "put">;
export type CompanySetupStatusReq = BodyOf<"/api/companies/setup_status", "put">;

/** Every address for a postal code: one code may cover several towns, even two prefectures. */
export type Geocoding = Camelize<Schemas["Geocoding"]>;
export type GeocodingAddress = Camelize<Schemas["GeocodingAddress"]>;

export type User = Camelize<Schemas["User"]>;
export type UserList = Camelize<Schemas["UserList"]>;
/** Invites a colleague by email (Cognito mails the temporary password). */
export type UserCreateReq = BodyOf<"/api/users", "post">;
export type UserUpdateReq = BodyOf<"/api/users/{id}", "put">;

/** 発送元 (ご依頼主). */
export type Sender = Camelize<Schemas["Sender"]>;
export type SenderList = Camelize<Schemas["SenderList"]>;
export type SenderCreateReq = BodyOf<"/api/senders", "post">;
export type SenderUpdateReq = BodyOf<"/api/senders/{id}", "put">;

/** 備考欄設定: the 品名 and 荷扱い printed on labels. */
export type ItemCategory = Camelize<Schemas["ItemCategory"]>;
export type ItemCategoryList = Camelize<Schemas["ItemCategoryList"]>;
export type ItemCategoryCreateReq = BodyOf<"/api/item_categories", "post">;
export type ItemCategoryUpdateReq = BodyOf<"/api/item_categories/{id}", "put">;

export type Brand = Camelize<Schemas["Brand"]>;
/** Keyed by carrier; the keys arrive camelCased like every other key (japan_post → japanPost). */
export type BrandPrintSettings = Brand["printSettings"];
/** How one carrier's labels are printed (camelCase as received). */
export type CarrierPrintSetting = BrandPrintSettings["japanPost"];

/** A carrier's key in BrandPrintSettings. */
export const printSettingsKey: Record<Carrier, keyof BrandPrintSettings> = {
  japan_post: "japanPost",
  sagawa: "sagawa",
  yamato: "yamato",
};

export type BrandUpdateReq = BodyOf<"/api/brands", "put">;
export type BrandSenderUpdateReq = BodyOf<"/api/brands/senders", "put">;
export type BrandItemCategoryUpdateReq = BodyOf<"/api/brands/item_categories", "put">;
/** All three carriers, each a full setting, snake_case as sent. */
export type BrandPrintSettingsUpdateReq = BodyOf<"/api/brands/print_settings", "put">;

export const getHealth = () => answer(api.GET("/api/health"));

export const getSignup = () => answer(api.GET("/api/signup"));
export const createSignup = (signupCreateReq?: SignupCreateReq) =>
  answer(api.POST("/api/signup", { body: signupCreateReq }));

export const getCompanies = () => answer(api.GET("/api/companies"));
export const updateCompany = async (companyUpdateReq: CompanyUpdateReq) =>
  answer(
    api.PUT("/api/companies", { body: required("updateCompany", "companyUpdateReq", companyUpdateReq) }),
  );
export const updateCompanySetupStatus = (companySetupStatusReq?: CompanySetupStatusReq) =>
  answer(api.PUT("/api/companies/setup_status", { body: mayBeLeftOut(companySetupStatusReq) }));

export const getMe = () => answer(api.GET("/api/users/me"));
export const getUsers = () => answer(api.GET("/api/users"));
export const createUser = async (userCreateReq: UserCreateReq) =>
  answer(api.POST("/api/users", { body: required("createUser", "userCreateReq", userCreateReq) }));
export const updateUser = async (id: string, userUpdateReq?: UserUpdateReq) =>
  answer(api.PUT("/api/users/{id}", { params: byId("updateUser", id), body: mayBeLeftOut(userUpdateReq) }));
export const deleteUser = async (id: string) =>
  answer(api.DELETE("/api/users/{id}", { params: byId("deleteUser", id) }));

export const getSenders = () => answer(api.GET("/api/senders"));
export const createSender = async (senderCreateReq: SenderCreateReq) =>
  answer(api.POST("/api/senders", { body: required("createSender", "senderCreateReq", senderCreateReq) }));
export const updateSender = async (id: string, senderUpdateReq?: SenderUpdateReq) =>
  answer(
    api.PUT("/api/senders/{id}", { params: byId("updateSender", id), body: mayBeLeftOut(senderUpdateReq) }),
  );
export const deleteSender = async (id: string) =>
  answer(api.DELETE("/api/senders/{id}", { params: byId("deleteSender", id) }));

export const getItemCategories = () => answer(api.GET("/api/item_categories"));
export const createItemCategory = async (itemCategoryCreateReq: ItemCategoryCreateReq) =>
  answer(
    api.POST("/api/item_categories", {
      body: required("createItemCategory", "itemCategoryCreateReq", itemCategoryCreateReq),
    }),
  );
export const updateItemCategory = async (id: string, itemCategoryUpdateReq?: ItemCategoryUpdateReq) =>
  answer(
    api.PUT("/api/item_categories/{id}", {
      params: byId("updateItemCategory", id),
      body: mayBeLeftOut(itemCategoryUpdateReq),
    }),
  );
export const deleteItemCategory = async (id: string) =>
  answer(api.DELETE("/api/item_categories/{id}", { params: byId("deleteItemCategory", id) }));

export const getBrands = () => answer(api.GET("/api/brands"));
export const updateBrand = (brandUpdateReq?: BrandUpdateReq) =>
  answer(api.PUT("/api/brands", { body: mayBeLeftOut(brandUpdateReq) }));
export const updateBrandSender = (brandSenderUpdateReq?: BrandSenderUpdateReq) =>
  answer(api.PUT("/api/brands/senders", { body: mayBeLeftOut(brandSenderUpdateReq) }));
export const updateBrandItemCategory = (brandItemCategoryUpdateReq?: BrandItemCategoryUpdateReq) =>
  answer(api.PUT("/api/brands/item_categories", { body: mayBeLeftOut(brandItemCategoryUpdateReq) }));
export const updateBrandPrintSettings = (brandPrintSettingsUpdateReq?: BrandPrintSettingsUpdateReq) =>
  answer(api.PUT("/api/brands/print_settings", { body: mayBeLeftOut(brandPrintSettingsUpdateReq) }));

export const getGeocoding = async (addressPostcode: string) =>
  answer(
    api.GET("/api/geocoding", {
      params: { query: { address_postcode: required("getGeocoding", "addressPostcode", addressPostcode) } },
    }),
  );
