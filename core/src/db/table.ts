/**
 * The one table's shape, as plain data: the stack, the local stand-ins and the
 * entities all read it, so they cannot drift apart. Attribute and index names are
 * generic; the meaning lives in each entity's access-pattern names.
 */
export const tableDefinition = {
  partitionKey: "pk",
  sortKey: "sk",
  globalIndexes: {
    gsi1: { partitionKey: "gsi1pk", sortKey: "gsi1sk" },
    gsi2: { partitionKey: "gsi2pk", sortKey: "gsi2sk" },
    gsi3: { partitionKey: "gsi3pk", sortKey: "gsi3sk" },
  },
  /** Items with this epoch-seconds attribute expire (idempotency records, short-lived state). */
  timeToLiveAttribute: "expiresAt",
} as const;

export type IndexName = keyof typeof tableDefinition.globalIndexes;

/** CreateTable input for the local engine; the stack declares the same keys through SST. */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, globalIndexes } = tableDefinition;
  const indexNames = Object.keys(globalIndexes) as IndexName[];
  const keyNames = [partitionKey, sortKey, ...indexNames.flatMap((n) => Object.values(globalIndexes[n]))];
  return {
    TableName: tableName,
    BillingMode: "PAY_PER_REQUEST" as const,
    AttributeDefinitions: keyNames.map((AttributeName) => ({ AttributeName, AttributeType: "S" as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: "HASH" as const },
      { AttributeName: sortKey, KeyType: "RANGE" as const },
    ],
    GlobalSecondaryIndexes: indexNames.map((IndexName) => ({
      IndexName,
      KeySchema: [
        { AttributeName: globalIndexes[IndexName].partitionKey, KeyType: "HASH" as const },
        { AttributeName: globalIndexes[IndexName].sortKey, KeyType: "RANGE" as const },
      ],
      Projection: { ProjectionType: "ALL" as const },
    })),
  };
}
