/** An order's financial statuses: the one it displays and the one orderCreate sets share them. */
const financialStatuses = [
  "AUTHORIZED",
  "EXPIRED",
  "PAID",
  "PARTIALLY_PAID",
  "PARTIALLY_REFUNDED",
  "PENDING",
  "REFUNDED",
  "VOIDED",
]
  .map((status) => `  ${status}`)
  .join("\n");

/** The address fields a MailingAddress shows and a MailingAddressInput takes alike. */
const addressLines = ["company", "address1", "address2", "city", "province", "provinceCode", "zip", "country"]
  .map((field) => `  ${field}: String`)
  .join("\n");

/** The subset of the Shopify Admin GraphQL schema (the version in API_VERSION) the simulator serves. */
export const SDL = /* GraphQL */ `
scalar DateTime
scalar Decimal
scalar URL
scalar UnsignedInt64

type Query {
  shop: Shop!
  currentAppInstallation: AppInstallation!
  order(id: ID!): Order
  orders(
    first: Int
    after: String
    last: Int
    before: String
    query: String
    sortKey: OrderSortKeys = ID
    reverse: Boolean = false
  ): OrderConnection!
  ordersCount(query: String, limit: Int = 10000): Count
  fulfillmentOrder(id: ID!): FulfillmentOrder
  webhookSubscription(id: ID!): WebhookSubscription
  webhookSubscriptions(
    first: Int
    after: String
    last: Int
    before: String
    topics: [WebhookSubscriptionTopic!]
    callbackUrl: URL
    uri: String
  ): WebhookSubscriptionConnection!
}

type Mutation {
  orderCreate(order: OrderCreateOrderInput!, options: OrderCreateOptionsInput): OrderCreatePayload
  fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  fulfillmentTrackingInfoUpdate(
    fulfillmentId: ID!
    trackingInfoInput: FulfillmentTrackingInput!
    notifyCustomer: Boolean
  ): FulfillmentTrackingInfoUpdatePayload
  fulfillmentCancel(id: ID!): FulfillmentCancelPayload
  webhookSubscriptionCreate(
    topic: WebhookSubscriptionTopic!
    webhookSubscription: WebhookSubscriptionInput!
  ): WebhookSubscriptionCreatePayload
  webhookSubscriptionDelete(id: ID!): WebhookSubscriptionDeletePayload
}

type Shop {
  id: ID!
  name: String!
  myshopifyDomain: String!
  email: String!
  currencyCode: CurrencyCode!
  ianaTimezone: String!
}

type AppInstallation {
  id: ID!
  accessScopes: [AccessScope!]!
}

type AccessScope {
  handle: String!
  description: String!
}

type Count {
  count: Int!
  precision: CountPrecision!
}

enum CountPrecision {
  EXACT
  AT_LEAST
}

enum CurrencyCode {
  JPY
  USD
}

enum CountryCode {
  JP
  US
}

enum OrderSortKeys {
  CREATED_AT
  UPDATED_AT
  PROCESSED_AT
  ID
  ORDER_NUMBER
}

type PageInfo {
  hasNextPage: Boolean!
  hasPreviousPage: Boolean!
  startCursor: String
  endCursor: String
}

type OrderConnection {
  nodes: [Order!]!
  edges: [OrderEdge!]!
  pageInfo: PageInfo!
}

type OrderEdge {
  cursor: String!
  node: Order!
}

enum OrderDisplayFinancialStatus {
${financialStatuses}
}

enum OrderDisplayFulfillmentStatus {
  FULFILLED
  IN_PROGRESS
  ON_HOLD
  OPEN
  PARTIALLY_FULFILLED
  PENDING_FULFILLMENT
  REQUEST_DECLINED
  RESTOCKED
  SCHEDULED
  UNFULFILLED
}

enum OrderCancelReason {
  CUSTOMER
  DECLINED
  FRAUD
  INVENTORY
  OTHER
  STAFF
}

type Order {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  createdAt: DateTime!
  updatedAt: DateTime!
  processedAt: DateTime!
  cancelledAt: DateTime
  cancelReason: OrderCancelReason
  closed: Boolean!
  closedAt: DateTime
  displayFinancialStatus: OrderDisplayFinancialStatus
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
  email: String
  phone: String
  note: String
  tags: [String!]!
  test: Boolean!
  currencyCode: CurrencyCode!
  customAttributes: [Attribute!]!
  shippingAddress: MailingAddress
  billingAddress: MailingAddress
  shippingLine: ShippingLine
  totalPriceSet: MoneyBag!
  subtotalPriceSet: MoneyBag
  totalShippingPriceSet: MoneyBag!
  paymentGatewayNames: [String!]!
  lineItems(first: Int, after: String, last: Int, before: String): LineItemConnection!
  fulfillmentOrders(
    first: Int
    after: String
    last: Int
    before: String
    displayable: Boolean = false
  ): FulfillmentOrderConnection!
  fulfillments(first: Int): [Fulfillment!]!
}

type Attribute {
  key: String!
  value: String
}

type MailingAddress {
  id: ID!
  firstName: String
  lastName: String
  name: String
${addressLines}
  countryCodeV2: CountryCode
  phone: String
  formatted(withName: Boolean = false, withCompany: Boolean = true): [String!]!
}

type ShippingLine {
  id: ID
  title: String!
  code: String
  source: String
  originalPriceSet: MoneyBag!
}

type MoneyBag {
  shopMoney: MoneyV2!
  presentmentMoney: MoneyV2!
}

type MoneyV2 {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

type LineItemConnection {
  nodes: [LineItem!]!
  edges: [LineItemEdge!]!
  pageInfo: PageInfo!
}

type LineItemEdge {
  cursor: String!
  node: LineItem!
}

type LineItem {
  id: ID!
  name: String!
  title: String!
  sku: String
  quantity: Int!
  currentQuantity: Int!
  unfulfilledQuantity: Int!
  requiresShipping: Boolean!
  originalUnitPriceSet: MoneyBag!
  variant: ProductVariant
}

type ProductVariant {
  id: ID!
  sku: String
  title: String!
}

type FulfillmentOrderConnection {
  nodes: [FulfillmentOrder!]!
  edges: [FulfillmentOrderEdge!]!
  pageInfo: PageInfo!
}

type FulfillmentOrderEdge {
  cursor: String!
  node: FulfillmentOrder!
}

enum FulfillmentOrderStatus {
  CANCELLED
  CLOSED
  INCOMPLETE
  IN_PROGRESS
  ON_HOLD
  OPEN
  SCHEDULED
}

enum FulfillmentOrderRequestStatus {
  ACCEPTED
  CANCELLATION_ACCEPTED
  CANCELLATION_REJECTED
  CANCELLATION_REQUESTED
  CLOSED
  REJECTED
  SUBMITTED
  UNSUBMITTED
}

type FulfillmentOrder {
  id: ID!
  status: FulfillmentOrderStatus!
  requestStatus: FulfillmentOrderRequestStatus!
  createdAt: DateTime!
  updatedAt: DateTime!
  orderId: ID!
  orderName: String!
  assignedLocation: FulfillmentOrderAssignedLocation!
  lineItems(first: Int, after: String, last: Int, before: String): FulfillmentOrderLineItemConnection!
}

type FulfillmentOrderAssignedLocation {
  name: String!
  countryCode: CountryCode!
  province: String
  city: String
  zip: String
}

type FulfillmentOrderLineItemConnection {
  nodes: [FulfillmentOrderLineItem!]!
  edges: [FulfillmentOrderLineItemEdge!]!
  pageInfo: PageInfo!
}

type FulfillmentOrderLineItemEdge {
  cursor: String!
  node: FulfillmentOrderLineItem!
}

type FulfillmentOrderLineItem {
  id: ID!
  remainingQuantity: Int!
  totalQuantity: Int!
  sku: String
  lineItem: LineItem!
}

enum FulfillmentStatus {
  CANCELLED
  ERROR
  FAILURE
  SUCCESS
  OPEN
  PENDING
}

type Fulfillment {
  id: ID!
  legacyResourceId: UnsignedInt64!
  name: String!
  status: FulfillmentStatus!
  createdAt: DateTime!
  updatedAt: DateTime!
  trackingInfo(first: Int): [FulfillmentTrackingInfo!]!
  totalQuantity: Int!
}

type FulfillmentTrackingInfo {
  company: String
  number: String
  url: URL
}

type UserError {
  field: [String!]
  message: String!
}

type OrderCreateUserError {
  field: [String!]
  message: String!
  code: String
}

type OrderCreatePayload {
  order: Order
  userErrors: [OrderCreateUserError!]!
}

type FulfillmentCreatePayload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type FulfillmentTrackingInfoUpdatePayload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

type FulfillmentCancelPayload {
  fulfillment: Fulfillment
  userErrors: [UserError!]!
}

input MoneyInput {
  amount: Decimal!
  currencyCode: CurrencyCode!
}

input MoneyBagInput {
  shopMoney: MoneyInput!
  presentmentMoney: MoneyInput
}

input MailingAddressInput {
  firstName: String
  lastName: String
${addressLines}
  countryCode: CountryCode
  phone: String
}

input AttributeInput {
  key: String!
  value: String!
}

input OrderCreateLineItemInput {
  title: String
  sku: String
  quantity: Int!
  priceSet: MoneyBagInput
  variantId: ID
  requiresShipping: Boolean
  taxable: Boolean
}

input OrderCreateShippingLineInput {
  title: String!
  code: String
  source: String
  priceSet: MoneyBagInput!
}

enum OrderTransactionKind {
  AUTHORIZATION
  CAPTURE
  CHANGE
  EMV_AUTHORIZATION
  REFUND
  SALE
  SUGGESTED_REFUND
  VOID
}

enum OrderTransactionStatus {
  AWAITING_RESPONSE
  ERROR
  FAILURE
  PENDING
  SUCCESS
  UNKNOWN
}

input OrderCreateOrderTransactionInput {
  gateway: String
  kind: OrderTransactionKind
  status: OrderTransactionStatus
  amountSet: MoneyBagInput!
}

enum OrderCreateFinancialStatus {
${financialStatuses}
}

input OrderCreateOrderInput {
  name: String
  email: String
  phone: String
  note: String
  tags: [String!]
  currency: CurrencyCode
  processedAt: DateTime
  financialStatus: OrderCreateFinancialStatus
  shippingAddress: MailingAddressInput
  billingAddress: MailingAddressInput
  lineItems: [OrderCreateLineItemInput!]
  shippingLines: [OrderCreateShippingLineInput!]
  customAttributes: [AttributeInput!]
  transactions: [OrderCreateOrderTransactionInput!]
  test: Boolean
}

enum OrderCreateInputsInventoryBehavior {
  BYPASS
  DECREMENT_IGNORING_POLICY
  DECREMENT_OBEYING_POLICY
}

input OrderCreateOptionsInput {
  sendReceipt: Boolean
  sendFulfillmentReceipt: Boolean
  inventoryBehaviour: OrderCreateInputsInventoryBehavior
}

input FulfillmentOrderLineItemInput {
  id: ID!
  quantity: Int!
}

input FulfillmentOrderLineItemsInput {
  fulfillmentOrderId: ID!
  fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!]
}

input FulfillmentTrackingInput {
  company: String
  number: String
  numbers: [String!]
  url: URL
  urls: [URL!]
}

input FulfillmentOriginAddressInput {
  address1: String
  address2: String
  city: String
  zip: String
  provinceCode: String
  countryCode: String!
}

input FulfillmentInput {
  lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
  notifyCustomer: Boolean = false
  originAddress: FulfillmentOriginAddressInput
  trackingInfo: FulfillmentTrackingInput
}

enum WebhookSubscriptionTopic {
  APP_UNINSTALLED
  ORDERS_CREATE
  ORDERS_UPDATED
  ORDERS_CANCELLED
  ORDERS_FULFILLED
  ORDERS_PARTIALLY_FULFILLED
  FULFILLMENTS_CREATE
  FULFILLMENTS_UPDATE
}

enum WebhookSubscriptionFormat {
  JSON
  XML
}

input WebhookSubscriptionInput {
  callbackUrl: URL
  uri: String
  format: WebhookSubscriptionFormat
  includeFields: [String!]
  metafieldNamespaces: [String!]
  filter: String
}

type WebhookSubscriptionConnection {
  nodes: [WebhookSubscription!]!
  edges: [WebhookSubscriptionEdge!]!
  pageInfo: PageInfo!
}

type WebhookSubscriptionEdge {
  cursor: String!
  node: WebhookSubscription!
}

type WebhookSubscription {
  id: ID!
  legacyResourceId: UnsignedInt64!
  topic: WebhookSubscriptionTopic!
  format: WebhookSubscriptionFormat!
  callbackUrl: URL!
  uri: String!
  apiVersion: ApiVersion!
  includeFields: [String!]!
  createdAt: DateTime!
  updatedAt: DateTime!
  endpoint: WebhookSubscriptionEndpoint!
}

type ApiVersion {
  handle: String!
  displayName: String!
  supported: Boolean!
}

union WebhookSubscriptionEndpoint = WebhookHttpEndpoint | WebhookEventBridgeEndpoint | WebhookPubSubEndpoint

type WebhookHttpEndpoint {
  callbackUrl: URL!
}

type WebhookEventBridgeEndpoint {
  arn: String!
}

type WebhookPubSubEndpoint {
  pubSubProject: String!
  pubSubTopic: String!
}

type WebhookSubscriptionCreatePayload {
  webhookSubscription: WebhookSubscription
  userErrors: [UserError!]!
}

type WebhookSubscriptionDeletePayload {
  deletedWebhookSubscriptionId: ID
  userErrors: [UserError!]!
}
`;
