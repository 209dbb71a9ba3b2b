/// <reference types="vite/client" />
/**
 * Every VITE_* value the app reads, validated once. Vite inlines import.meta.env at
 * build time, so a build without these values succeeds and the check happens when
 * the page starts: a missing value shows a configuration error instead of a blank page.
 * Checked by hand rather than with zod: this runs before every first screen.
 */
type Check = (value: string) => boolean;

const filled: Check = (value) => value.length > 0;
const httpUrl: Check = (value) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Each variable: its check, and the value taken when it is not set (without one it is required, unless optional). */
const variables: Record<string, { check: Check; fallback?: string; optional?: true }> = {
  VITE_REGION: { check: filled, fallback: "ap-northeast-1" },
  VITE_USER_POOL_ID: { check: filled },
  VITE_USER_POOL_CLIENT_ID: { check: filled },
  // Local cognito-local only; production talks to the regional Cognito endpoint. It decides the
  // sign-in flow too: cognito-local has no SRP, and the production client allows nothing else.
  VITE_COGNITO_ENDPOINT: { check: httpUrl, optional: true },
  VITE_HELP_URL: { check: httpUrl, fallback: "https://okuru.jp/help" },
  VITE_FEATURE_REQUEST_URL: { check: httpUrl, fallback: "https://okuru.jp/feature-requests" },
  // Local only: the page where the dev runner shows the mails cognito-local would send.
  VITE_LOCAL_MAIL_URL: { check: (value) => value.startsWith("/"), optional: true },
};

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
  const value: Record<string, string | undefined> = {};
  const wrong: string[] = [];
  for (const [name, { check, fallback, optional }] of Object.entries(variables)) {
    const given = env[name];
    if (given === undefined || given === "") {
      value[name] = fallback;
      if (fallback === undefined && !optional) wrong.push(name);
    } else if (typeof given === "string" && check(given)) value[name] = given;
    else wrong.push(name);
  }
  if (wrong.length) throw new ConfigError(wrong);
  return {
    region: value.VITE_REGION!,
    userPoolId: value.VITE_USER_POOL_ID!,
    userPoolClientId: value.VITE_USER_POOL_CLIENT_ID!,
    cognitoEndpoint: value.VITE_COGNITO_ENDPOINT,
    authFlow: value.VITE_COGNITO_ENDPOINT ? "USER_PASSWORD_AUTH" : "USER_SRP_AUTH",
    helpUrl: value.VITE_HELP_URL!,
    featureRequestUrl: value.VITE_FEATURE_REQUEST_URL!,
    localMailUrl: value.VITE_LOCAL_MAIL_URL,
  };
}

export const config: Config = parseConfig(import.meta.env);
