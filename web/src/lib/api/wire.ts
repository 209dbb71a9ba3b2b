import type { components, paths } from "../api-types.gen";

/**
 * Types derived from the OpenAPI document the API serves (generated into
 * api-types.gen.ts by web/scripts/generate-api-types.ts, before every typecheck and
 * build), so a server change that breaks the web fails `tsc -p web`. Responses are
 * camelCase (converted on arrival); request bodies and queries are snake_case, as they travel.
 */

/** `offset_x_mm` → `offsetXMm`, the type-level twin of toCamelCase. */
type CamelKey<Key extends string> = Key extends `${infer Head}_${infer Tail}`
  ? Head extends ""
    ? Key
    : `${Head}${CamelKey<Capitalize<Tail>>}`
  : Key;

/** A wire type as the client hands it out: every key at every depth camelCased. */
export type Camelize<T> = T extends readonly (infer Item)[]
  ? Camelize<Item>[]
  : T extends object
    ? { [Key in keyof T as Key extends string ? CamelKey<Key> : Key]: Camelize<T[Key]> }
    : T;

export type Schemas = components["schemas"];

type Method = "get" | "put" | "post" | "delete";
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonOf<Answer> = Answer extends { content: { "application/json": infer Body } } ? Body : undefined;

/** An operation's success answer as the client hands it out (camelCase). */
export type ResponseOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer Answers }
    ? Camelize<JsonOf<Answers[Extract<keyof Answers, 200 | 201 | 202 | 204>]>>
    : never;

/** The JSON request body as sent (snake_case). */
export type BodyOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { "application/json": infer Body } } } ? Body : never;

/** The query parameters as sent (snake_case). */
export type QueryOf<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { parameters: { query?: infer Parameters } } ? NonNullable<Parameters> : never;
