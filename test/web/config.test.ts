import { ConfigError, parseConfig } from "../../web/src/config";

const required = { VITE_USER_POOL_ID: "local_abc", VITE_USER_POOL_CLIENT_ID: "client123" };

describe("parseConfig", () => {
  it("fills the defaults", () => {
    expect(parseConfig(required)).toEqual({
      region: "ap-northeast-1",
      userPoolId: "local_abc",
      userPoolClientId: "client123",
      cognitoEndpoint: undefined,
      authFlow: "USER_SRP_AUTH",
      helpUrl: "https://okuru.jp/help",
      featureRequestUrl: "https://okuru.jp/feature-requests",
      localMailUrl: undefined,
    });
  });

  it("reads every value", () => {
    const config = parseConfig({
      ...required,
      VITE_REGION: "us-east-1",
      VITE_COGNITO_ENDPOINT: "http://localhost:9229",
      VITE_HELP_URL: "https://help.example.jp/",
      VITE_FEATURE_REQUEST_URL: "https://feedback.example.jp/",
      VITE_LOCAL_MAIL_URL: "/_local/mail",
      BASE_URL: "/",
    });
    expect(config).toMatchObject({
      region: "us-east-1",
      cognitoEndpoint: "http://localhost:9229",
      helpUrl: "https://help.example.jp/",
      featureRequestUrl: "https://feedback.example.jp/",
      localMailUrl: "/_local/mail",
    });
  });

  it("signs in with the password itself only where a local Cognito endpoint is configured", () => {
    expect(parseConfig(required).authFlow).toBe("USER_SRP_AUTH");
    // A build-time override cannot bring the password flow to Cognito, whose client refuses it anyway.
    expect(parseConfig({ ...required, VITE_AUTH_FLOW: "USER_PASSWORD_AUTH" }).authFlow).toBe("USER_SRP_AUTH");
    expect(parseConfig({ ...required, VITE_COGNITO_ENDPOINT: "http://127.0.0.1:9229" }).authFlow).toBe(
      "USER_PASSWORD_AUTH",
    );
  });

  it.each([
    [{}, ["VITE_USER_POOL_ID", "VITE_USER_POOL_CLIENT_ID"]],
    [{ VITE_USER_POOL_ID: "local_abc" }, ["VITE_USER_POOL_CLIENT_ID"]],
    [{ ...required, VITE_USER_POOL_ID: "" }, ["VITE_USER_POOL_ID"]],
    [{ ...required, VITE_COGNITO_ENDPOINT: "localhost:9229" }, ["VITE_COGNITO_ENDPOINT"]],
  ])("fails clearly, in Japanese, naming the variables (%o)", (env, variables) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variables).toEqual(variables);
    expect((error as ConfigError).message).toBe(
      `設定エラー: 環境変数 ${variables.join("、")} が未設定か、値が正しくありません。`,
    );
  });
});
