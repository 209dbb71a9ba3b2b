/** Bulk query operations in the simulator's schema, as the Admin API has them (see bulk.ts). */
export const BULK_SDL = /* GraphQL */ `
interface Node {
  id: ID!
}

extend type Order implements Node

extend type Query {
  currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
  node(id: ID!): Node
}

extend type Mutation {
  bulkOperationRunQuery(query: String!, groupObjects: Boolean = true): BulkOperationRunQueryPayload
  bulkOperationCancel(id: ID!): BulkOperationCancelPayload
}

extend enum WebhookSubscriptionTopic {
  BULK_OPERATIONS_FINISH
}

enum BulkOperationStatus {
  CANCELED
  CANCELING
  COMPLETED
  CREATED
  EXPIRED
  FAILED
  RUNNING
}

enum BulkOperationErrorCode {
  ACCESS_DENIED
  INTERNAL_SERVER_ERROR
  TIMEOUT
}

enum BulkOperationType {
  MUTATION
  QUERY
}

type BulkOperation implements Node {
  id: ID!
  type: BulkOperationType!
  status: BulkOperationStatus!
  errorCode: BulkOperationErrorCode
  query: String!
  objectCount: UnsignedInt64!
  rootObjectCount: UnsignedInt64!
  fileSize: UnsignedInt64
  url: URL
  partialDataUrl: URL
  createdAt: DateTime!
  completedAt: DateTime
}

enum BulkOperationUserErrorCode {
  INVALID
  OPERATION_IN_PROGRESS
}

type BulkOperationUserError {
  field: [String!]
  message: String!
  code: BulkOperationUserErrorCode
}

type BulkOperationRunQueryPayload {
  bulkOperation: BulkOperation
  userErrors: [BulkOperationUserError!]!
}

type BulkOperationCancelPayload {
  bulkOperation: BulkOperation
  userErrors: [UserError!]!
}
`;
