import { z } from "zod";

/**
 * Every endpoint, name and credential the core reads, validated once. In AWS the
 * values come from SST bindings (`SST_<Construct>_<prop>_<id>`) and the stack's
 * environment; locally the dev runner and the test support set the `OKURU_*`
 * endpoints of the stand-ins. Nothing else in core reads process.env.
 */
const optionalUrl = z.string().url().optional();

const Env = z.object({
  AWS_REGION: z.string().min(1).default("ap-northeast-1"),
  SST_Table_tableName_Main: z.string().min(1).default("okuru-local"),
  SST_Bucket_bucketName_Files: z.string().min(1).default("okuru-local-files"),
  SST_Queue_queueUrl_OrderSyncQueue: z.string().default(""),
  SST_Queue_queueUrl_LabelJobQueue: z.string().default(""),
  SST_Queue_queueUrl_TrackingUploadQueue: z.string().default(""),
  SST_Queue_queueUrl_ExportJobQueue: z.string().default(""),
  SST_Queue_queueUrl_WebhookDeliveryQueue: z.string().default(""),
  OKURU_DYNAMODB_ENDPOINT: optionalUrl,
  OKURU_SQS_ENDPOINT: optionalUrl,
  OKURU_S3_ENDPOINT: optionalUrl,
  OKURU_COGNITO_ENDPOINT: optionalUrl,
  OKURU_USER_POOL_ID: z.string().default(""),
  OKURU_USER_POOL_CLIENT_ID: z.string().default(""),
  /** Where the master key for secrets at rest lives locally; in AWS a KMS key is used. */
  OKURU_LOCAL_KEY_FILE: z.string().optional(),
  OKURU_KMS_KEY_ID: z.string().optional(),
  /** The Shopify app's credentials (Partner Dashboard); locally the simulator's. In AWS see `productionSettings`. */
  OKURU_SHOPIFY_CLIENT_ID: z.string().optional(),
  OKURU_SHOPIFY_CLIENT_SECRET: z.string().optional(),
  /** Where a shop's admin lives, `{shop}` standing for its myshopify domain; the simulator's locally. */
  OKURU_SHOPIFY_ORIGIN: z.string().default("https://{shop}"),
  /** The product's public origin: OAuth return pages and webhook callbacks are under it. */
  OKURU_APP_URL: z.string().optional(),
  /**
   * Origins of merchant-entered URLs that may be private or plain http, comma-separated:
   * locally the shop simulators'. Empty in AWS, where only public https is reached.
   */
  OKURU_ALLOWED_PRIVATE_ORIGINS: z.string().default(""),
  /** The function's role credentials, which Lambda puts in the environment; read only by the file store. */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
});

export type CoreConfig = {
  region: string;
  tableName: string;
  bucketName: string;
  queues: {
    orderSync: string;
    labelJob: string;
    trackingUpload: string;
    exportJob: string;
    webhookDelivery: string;
  };
  endpoints: { dynamodb?: string; sqs?: string; s3?: string; cognito?: string };
  /** The role's keys as Lambda gives them (absent outside AWS): the file store signs its own requests. */
  roleCredentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  cognito: { userPoolId: string; clientId: string; issuer: string; jwksUrl: string };
  secrets: { kind: "local"; keyFile: string } | { kind: "kms"; keyId: string };
  shopify: { clientId: string; clientSecret: string; originTemplate: string };
  appUrl: string;
  allowedPrivateOrigins: string[];
};

/**
 * Settings production cannot run without, and that must never quietly default there (an empty
 * Shopify secret would make every HMAC check compare against an empty key). In AWS each is an SST
 * secret bound to the functions that use it, which SST writes into their environment at deploy
 * (`prefetchSecrets`) as `SST_Secret_value_<secret>`; locally the dev runner and the tests set the
 * `OKURU_*` variable.
 */
export const productionSettings = {
  shopifyClientId: { variable: "OKURU_SHOPIFY_CLIENT_ID", secret: "ShopifyClientId" },
  shopifyClientSecret: { variable: "OKURU_SHOPIFY_CLIENT_SECRET", secret: "ShopifyClientSecret" },
  appUrl: { variable: "OKURU_APP_URL", secret: "AppUrl" },
} as const;
type ProductionSetting = keyof typeof productionSettings;

/** What SST leaves in a bound secret's variable until its value is fetched from SSM. */
const UNFETCHED_SECRET = "__FETCH_FROM_SSM__";

/** Development values, used only where the stand-ins run. */
const localDefaults: Record<ProductionSetting, string> = {
  shopifyClientId: "",
  shopifyClientSecret: "",
  appUrl: "http://localhost:5173",
};

export class MissingSettingError extends Error {
  constructor(settings: ProductionSetting[]) {
    const names = settings.map((name) => {
      const { variable, secret } = productionSettings[name];
      return `${variable}（SST シークレット ${secret}）`;
    });
    super(
      `設定エラー: ${names.join("、")}が未設定です。npx sst secrets set <名前> <値> --stage <ステージ> で設定してから再デプロイしてください。`,
    );
    this.name = "MissingSettingError";
  }
}

/**
 * Reads the production settings. In AWS a secret bound to this function but without a value stops
 * start-up; one not bound throws when read, so nothing there falls back to a development value.
 */
function productionValues(env: z.infer<typeof Env>): (name: ProductionSetting) => string {
  const local = Boolean(
    env.OKURU_DYNAMODB_ENDPOINT ||
      env.OKURU_SQS_ENDPOINT ||
      env.OKURU_S3_ENDPOINT ||
      env.OKURU_COGNITO_ENDPOINT,
  );
  const names = Object.keys(productionSettings) as ProductionSetting[];
  const values = new Map(
    names.map((name) => [name, configuredValue(env, name) ?? (local ? localDefaults[name] : undefined)]),
  );
  const boundWithoutValue = names.filter((name) => secretVariable(name) in process.env && !values.get(name));
  if (boundWithoutValue.length > 0) throw new MissingSettingError(boundWithoutValue);
  return (name) => {
    const value = values.get(name);
    if (value === undefined) throw new MissingSettingError([name]);
    return value;
  };
}

function secretVariable(name: ProductionSetting): string {
  return `SST_Secret_value_${productionSettings[name].secret}`;
}

function configuredValue(env: z.infer<typeof Env>, name: ProductionSetting): string | undefined {
  const value = process.env[secretVariable(name)] ?? env[productionSettings[name].variable];
  return value && value !== UNFETCHED_SECRET ? value : undefined;
}

let cached: CoreConfig | undefined;

/** Reads the environment again on next use: for dev runners and tests that start a stand-in after import. */
export function resetCoreConfig(): void {
  cached = undefined;
}

export function coreConfig(): CoreConfig {
  if (cached) return cached;
  const env = Env.parse(process.env);
  const setting = productionValues(env);
  const poolId = env.OKURU_USER_POOL_ID;
  // cognito-local serves each pool under its own path; AWS under the regional host.
  const issuer = env.OKURU_COGNITO_ENDPOINT
    ? `${env.OKURU_COGNITO_ENDPOINT.replace(/\/$/, "")}/${poolId}`
    : `https://cognito-idp.${env.AWS_REGION}.amazonaws.com/${poolId}`;
  cached = {
    region: env.AWS_REGION,
    tableName: env.SST_Table_tableName_Main,
    bucketName: env.SST_Bucket_bucketName_Files,
    queues: {
      orderSync: env.SST_Queue_queueUrl_OrderSyncQueue,
      labelJob: env.SST_Queue_queueUrl_LabelJobQueue,
      trackingUpload: env.SST_Queue_queueUrl_TrackingUploadQueue,
      exportJob: env.SST_Queue_queueUrl_ExportJobQueue,
      webhookDelivery: env.SST_Queue_queueUrl_WebhookDeliveryQueue,
    },
    endpoints: {
      dynamodb: env.OKURU_DYNAMODB_ENDPOINT,
      sqs: env.OKURU_SQS_ENDPOINT,
      s3: env.OKURU_S3_ENDPOINT,
      cognito: env.OKURU_COGNITO_ENDPOINT,
    },
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          roleCredentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            sessionToken: env.AWS_SESSION_TOKEN,
          },
        }
      : {}),
    cognito: {
      userPoolId: poolId,
      clientId: env.OKURU_USER_POOL_CLIENT_ID,
      issuer,
      jwksUrl: `${issuer}/.well-known/jwks.json`,
    },
    secrets: env.OKURU_KMS_KEY_ID
      ? { kind: "kms", keyId: env.OKURU_KMS_KEY_ID }
      : { kind: "local", keyFile: env.OKURU_LOCAL_KEY_FILE ?? ".data/keys/master.key" },
    shopify: {
      get clientId() {
        return setting("shopifyClientId");
      },
      get clientSecret() {
        return setting("shopifyClientSecret");
      },
      originTemplate: env.OKURU_SHOPIFY_ORIGIN,
    },
    get appUrl() {
      return setting("appUrl").replace(/\/$/, "");
    },
    allowedPrivateOrigins: env.OKURU_ALLOWED_PRIVATE_ORIGINS.split(",")
      .map((origin) => origin.trim())
      .filter(Boolean),
  };
  return cached;
}

/** Local stand-ins take fixed credentials (s3rver insists on its own); in AWS the default provider chain applies. */
export function clientOptions(endpoint: string | undefined) {
  const { region } = coreConfig();
  return endpoint
    ? { region, endpoint, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } }
    : { region };
}

/**
 * An AWS SDK client without its logger middleware. That middleware copies every request
 * and response, masking the sensitive fields, only to hand the copy to the default
 * logger, which drops it: a tenth of the CPU of an order-list request. No SDK call is
 * logged here, so it goes.
 */
export function withoutCallLogging<Client extends { middlewareStack: { remove(name: string): boolean } }>(
  client: Client,
): Client {
  client.middlewareStack.remove("loggerMiddleware");
  return client;
}
