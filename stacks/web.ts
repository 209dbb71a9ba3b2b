import { Fn } from "aws-cdk-lib";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { type StackContext, StaticSite, use } from "sst/constructs";
import { Api } from "./api";
import { Auth } from "./auth";

export function Web({ stack }: StackContext) {
  const { api } = use(Api);
  const { auth } = use(Auth);

  // SST's default SPA fallback is a distribution-wide 403/404 -> /index.html error response, which
  // would also replace the API's JSON 403/404 answers under /api/*. Rewriting extension-less paths
  // on the site behavior only keeps API errors intact.
  const spaFallback = new cloudfront.Function(stack, "SpaFallback", {
    runtime: cloudfront.FunctionRuntime.JS_2_0,
    code: cloudfront.FunctionCode.fromInline(
      [
        "function handler(event) {",
        "  var request = event.request;",
        '  if (request.uri.split("/").pop().indexOf(".") === -1) request.uri = "/index.html";',
        "  return request;",
        "}",
      ].join("\n"),
    ),
  });

  const site = new StaticSite(stack, "Site", {
    path: "web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    environment: {
      VITE_REGION: stack.region,
      VITE_USER_POOL_ID: auth.userPoolId,
      VITE_USER_POOL_CLIENT_ID: auth.userPoolClientId,
      VITE_HELP_URL: process.env.VITE_HELP_URL ?? "https://okuru.jp/help",
      VITE_FEATURE_REQUEST_URL: process.env.VITE_FEATURE_REQUEST_URL ?? "https://okuru.jp/feature-requests",
    },
    // The web app validates VITE_* in its own config module; SST's generated declaration file would
    // otherwise land untracked (and unformatted for biome) in web/src.
    vite: { types: "../.sst/web-env.d.ts" },
    cdk: {
      distribution: {
        errorResponses: [],
        defaultBehavior: {
          functionAssociations: [
            { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
        // Same origin for the SPA and the API: relative /api calls, no CORS, one URL to configure.
        additionalBehaviors: {
          "/api/*": {
            origin: new HttpOrigin(Fn.parseDomainName(api.url)),
            viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
            cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
            // API Gateway routes on its own Host name; everything else (Authorization included) passes.
            originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          },
        },
      },
    },
  });

  stack.addOutputs({
    SiteUrl: site.url,
    ApiEndpoint: api.url,
  });

  return { site };
}
