import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { IdempotencyHeaders, idempotent } from "../idempotency";
import {
  authErrors,
  bearerSecurity,
  conflict,
  forbidden,
  inputErrors,
  jsonContent,
  notFound,
  PageQuery,
  pageOf,
  router,
  ruleErrors,
  toPage,
} from "../openapi";

/** A required JSON request body validated by `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});

/** The `{id}` path parameter naming one record. */
export const IdParam = z.object({
  id: z
    .string()
    .min(1)
    .meta({ param: { name: "id", in: "path" } }),
});

/** A path parameter `{name}` naming a job (an upload's, an export's); core answers 404 for an unknown one. */
export const jobParam = <Name extends string>(name: Name) =>
  z.object({
    [name]: z
      .string()
      .max(64)
      .meta({ param: { name, in: "path" } }),
  } as Record<Name, z.ZodString>);

/** How a route of the authenticated API is documented: its tag, summary and what its success answer holds. */
type Documented = { tag: string; summary: string; description: string };

/** The tag, summary and bearer security of a route, in the order the document lists them. */
const documented = (options: Omit<Documented, "description">) => ({
  tags: [options.tag],
  summary: options.summary,
  security: bearerSecurity,
});

/**
 * Any other operation of the authenticated API: `tag`, `summary` and an optional
 * `description` document it, bearer security is added, the rest (request, responses,
 * middleware) is the route's own.
 */
export function apiRoute<
  const R extends Omit<RouteConfig, "tags" | "security"> & { tag: string; summary: string },
>(options: R) {
  const { method, path, tag, summary, description, ...rest } = options;
  return createRoute({
    method: method as R["method"],
    path: path as R["path"],
    tags: [tag],
    summary,
    ...(description === undefined ? {} : { description }),
    security: bearerSecurity,
    ...(rest as Omit<R, "method" | "path" | "tag" | "summary" | "description">),
  });
}

/** `GET` of a queued job's progress and result (`status`), by its id in the path (`params`: `jobParam(name)`). */
export function jobRoute<Path extends string, Params extends z.ZodObject, Status extends z.ZodType>(
  options: Documented & { path: Path; params: Params; status: Status },
) {
  return createRoute({
    method: "get",
    path: options.path,
    ...documented(options),
    request: { params: options.params },
    responses: { 200: jsonContent(options.status, options.description), ...authErrors, ...notFound },
  });
}

/** `GET /{id}` of a resource: the one record, documented as `info`. */
export function getRoute<Info extends z.ZodType>(options: Omit<Documented, "description"> & { info: Info }) {
  return createRoute({
    method: "get",
    path: "/{id}",
    ...documented(options),
    request: { params: IdParam },
    responses: { 200: jsonContent(options.info, options.summary), ...authErrors, ...notFound },
  });
}

/** What a change to one record answers: `info` as it now stands (`description`), or why not. */
export const changeAnswers = <Info extends z.ZodType>(info: Info, description: string) =>
  ({
    200: jsonContent(info, description),
    ...inputErrors,
    ...authErrors,
    ...notFound,
    ...conflict,
    ...ruleErrors,
  }) as const;

/**
 * What a change to many records answers, documented as `id`: each record's id, with the reason where
 * it failed, and what else a kind of record tells about its own change (`extra`).
 */
export const bulkResults = <Extra extends z.ZodRawShape = Record<never, never>>(id: string, extra?: Extra) =>
  z
    .object({ results: z.array(z.object({ id: z.string(), error: z.string().optional(), ...extra })) })
    .meta({ id });

/** `PUT` of a change to many records at once (`body`), answered with each record's result (`results`). */
export function bulkRoute<Path extends string, Body extends z.ZodType, Results extends z.ZodType>(
  options: Documented & { path: Path; body: Body; results: Results },
) {
  return createRoute({
    method: "put",
    path: options.path,
    ...documented(options),
    request: { body: jsonBody(options.body) },
    responses: { 200: jsonContent(options.results, options.description), ...inputErrors, ...authErrors },
  });
}

/**
 * A request for work the queues do (labels, uploads): idempotent, a JSON `body`, and
 * answered 202 with `accepted` (the id to follow the work by) as soon as it is queued.
 */
export function queuedRoute<Path extends string, Body extends z.ZodType, Accepted extends z.ZodType>(
  options: Documented & { method: "post" | "put"; path: Path; body: Body; accepted: Accepted },
) {
  return createRoute({
    method: options.method,
    path: options.path,
    ...documented(options),
    middleware: [idempotent()] as const,
    request: { headers: IdempotencyHeaders, body: jsonBody(options.body) },
    responses: {
      202: jsonContent(options.accepted, options.description),
      ...inputErrors,
      ...authErrors,
      ...ruleErrors,
    },
  });
}

/**
 * `GET /` of a resource: one page of its records as `{ items, next_cursor }`, documented
 * as `listId`. `query` may extend `PageQuery` with the resource's filters.
 */
export function listRoute<Info extends z.ZodType, Query extends z.ZodObject = typeof PageQuery>(
  options: Documented & { info: Info; listId: string; query?: Query },
) {
  return createRoute({
    method: "get",
    path: "/",
    ...documented(options),
    request: { query: (options.query ?? PageQuery) as Query },
    responses: {
      200: jsonContent(pageOf(options.info, options.listId), options.description),
      ...inputErrors,
      ...authErrors,
    },
  });
}

/**
 * The list/create/update/delete shape shared by the settings resources
 * (senders, item categories, …): `GET /`, `POST /`, `PUT /{id}`, `DELETE /{id}`.
 * Core does the validation and the tenant scoping; this only wires and documents.
 */
export function crudRouter<
  Item,
  Info extends z.ZodType,
  Input extends z.ZodType,
  UpdateInput extends z.ZodType = Input,
>(options: {
  tag: string;
  noun: string;
  info: Info;
  input: Input;
  /** When the update body differs from the create body (users: no email on update). */
  updateInput?: UpdateInput;
  serialize: (item: Item) => z.output<Info>;
  list: (page: z.output<typeof PageQuery>) => Promise<{ items: Item[]; cursor: string | null }>;
  create: (input: z.input<Input>) => Promise<Item>;
  update: (id: string, input: z.input<UpdateInput>) => Promise<Item>;
  remove: (id: string) => Promise<void>;
}) {
  const { tag, noun, info, input, serialize } = options;
  const body = jsonBody(input);
  const updateBody = jsonBody(options.updateInput ?? input);
  // The route types are generic here, so Hono cannot narrow `valid()`; the schemas above did validate.
  const valid = (c: { req: { valid: unknown } }, target: "json" | "param" | "query") =>
    (c.req.valid as (t: string) => unknown)(target);
  return router()
    .openapi(
      listRoute({
        tag,
        summary: `${noun}の一覧`,
        description: `${noun}の一覧（1ページ分）`,
        info,
        listId: `${info.meta()?.id ?? tag}List`,
      }),
      async (c) =>
        c.json(toPage(await options.list(valid(c, "query") as z.output<typeof PageQuery>), serialize), 200),
    )
    .openapi(
      apiRoute({
        method: "post",
        path: "/",
        tag,
        summary: `${noun}を登録する`,
        request: { body },
        responses: {
          201: jsonContent(info, `登録した${noun}`),
          ...inputErrors,
          ...authErrors,
          ...forbidden,
          ...ruleErrors,
        },
      }),
      async (c) => c.json(serialize(await options.create(valid(c, "json") as z.input<Input>)), 201),
    )
    .openapi(
      apiRoute({
        method: "put",
        path: "/{id}",
        tag,
        summary: `${noun}を更新する`,
        request: { params: IdParam, body: updateBody },
        responses: {
          200: jsonContent(info, `更新した${noun}`),
          ...inputErrors,
          ...authErrors,
          ...forbidden,
          ...notFound,
          ...conflict,
          ...ruleErrors,
        },
      }),
      async (c) => {
        const { id } = valid(c, "param") as { id: string };
        return c.json(serialize(await options.update(id, valid(c, "json") as z.input<UpdateInput>)), 200);
      },
    )
    .openapi(
      apiRoute({
        method: "delete",
        path: "/{id}",
        tag,
        summary: `${noun}を削除する`,
        request: { params: IdParam },
        responses: {
          204: { description: "削除しました" },
          ...authErrors,
          ...forbidden,
          ...notFound,
          ...ruleErrors,
        },
      }),
      async (c) => {
        await options.remove((valid(c, "param") as { id: string }).id);
        return c.body(null, 204);
      },
    );
}
