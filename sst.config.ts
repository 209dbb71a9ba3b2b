import type { SSTConfig } from "sst";
import { Api } from "./stacks/api";
import { Auth } from "./stacks/auth";
import { Cron } from "./stacks/cron";
import { Queues } from "./stacks/queues";
import { Storage } from "./stacks/storage";
import { Web } from "./stacks/web";

export default {
  config() {
    return { name: "okuru", region: "ap-northeast-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps({
      // Lambda retired nodejs20.x in 2026; the code is plain Node 20+ and runs unchanged on 22.
      runtime: "nodejs22.x",
      architecture: "arm_64",
      timeout: 30,
      memorySize: "1024 MB",
      tracing: "disabled",
      nodejs: {
        format: "esm",
        // CommonJS dependencies bundled into an ESM file still call require() for Node built-ins. The
        // alias keeps the banner from clashing with a createRequire import in the bundle itself.
        banner:
          "import { createRequire as topLevelCreateRequire } from 'node:module'; const require = topLevelCreateRequire(import.meta.url);",
      },
    });
    // Everything but production is disposable; production keeps CDK's retain defaults for data.
    if (app.stage !== "production") app.setDefaultRemovalPolicy("destroy");

    app.stack(Storage).stack(Auth).stack(Queues).stack(Api).stack(Cron).stack(Web);
  },
} satisfies SSTConfig;
