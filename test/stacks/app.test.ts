import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Match, Template } from "aws-cdk-lib/assertions";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { Asset } from "aws-cdk-lib/aws-s3-assets";
import { App, getStack, StaticSite } from "sst/constructs";
import { initProject, useProject } from "sst/project.js";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { tableDefinition } from "../../core/src/db/table";
import { postalIndexFile } from "../../core/src/geocoding/postal-index";
import sstConfig from "../../sst.config";
import { API_THROTTLE, Api } from "../../stacks/api";
import { Auth } from "../../stacks/auth";
import { Cron } from "../../stacks/cron";
import { Queues } from "../../stacks/queues";
import { Storage } from "../../stacks/storage";
import { Web } from "../../stacks/web";

/*
 * The whole app is synthesised once, through sst.config.ts, so the default function props and the
 * removal policy are under test too. One file on purpose: SST keeps project state in module globals
 * and bundles each function into .sst/artifacts/<function id>, which parallel files would share.
 */

const stacks = { Storage, Auth, Queues, Api, Cron, Web };
type StackName = keyof typeof stacks;

const handlers = {
  api: "functions/src/api/lambda.handler",
  orderSync: "functions/src/queue/order-sync.handler",
  labelJob: "functions/src/queue/label-job.handler",
  trackingUpload: "functions/src/queue/tracking-upload.handler",
  exportJob: "functions/src/queue/export-job.handler",
  webhookDelivery: "functions/src/queue/webhook-delivery.handler",
  scheduledSync: "functions/src/cron/scheduled-sync.handler",
  redrive: "functions/src/cron/redrive.handler",
};

const queues = [
  { id: "OrderSyncQueue", handler: handlers.orderSync },
  { id: "LabelJobQueue", handler: handlers.labelJob },
  { id: "TrackingUploadQueue", handler: handlers.trackingUpload },
  { id: "ExportJobQueue", handler: handlers.exportJob },
  { id: "WebhookDeliveryQueue", handler: handlers.webhookDelivery },
];

const publicRoutes = [
  "GET /api/health",
  "GET /api/openapi.json",
  "GET /api/docs",
  "POST /api/oauth_token",
  "ANY /api/webhooks/{proxy+}",
  "ANY /api/public/{proxy+}",
];

const scratch = mkdtempSync(join(tmpdir(), "okuru-stacks-"));
let templates: Record<StackName, Template>;

beforeAll(async () => {
  stubSiteBuild(join(scratch, "site"));
  await initProject({ stage: "test" });
  // Name, stage and region as `sst deploy` passes them, so names and ARNs read like the real ones.
  const { config } = useProject();
  const app = new App(
    { mode: "deploy", stage: config.stage, name: config.name, region: config.region },
    { outdir: join(scratch, "cdk.out") },
  );
  await sstConfig.stacks(app);
  await app.finish();
  templates = Object.fromEntries(
    Object.entries(stacks).map(([name, stack]) => [name, Template.fromStack(getStack(stack))]),
  ) as Record<StackName, Template>;
  // Synthesis bundles every function, as a deploy does: minutes on a busy two-core machine.
}, 300_000);

afterAll(() => {
  vi.restoreAllMocks();
  rmSync(scratch, { recursive: true, force: true });
});

describe("Storage", () => {
  test("the table's keys and every GSI come from tableDefinition", () => {
    const { partitionKey, sortKey, globalIndexes, timeToLiveAttribute } = tableDefinition;
    templates.Storage.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [
        { AttributeName: partitionKey, KeyType: "HASH" },
        { AttributeName: sortKey, KeyType: "RANGE" },
      ],
      BillingMode: "PAY_PER_REQUEST",
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: timeToLiveAttribute, Enabled: true },
    });

    const [, table] = onlyResource(templates.Storage, "AWS::DynamoDB::Table");
    const indexes = Object.entries(globalIndexes);
    expect(table.Properties.GlobalSecondaryIndexes).toHaveLength(indexes.length);
    for (const [IndexName, keys] of indexes) {
      expect(table.Properties.GlobalSecondaryIndexes).toContainEqual({
        IndexName,
        KeySchema: [
          { AttributeName: keys.partitionKey, KeyType: "HASH" },
          { AttributeName: keys.sortKey, KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "ALL" },
      });
    }
    const keyAttributes = [partitionKey, sortKey, ...indexes.flatMap(([, keys]) => Object.values(keys))];
    expect(table.Properties.AttributeDefinitions).toEqual(
      keyAttributes.map((AttributeName) => ({ AttributeName, AttributeType: "S" })),
    );
  });

  test("the files bucket is private, encrypted, and takes only the browser's presigned PUT across origins", () => {
    templates.Storage.resourceCountIs("AWS::S3::Bucket", 1);
    templates.Storage.hasResourceProperties("AWS::S3::Bucket", {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      CorsConfiguration: {
        CorsRules: [
          {
            AllowedMethods: ["PUT"],
            AllowedOrigins: ["*"],
            AllowedHeaders: ["content-type", "content-length"],
            MaxAge: 3600,
          },
        ],
      },
    });
  });

  test("label PDFs and exports expire after 90 days, with their records", () => {
    const [, bucket] = onlyResource(templates.Storage, "AWS::S3::Bucket");
    const rules = bucket.Properties.LifecycleConfiguration.Rules as Record<string, unknown>[];
    // One rule for the whole bucket (keys start with the tenant, so a prefix could not pick labels out).
    expect(rules).toEqual([
      {
        Id: "expire-files",
        Status: "Enabled",
        ExpirationInDays: 90,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      },
    ]);
  });

  test("the secrets key rotates", () => {
    templates.Storage.hasResourceProperties("AWS::KMS::Key", { EnableKeyRotation: true });
  });

  test("a non-production stage is removed with its data", () => {
    templates.Storage.hasResource("AWS::DynamoDB::Table", { DeletionPolicy: "Delete" });
  });
});

describe("Auth", () => {
  test("users sign up themselves with a verified email as user name", () => {
    templates.Auth.hasResourceProperties("AWS::Cognito::UserPool", {
      UsernameAttributes: ["email"],
      AutoVerifiedAttributes: ["email"],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      Policies: {
        PasswordPolicy: Match.objectLike({
          MinimumLength: 8,
          RequireLowercase: true,
          RequireUppercase: true,
          RequireNumbers: true,
        }),
      },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: "verified_email", Priority: 1 }] },
    });
  });

  test("the web client allows SRP and refresh sign-in without a secret, never the plain password", () => {
    const [, client] = onlyResource(templates.Auth, "AWS::Cognito::UserPoolClient");
    expect([...client.Properties.ExplicitAuthFlows].sort()).toEqual([
      "ALLOW_REFRESH_TOKEN_AUTH",
      "ALLOW_USER_SRP_AUTH",
    ]);
    templates.Auth.hasResourceProperties("AWS::Cognito::UserPoolClient", {
      GenerateSecret: false,
      AllowedOAuthFlows: Match.absent(),
    });
    templates.Auth.resourceCountIs("AWS::Cognito::IdentityPool", 0);
  });
});

describe("Queues", () => {
  test.each(queues)("$id has a dead-letter queue after 3 receives", ({ id }) => {
    const [, queue] = queueNamed(id);
    expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(3);
    const [deadLetterId] = queue.Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"];
    const deadLetterQueue = templates.Queues.toJSON().Resources[deadLetterId];
    expect(deadLetterQueue.Type).toBe("AWS::SQS::Queue");
    expect(deadLetterQueue.Properties.MessageRetentionPeriod).toBe(14 * 24 * 60 * 60);
  });

  test.each(queues)("$id feeds its consumer with partial batch failures", ({ id, handler }) => {
    const [queueId, queue] = queueNamed(id);
    const [functionId, fn] = functionWithHandler(templates.Queues, handler);
    templates.Queues.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      EventSourceArn: { "Fn::GetAtt": [queueId, "Arn"] },
      FunctionName: { Ref: functionId },
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
    expect(queue.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * fn.Properties.Timeout);
    expect(environmentOf(fn)).toHaveProperty(`SST_Queue_queueUrl_${id}`);
  });

  test.each(queues)("$id's dead-letter queue alarms on its first message", ({ id }) => {
    const [, queue] = queueNamed(id);
    const [deadLetterId] = queue.Properties.RedrivePolicy.deadLetterTargetArn["Fn::GetAtt"];
    const [topicId] = onlyResource(templates.Queues, "AWS::SNS::Topic");
    const alarms = Object.values(templates.Queues.findResources("AWS::CloudWatch::Alarm")).filter(
      (alarm) =>
        JSON.stringify(alarm.Properties.Dimensions) ===
        JSON.stringify([{ Name: "QueueName", Value: { "Fn::GetAtt": [deadLetterId, "QueueName"] } }]),
    );
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.Properties).toMatchObject({
      Namespace: "AWS/SQS",
      MetricName: "ApproximateNumberOfMessagesVisible",
      ComparisonOperator: "GreaterThanThreshold",
      Threshold: 0,
      EvaluationPeriods: 1,
      AlarmActions: [{ Ref: topicId }],
    });
  });

  test.each([handlers.orderSync, handlers.labelJob, handlers.trackingUpload, handlers.exportJob])(
    "%s can post the events of its work to integrations (webhooks out)",
    (handler) => {
      const [, fn] = functionWithHandler(templates.Queues, handler);
      expect(environmentOf(fn)).toHaveProperty("SST_Queue_queueUrl_WebhookDeliveryQueue");
    },
  );

  test("the label job can queue the automatic tracking upload of what it issued", () => {
    const [, fn] = functionWithHandler(templates.Queues, handlers.labelJob);
    expect(environmentOf(fn)).toHaveProperty("SST_Queue_queueUrl_TrackingUploadQueue");
  });

  test("no consumer fails a whole batch", () => {
    const mappings = Object.values(templates.Queues.findResources("AWS::Lambda::EventSourceMapping"));
    expect(mappings).toHaveLength(queues.length);
    for (const mapping of mappings) {
      expect(mapping.Properties.FunctionResponseTypes).toEqual(["ReportBatchItemFailures"]);
    }
  });
});

describe("Api", () => {
  test("no gateway authorizer: ID tokens and API連携 access tokens both reach the Lambda, which checks each", () => {
    templates.Api.resourceCountIs("AWS::ApiGatewayV2::Authorizer", 0);
    templates.Api.hasResourceProperties("AWS::ApiGatewayV2::Route", {
      RouteKey: "ANY /api/{proxy+}",
      AuthorizationType: "NONE",
      AuthorizerId: Match.absent(),
    });
  });

  test("the stage throttles all routes, so a flood of bad tokens stops at the gateway", () => {
    templates.Api.hasResourceProperties("AWS::ApiGatewayV2::Stage", {
      DefaultRouteSettings: Match.objectLike({
        ThrottlingRateLimit: API_THROTTLE.rate,
        ThrottlingBurstLimit: API_THROTTLE.burst,
      }),
    });
  });

  test.each(publicRoutes)("%s is left to the Lambda to authenticate", (routeKey) => {
    templates.Api.hasResourceProperties("AWS::ApiGatewayV2::Route", {
      RouteKey: routeKey,
      AuthorizationType: "NONE",
      AuthorizerId: Match.absent(),
    });
  });

  test("every route goes to one function and there are no others", () => {
    const [functionId] = functionWithHandler(templates.Api, handlers.api);
    templates.Api.resourceCountIs("AWS::ApiGatewayV2::Route", publicRoutes.length + 1);
    const integrations = Object.values(templates.Api.findResources("AWS::ApiGatewayV2::Integration"));
    expect(integrations).toHaveLength(publicRoutes.length + 1);
    for (const integration of integrations) {
      expect(integration.Properties.IntegrationUri).toEqual({ "Fn::GetAtt": [functionId, "Arn"] });
    }
  });

  test("browsers get no cross-origin access", () => {
    templates.Api.hasResourceProperties("AWS::ApiGatewayV2::Api", { CorsConfiguration: Match.absent() });
  });

  test("the function sees the table, bucket, queues and Cognito ids", () => {
    const [, fn] = functionWithHandler(templates.Api, handlers.api);
    expect(Object.keys(environmentOf(fn))).toEqual(
      expect.arrayContaining([
        "SST_Table_tableName_Main",
        "SST_Bucket_bucketName_Files",
        "SST_Queue_queueUrl_OrderSyncQueue",
        "SST_Queue_queueUrl_LabelJobQueue",
        "SST_Queue_queueUrl_TrackingUploadQueue",
        "SST_Queue_queueUrl_ExportJobQueue",
        "SST_Queue_queueUrl_WebhookDeliveryQueue",
        "OKURU_USER_POOL_ID",
        "OKURU_USER_POOL_CLIENT_ID",
        "OKURU_KMS_KEY_ID",
      ]),
    );
    const [userPoolId] = onlyResource(templates.Auth, "AWS::Cognito::UserPool");
    const [clientId] = onlyResource(templates.Auth, "AWS::Cognito::UserPoolClient");
    expect(environmentOf(fn)).toMatchObject({
      OKURU_USER_POOL_ID: importOf(`Ref${userPoolId}`),
      OKURU_USER_POOL_CLIENT_ID: importOf(`Ref${clientId}`),
    });
  });
});

describe("Cron", () => {
  test("scheduled sync runs every 15 minutes and can enqueue order syncs", () => {
    const [functionId, fn] = functionWithHandler(templates.Cron, handlers.scheduledSync);
    templates.Cron.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(15 minutes)",
      Targets: [Match.objectLike({ Arn: { "Fn::GetAtt": [functionId, "Arn"] } })],
    });
    expect(Object.keys(environmentOf(fn))).toEqual(
      expect.arrayContaining(["SST_Table_tableName_Main", "SST_Queue_queueUrl_OrderSyncQueue"]),
    );
  });
});

describe("Web", () => {
  test("the distribution sends /api/* to the HTTP API, uncached and with every method", () => {
    const [, distribution] = onlyResource(templates.Web, "AWS::CloudFront::Distribution");
    const config = distribution.Properties.DistributionConfig;
    const behavior = config.CacheBehaviors.find((b: { PathPattern: string }) => b.PathPattern === "/api/*");
    expect(behavior).toMatchObject({
      AllowedMethods: expect.arrayContaining(["GET", "HEAD", "OPTIONS", "PUT", "PATCH", "POST", "DELETE"]),
      CachePolicyId: cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId:
        cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: "https-only",
    });
    const origin = config.Origins.find((o: { Id: string }) => o.Id === behavior.TargetOriginId);
    const [apiId] = onlyResource(templates.Api, "AWS::ApiGatewayV2::Api");
    expect(JSON.stringify(origin.DomainName)).toContain(`ExportsOutputFnGetAtt${apiId}ApiEndpoint`);
  });

  test("API errors are not replaced by the SPA's index page", () => {
    const [, distribution] = onlyResource(templates.Web, "AWS::CloudFront::Distribution");
    const config = distribution.Properties.DistributionConfig;
    expect(config.CustomErrorResponses).toBeUndefined();
    const [fallbackId, fallback] = Object.entries(
      templates.Web.findResources("AWS::CloudFront::Function"),
    ).find(([id]) => id.startsWith("SpaFallback"))!;
    expect(fallback.Properties.FunctionCode).toContain("/index.html");
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: "viewer-request", FunctionARN: { "Fn::GetAtt": [fallbackId, "FunctionARN"] } },
    ]);
  });

  test("the Cognito ids reach the built site", () => {
    const [, uploader] = onlyResource(templates.Web, "Custom::S3Uploader");
    const searched = uploader.Properties.replaceValues.map((r: { search: string }) => r.search);
    expect(searched).toEqual(
      expect.arrayContaining(["{{ VITE_USER_POOL_ID }}", "{{ VITE_USER_POOL_CLIENT_ID }}"]),
    );
  });

  test("the site and API URLs are outputs", () => {
    templates.Web.hasOutput("SiteUrl", {});
    templates.Web.hasOutput("ApiEndpoint", {});
  });
});

describe("secrets", () => {
  const shopifyApp = ["SST_Secret_value_ShopifyClientId", "SST_Secret_value_ShopifyClientSecret"];
  const appUrl = "SST_Secret_value_AppUrl";
  const needs = [
    { handler: handlers.api, stack: "Api", secrets: [...shopifyApp, appUrl] },
    { handler: handlers.orderSync, stack: "Queues", secrets: shopifyApp },
    { handler: handlers.trackingUpload, stack: "Queues", secrets: shopifyApp },
    { handler: handlers.labelJob, stack: "Queues", secrets: [] },
    { handler: handlers.exportJob, stack: "Queues", secrets: [] },
    { handler: handlers.scheduledSync, stack: "Cron", secrets: [] },
    { handler: handlers.redrive, stack: "Cron", secrets: [] },
  ] as const;

  test.each(needs)(
    "$handler gets exactly the secrets it reads, filled in at deploy",
    ({ handler, stack, secrets }) => {
      const template = templates[stack];
      const [functionId, fn] = functionWithHandler(template, handler);
      const bound = Object.keys(environmentOf(fn)).filter((name) => name.startsWith("SST_Secret_"));
      expect(bound.sort()).toEqual([...secrets].sort());
      const prefetchers = Object.values(template.findResources("Custom::SecretPrefetcher")).filter(
        (resource) =>
          JSON.stringify(resource.Properties.functionName) === JSON.stringify({ Ref: functionId }),
      );
      expect(prefetchers).toHaveLength(secrets.length > 0 ? 1 : 0);
      if (secrets.length === 0) return;
      // Placeholders until the prefetcher writes the values; reading them from SSM needs this grant.
      for (const name of secrets) expect(environmentOf(fn)[name]).toBe("__FETCH_FROM_SSM__");
      expect(statementsFor(template, functionId)).toContainEqual(
        expect.objectContaining({ Action: "ssm:GetParameters", Effect: "Allow" }),
      );
    },
  );
});

describe("every function", () => {
  test("runs on Lambda's Node.js 22 runtime on arm64, from the app defaults", () => {
    const functions = Object.values(templates).flatMap(appFunctions);
    expect(functions.map(([, fn]) => fn.Properties.Handler).sort()).toEqual(Object.values(handlers).sort());
    for (const [, fn] of functions) {
      expect(fn.Properties).toMatchObject({ Runtime: "nodejs22.x", Architectures: ["arm64"] });
    }
  });

  test("that reads the postal index carries it as a file beside its handler, not inside its code", () => {
    const index = readFileSync(postalIndexFile);
    const carriers = Object.values(templates)
      .flatMap(appFunctions)
      .filter(([, fn]) => {
        // The handler module or a chunk beside it (the API reads the index in its geocoding group's).
        const code = readdirSync(dirname(deployedHandler(fn)))
          .filter((name) => name.endsWith(".mjs"))
          .map((name) => readFileSync(join(dirname(deployedHandler(fn)), name), "utf8"))
          .join("\n");
        const file = /"\.\/(postal-index-[A-Z0-9]+\.br)"/.exec(code)?.[1];
        if (!file) return false;
        expect(readFileSync(join(dirname(deployedHandler(fn)), file)).equals(index)).toBe(true);
        return true;
      });
    expect(carriers.map(([, fn]) => fn.Properties.Handler)).toContain(handlers.api);
  });

  test("that is bound to the table can seal and open merchant secrets", () => {
    const [keyId] = onlyResource(templates.Storage, "AWS::KMS::Key");
    const keyArn = importOf(`FnGetAtt${keyId}Arn`);
    let bound = 0;
    for (const template of Object.values(templates)) {
      for (const [functionId, fn] of appFunctions(template)) {
        if (!("SST_Table_tableName_Main" in environmentOf(fn))) continue;
        bound++;
        expect(environmentOf(fn)).toMatchObject({ OKURU_KMS_KEY_ID: keyArn });
        expect(statementsFor(template, functionId)).toContainEqual(
          expect.objectContaining({
            Action: expect.arrayContaining(["kms:Encrypt", "kms:Decrypt", "kms:GenerateDataKey*"]),
            Effect: "Allow",
            Resource: keyArn,
          }),
        );
      }
    }
    expect(bound).toBe(Object.keys(handlers).length);
  });
});

/**
 * StaticSite runs the site's build and zips its output while synthesising. Neither is what these
 * tests check, and web/ need not build for the infrastructure to be right: hand it a one-page output.
 */
function stubSiteBuild(output: string) {
  mkdirSync(output, { recursive: true });
  writeFileSync(join(output, "index.html"), "<!doctype html>");
  const site = StaticSite.prototype as unknown as {
    buildApp(): void;
    createS3Assets(this: StaticSite): Asset[];
    bundleFilenamesAsset(): Asset | undefined;
  };
  vi.spyOn(site, "buildApp").mockImplementation(() => {});
  vi.spyOn(site, "createS3Assets").mockImplementation(function (this: StaticSite) {
    return [new Asset(this, "Asset0", { path: output })];
  });
  vi.spyOn(site, "bundleFilenamesAsset").mockImplementation(() => undefined);
}

type Resource = ReturnType<Template["findResources"]>[string];

function onlyResource(template: Template, type: string): [string, Resource] {
  const found = Object.entries(template.findResources(type));
  expect(found, type).toHaveLength(1);
  return found[0]!;
}

/** Our own functions; SST adds custom-resource handlers to every stack. */
function appFunctions(template: Template): [string, Resource][] {
  return Object.entries(template.findResources("AWS::Lambda::Function")).filter(([, fn]) =>
    String(fn.Properties.Handler).startsWith("functions/"),
  );
}

function functionWithHandler(template: Template, handler: string): [string, Resource] {
  const found = appFunctions(template).filter(([, fn]) => fn.Properties.Handler === handler);
  expect(found, handler).toHaveLength(1);
  return found[0]!;
}

function queueNamed(id: string): [string, Resource] {
  const found = Object.entries(
    templates.Queues.findResources("AWS::SQS::Queue", {
      Properties: { QueueName: Match.stringLikeRegexp(`-${id}$`) },
    }),
  );
  expect(found, id).toHaveLength(1);
  return found[0]!;
}

/** The bundled handler module in the directory CDK staged as the function's code. */
function deployedHandler(fn: Resource): string {
  const assetHash = String(fn.Properties.Code.S3Key).replace(/\.zip$/, "");
  const handler = String(fn.Properties.Handler);
  return join(scratch, "cdk.out", `asset.${assetHash}`, `${handler.slice(0, handler.lastIndexOf("."))}.mjs`);
}

function environmentOf(fn: Resource): Record<string, unknown> {
  return fn.Properties.Environment?.Variables ?? {};
}

/** Statements of the policies attached to a function's role. */
function statementsFor(template: Template, functionId: string): unknown[] {
  const fn = template.toJSON().Resources[functionId];
  const [roleId] = fn.Properties.Role["Fn::GetAtt"];
  return Object.values(template.findResources("AWS::IAM::Policy"))
    .filter((policy) => policy.Properties.Roles.some((role: { Ref?: string }) => role.Ref === roleId))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

/** Matches a cross-stack reference; CDK names the export after the referenced resource and attribute. */
function importOf(exported: string) {
  return { "Fn::ImportValue": expect.stringContaining(`:ExportsOutput${exported}`) };
}
