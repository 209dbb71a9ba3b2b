import { z } from "zod";

/**
 * Zod speaks Japanese wherever no schema gives its own message. Imported once by
 * the API and the web app before any schema is used.
 */
z.config(z.locales.ja());

export { z };
