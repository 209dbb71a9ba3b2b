import type { SSTConfig } from "sst";
import { Api } from "./stacks/api";
import { Auth } from "./stacks/auth";
import { Cron } from "./stacks/cron";
import { functionDefaults } from "./stacks/function-defaults";
import { Queues } from "./stacks/queues";
import { Storage } from "./stacks/storage";
import { Web } from "./stacks/web";

export default {
  config() {
    return { name: "okuru", region: "ap-northeast-1" };
  },
  stacks(app) {
    app.setDefaultFunctionProps(functionDefaults);
    // Everything but production is disposable; production keeps CDK's retain defaults for data.
    if (app.stage !== "production") app.setDefaultRemovalPolicy("destroy");

    app.stack(Storage).stack(Auth).stack(Queues).stack(Api).stack(Cron).stack(Web);
  },
} satisfies SSTConfig;
