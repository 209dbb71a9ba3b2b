/// <reference types="vite/client" />
import { z } from "zod";

/**
 * Every VITE_* value the app reads, validated once. Vite inlines import.meta.env at
 * build time, so a build without these values succeeds and the check happens when
 * the page starts: a missing value shows a configuration error instead of a blank page.
 */
const httpUrl = () => z.url({ protocol: /^https?$/ });

const Config = z.object({
  VITE_REGION: z.string().min(1).default("ap-northeast-1"),
  VITE_USER_POOL_ID: z.string().min(1),
  VITE_USER_POOL_CLIENT_ID: z.string().min(1),
  // Local cognito-local only; production talks to the regional Cognito endpoint. It decides the
  // sign-in flow too: cognito-local has no SRP, and the production client allows nothing else.
  VITE_COGNITO_ENDPOINT: httpUrl().optional(),
  VITE_HELP_URL: httpUrl().default("https://okuru.jp/help"),
  VITE_FEATURE_REQUEST_URL: httpUrl().default("https://okuru.jp/feature-requests"),
  // Local only: the page where the dev runner shows the mails cognito-local would send.
  VITE_LOCAL_MAIL_URL: z.string().startsWith("/").optional(),
});

export type Config = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string | undefined;
  authFlow: "USER_PASSWORD_AUTH" | "USER_SRP_AUTH";
  helpUrl: string;
  featureRequestUrl: string;
  localMailUrl: string | undefined;
};

/** A configuration value is missing or malformed. The message is shown to the user as is. */
export class ConfigError extends Error {
  constructor(public readonly variables: string[]) {
    super(`設定エラー: 環境変数 ${variables.join("、")} が未設定か、値が正しくありません。`);
    this.name = "ConfigError";
  }
}

/** Empty strings count as missing: an unset variable in a .env file arrives as "". */
export function parseConfig(env: Record<string, unknown>): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = Config.safeParse(present);
  if (!result.success) {
    const variables = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
    throw new ConfigError(variables);
  }
  const value = result.data;
  return {
    region: value.VITE_REGION,
    userPoolId: value.VITE_USER_POOL_ID,
    userPoolClientId: value.VITE_USER_POOL_CLIENT_ID,
    cognitoEndpoint: value.VITE_COGNITO_ENDPOINT,
    authFlow: value.VITE_COGNITO_ENDPOINT ? "USER_PASSWORD_AUTH" : "USER_SRP_AUTH",
    helpUrl: value.VITE_HELP_URL,
    featureRequestUrl: value.VITE_FEATURE_REQUEST_URL,
    localMailUrl: value.VITE_LOCAL_MAIL_URL,
  };
}

export const config: Config = parseConfig(import.meta.env);
