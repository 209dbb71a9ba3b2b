import { CreateTableCommand, DescribeTableCommand, DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { Entity, type Schema } from "electrodb";
import { clientOptions, coreConfig, withoutCallLogging } from "../config";
import { builtOnFirstUse } from "../util/built-on-first-use";
import { prefixAsRange } from "./key-range";
import { createTableInput } from "./table";

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  if (!documentClient) {
    const client = withoutCallLogging(new DynamoDBClient(clientOptions(coreConfig().endpoints.dynamodb)));
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    });
    // Every Query, whoever built it (ElectroDB, a bench's baseline): see key-range.ts.
    documentClient.middlewareStack.add(
      (next, context) => (args) =>
        next(
          context.commandName === "QueryCommand"
            ? { ...args, input: prefixAsRange(args.input as Parameters<typeof prefixAsRange>[0]) }
            : args,
        ),
      { step: "initialize", name: "prefixAsRange" },
    );
  }
  return documentClient;
}

/** ElectroDB entity configuration: the client and the table name, resolved lazily. */
const entityConfig = () => ({ client: dynamo(), table: coreConfig().tableName });

/** What an entity declares of its own: its attributes and its access patterns (README §1). */
type EntityBody<A extends string, F extends string, C extends string> = Pick<
  Schema<A, F, C>,
  "attributes" | "indexes"
>;

/**
 * An entity of the one table: ElectroDB model `entity` of the service `okuru` (model
 * version "1" unless its item shape was changed incompatibly), on the table and client
 * above. Each entity file declares only its attributes and indexes.
 */
export function defineEntity<
  A extends string,
  F extends string,
  C extends string,
  const E extends string,
  B extends EntityBody<A, F, C>,
>(entity: E, body: B, version = "1") {
  // Built on first use (util/built-on-first-use.ts): a cold start builds only the entities its request reads.
  return builtOnFirstUse(
    () => new Entity({ model: { entity, version, service: "okuru" }, ...body }, entityConfig()),
  );
}

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
