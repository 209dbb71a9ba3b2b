import { inject } from "vitest";

// Core reads its configuration on first use; this runs before any test file imports core.
Object.assign(process.env, inject("env"));
