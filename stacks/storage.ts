import { Duration } from "aws-cdk-lib";
import * as kms from "aws-cdk-lib/aws-kms";
import * as s3 from "aws-cdk-lib/aws-s3";
import { Bucket, type Function as LambdaFunction, type StackContext, Table } from "sst/constructs";
import { tableDefinition } from "../core/src/db/table";
import { appSecrets } from "./secrets";

/** Days label PDFs and exports are kept (the label batch's and the export's 90-day TTL). */
export const FILE_KEEP_DAYS = 90;

export function Storage({ stack }: StackContext) {
  const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = tableDefinition;
  const indexes = Object.entries(globalIndexes);
  const keyAttributes = [partitionKey, sortKey, ...indexes.flatMap(([, keys]) => Object.values(keys))];

  const table = new Table(stack, "Main", {
    fields: Object.fromEntries(keyAttributes.map((name) => [name, "string" as const])),
    primaryIndex: { partitionKey, sortKey },
    globalIndexes: Object.fromEntries(
      indexes.map(([name, keys]) => [name, { partitionKey: keys.partitionKey, sortKey: keys.sortKey }]),
    ),
    timeToLiveAttribute,
    // SST turns this on today; stating it keeps backups from depending on a library default.
    cdk: { table: { pointInTimeRecovery: true } },
  });

  // Label PDFs and exports are private: the API hands out presigned URLs and nothing is public.
  // The one cross-origin call is the browser's PUT of a large issued-data file to its presigned
  // upload URL (core/src/import): CORS allows PUT only. The URL is the credential (signed for one
  // key and its exact length); OKURU_SITE_ORIGIN narrows the origin where the site's is known.
  // Both are kept 90 days (their records' TTL, core/src/shipment and core/src/export): the files go with
  // them, so the recipients printed on a label do not outlive the batch (keys start with the tenant, so
  // the rule covers the whole bucket rather than a prefix).
  const bucket = new Bucket(stack, "Files", {
    blockPublicACLs: true,
    cors: [
      {
        allowedMethods: ["PUT"],
        allowedOrigins: [process.env.OKURU_SITE_ORIGIN ?? "*"],
        allowedHeaders: ["content-type", "content-length"],
        maxAge: "1 hour",
      },
    ],
    cdk: {
      bucket: {
        encryption: s3.BucketEncryption.S3_MANAGED,
        lifecycleRules: [
          {
            id: "expire-files",
            expiration: Duration.days(FILE_KEEP_DAYS),
            abortIncompleteMultipartUploadAfter: Duration.days(1),
          },
        ],
      },
    },
  });

  const secretsKey = new kms.Key(stack, "SecretsKey", {
    description:
      "Envelope encryption of merchant secrets (shop tokens, carrier passwords, API client secrets)",
    enableKeyRotation: true,
  });

  /**
   * Table access always comes with the secrets key: tenant items hold sealed merchant secrets, so a
   * function that can read them must also be able to open and re-seal them.
   */
  function bindTable(fn: LambdaFunction) {
    fn.bind([table]);
    fn.addEnvironment("OKURU_KMS_KEY_ID", secretsKey.keyArn);
    secretsKey.grantEncryptDecrypt(fn);
  }

  // Every later stack uses this one, so the app's own secrets are declared here, once.
  const secrets = appSecrets(stack);

  return { table, bucket, secretsKey, bindTable, secrets };
}
