import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { QueueName } from "@okuru/core/queue";
// The plain settings file, not the queue module: importing that would read the configuration before provisioning sets it.
import { maxReceiveCount } from "../../core/src/queue/settings";
import type { StandInEndpoints } from "./stand-ins";

/**
 * Creates, idempotently, what the stack creates in AWS: the user pool and web
 * client, the queues with their DLQs, and the bucket. Returns the environment the
 * API, the consumers and the web app need, in the same variable names that the SST
 * bindings produce in AWS, so no code branches on "is local".
 */
const region = "ap-northeast-1";
const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export const localQueueNames: Record<QueueName, string> = {
  orderSync: "order-sync",
  labelJob: "label-job",
  trackingUpload: "tracking-upload",
  exportJob: "export-job",
  webhookDelivery: "webhook-delivery",
};
const sstQueueIds: Record<QueueName, string> = {
  orderSync: "OrderSyncQueue",
  labelJob: "LabelJobQueue",
  trackingUpload: "TrackingUploadQueue",
  exportJob: "ExportJobQueue",
  webhookDelivery: "WebhookDeliveryQueue",
};

export type LocalResources = {
  userPoolId: string;
  clientId: string;
  queueUrls: Record<QueueName, string>;
  env: Record<string, string>;
};

async function ensureUserPool(endpoint: string, poolName: string) {
  const cognito = new CognitoIdentityProviderClient({ region, endpoint, credentials });
  const { UserPools = [] } = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let poolId = UserPools.find((p) => p.Name === poolName)?.Id;
  if (!poolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: poolName,
        UsernameAttributes: ["email"],
        AutoVerifiedAttributes: ["email"],
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
          },
        },
      }),
    );
    poolId = created.UserPool!.Id!;
  }
  const { UserPoolClients = [] } = await cognito.send(
    new ListUserPoolClientsCommand({ UserPoolId: poolId, MaxResults: 60 }),
  );
  let clientId = UserPoolClients.find((c) => c.ClientName === "web")?.ClientId;
  if (!clientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: poolId,
        ClientName: "web",
        ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
      }),
    );
    clientId = created.UserPoolClient!.ClientId!;
  }
  return { poolId, clientId };
}

async function ensureQueues(endpoint: string) {
  const sqs = new SQSClient({ region, endpoint, credentials });
  const urls = {} as Record<QueueName, string>;
  for (const [queue, name] of Object.entries(localQueueNames) as [QueueName, string][]) {
    const dlq = await sqs.send(new CreateQueueCommand({ QueueName: `${name}-dlq` }));
    const { Attributes } = await sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: dlq.QueueUrl!, AttributeNames: ["QueueArn"] }),
    );
    const main = await sqs.send(
      new CreateQueueCommand({
        QueueName: name,
        Attributes: {
          VisibilityTimeout: "30",
          RedrivePolicy: JSON.stringify({ deadLetterTargetArn: Attributes!.QueueArn, maxReceiveCount }),
        },
      }),
    );
    urls[queue] = main.QueueUrl!;
  }
  return urls;
}

async function ensureBucket(endpoint: string, bucket: string) {
  const s3 = new S3Client({ region, endpoint, credentials, forcePathStyle: true });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } catch (err) {
    const name = (err as { name?: string }).name;
    if (name !== "BucketAlreadyOwnedByYou" && name !== "BucketAlreadyExists") throw err;
  }
}

export async function provision(
  endpoints: StandInEndpoints,
  names: { tableName: string; bucketName: string; poolName: string; keyFile: string },
): Promise<LocalResources> {
  const [{ poolId, clientId }, queueUrls] = await Promise.all([
    ensureUserPool(endpoints.cognito, names.poolName),
    ensureQueues(endpoints.sqs),
    ensureBucket(endpoints.s3, names.bucketName),
  ]);
  const env: Record<string, string> = {
    AWS_REGION: region,
    SST_Table_tableName_Main: names.tableName,
    SST_Bucket_bucketName_Files: names.bucketName,
    OKURU_DYNAMODB_ENDPOINT: endpoints.dynamodb,
    OKURU_SQS_ENDPOINT: endpoints.sqs,
    OKURU_S3_ENDPOINT: endpoints.s3,
    OKURU_COGNITO_ENDPOINT: endpoints.cognito,
    OKURU_USER_POOL_ID: poolId,
    OKURU_USER_POOL_CLIENT_ID: clientId,
    OKURU_LOCAL_KEY_FILE: names.keyFile,
  };
  for (const [queue, url] of Object.entries(queueUrls) as [QueueName, string][]) {
    env[`SST_Queue_queueUrl_${sstQueueIds[queue]}`] = url;
  }
  return { userPoolId: poolId, clientId, queueUrls, env };
}
