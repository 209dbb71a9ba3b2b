import { Logger } from "@aws-lambda-powertools/logger";

/** Structured JSON logs; the level comes from POWERTOOLS_LOG_LEVEL (SILENT in tests). */
export const logger = new Logger({ serviceName: "okuru-api" });
