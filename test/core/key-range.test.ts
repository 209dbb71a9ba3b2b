import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { clientOptions, coreConfig } from "@okuru/core/config";
import { dynamo } from "@okuru/core/db/client";
import { prefixAsRange } from "@okuru/core/db/key-range";
import { describe, expect, it } from "vitest";

const prefix = "name:山";
/** Keys under the prefix, after characters that sort high in UTF-8 and in UTF-16 (﨑, ～, ｶ, U+FFFF, 𠮷). */
const under = [
  prefix,
  `${prefix}a`,
  `${prefix}﨑`,
  `${prefix}～`,
  `${prefix}ｶ`,
  `${prefix}\uffff`,
  `${prefix}𠮷`,
];
/** Keys just before and just after the prefix's range (尺 < 山 < 屮 by code point), and one shorter. */
const outside = ["name:尺", "name:屮", "name:", "nam"];

describe("a sort-key prefix is queried as a key range", () => {
  it("rewrites ElectroDB's begins_with into BETWEEN prefix AND prefix + U+10FFFF, native or marshalled", () => {
    const native = prefixAsRange({
      KeyConditionExpression: "#pk = :pk and begins_with(#sk1, :sk1)",
      ExpressionAttributeValues: { ":pk": "p", ":sk1": "$user_1#userId_" },
    });
    expect(native).toEqual({
      KeyConditionExpression: "#pk = :pk and #sk1 BETWEEN :sk1 AND :sk1_end",
      ExpressionAttributeValues: {
        ":pk": "p",
        ":sk1": "$user_1#userId_",
        ":sk1_end": "$user_1#userId_\u{10FFFF}",
      },
    });
    const marshalled = prefixAsRange({
      KeyConditionExpression: "#pk = :pk and begins_with(#sk1, :sk1)",
      ExpressionAttributeValues: { ":pk": { S: "p" }, ":sk1": { S: "a" } },
    });
    expect((marshalled.ExpressionAttributeValues as Record<string, unknown>)[":sk1_end"]).toEqual({
      S: "a\u{10FFFF}",
    });
    // Anything else is sent as it was.
    for (const input of [
      { KeyConditionExpression: "#pk = :pk" },
      { KeyConditionExpression: "#pk = :pk and #sk1 BETWEEN :sk1 AND :sk2" },
      { KeyConditionExpression: "#pk = :pk and begins_with(#sk1, :sk1)", ExpressionAttributeValues: {} },
    ])
      expect(prefixAsRange(input)).toBe(input);
  });

  it("finds exactly the items a begins_with finds in the stand-in, in the same order", async () => {
    const { tableName } = coreConfig();
    const pk = `key-range-${Date.now()}-${Math.random()}`;
    await Promise.all(
      [...under, ...outside].map((sk) =>
        dynamo().send(new PutCommand({ TableName: tableName, Item: { pk, sk } })),
      ),
    );
    const query = (client: DynamoDBDocumentClient, forward: boolean) =>
      client
        .send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: "#pk = :pk and begins_with(#sk1, :sk1)",
            ExpressionAttributeNames: { "#pk": "pk", "#sk1": "sk" },
            ExpressionAttributeValues: { ":pk": pk, ":sk1": prefix },
            ScanIndexForward: forward,
          }),
        )
        .then((out) => (out.Items ?? []).map((item) => item.sk as string));
    // A client without the rewrite asks DynamoDB Local for the begins_with itself.
    const plain = DynamoDBDocumentClient.from(
      new DynamoDBClient(clientOptions(coreConfig().endpoints.dynamodb)),
    );
    const byCodePoint = [...under].sort((a, b) => (a < b ? -1 : 1));
    // JavaScript compares UTF-16 units; 𠮷 (a surrogate pair) sorts before ～ there, last by code point.
    const expected = [...byCodePoint.filter((k) => !k.endsWith("𠮷")), `${prefix}𠮷`];
    for (const forward of [true, false]) {
      const order = forward ? expected : [...expected].reverse();
      expect(await query(dynamo(), forward)).toEqual(order);
      expect(await query(plain, forward)).toEqual(order);
    }

    // What core's client sends is the range.
    const sent: string[] = [];
    dynamo().middlewareStack.add(
      (next) => (args) => {
        sent.push(String((args.input as { KeyConditionExpression?: string }).KeyConditionExpression));
        return next(args);
      },
      { step: "build", name: "keyRangeTestCapture" },
    );
    try {
      await query(dynamo(), true);
    } finally {
      dynamo().middlewareStack.remove("keyRangeTestCapture");
    }
    expect(sent).toEqual(["#pk = :pk and #sk1 BETWEEN :sk1 AND :sk1_end"]);
  });
});
