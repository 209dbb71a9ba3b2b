import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { clientOptions, coreConfig } from "../config";
import { createTableInput } from "./table";

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = new DynamoDBClient(clientOptions(coreConfig().endpoints.dynamodb));
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    });
  }
  return documentClient;
}

/** ElectroDB entity configuration: the client and the table name, resolved lazily. */
export const entityConfig = () => ({ client: dynamo(), table: coreConfig().tableName });

/** Creates the table when it is missing (local stand-ins only; AWS tables come from the stack). */
export async function ensureTable(): Promise<"created" | "exists"> {
  const { tableName } = coreConfig();
  const client = dynamo();
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return "exists";
  } catch (err) {
    if ((err as { name?: string }).name !== "ResourceNotFoundException") throw err;
  }
  await client.send(new CreateTableCommand(createTableInput(tableName)));
  return "created";
}
