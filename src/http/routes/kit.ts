/**
 * Handlers of the REST shape most areas share (R-API-1): a page of a list, one row by id, a creation
 * (201), an update, a deletion answering the reference product's message, a file on a row. Each
 * parses its input, calls the module's function (which checks the caller's right) and answers; the
 * route table itself stays written out in each area's file.
 */
import type * as v from "valibot";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import type { Ctx } from "../../core/deps";
import { parse } from "../../core/errors";

/** What these handlers read of Elysia's context (the caller comes from the auth plugin). */
interface Req {
  ctx: Ctx;
  params: unknown;
  query: unknown;
  body: unknown;
  set: { status?: number | string };
}

/** GET /area: one page of the list (`searchParam`, `pageNumber`). */
export const page =
  <R>(list: (ctx: Ctx, search: string, pageNumber: number) => R) =>
  ({ ctx, query }: Pick<Req, "ctx" | "query">) => {
    const q = parse(PageQuery, query);
    return list(ctx, q.searchParam, q.pageNumber);
  };

/** A route on one row: `/area/:id`. */
export const byId =
  <R>(run: (ctx: Ctx, id: number) => R) =>
  ({ ctx, params }: Pick<Req, "ctx" | "params">) =>
    run(ctx, parse(IdParam, params).id);

/** POST /area: the body parsed by `schema`, answered with 201 and the new row. */
export const created =
  <S extends v.GenericSchema, R>(schema: S, create: (ctx: Ctx, input: v.InferOutput<S>) => R | Promise<R>) =>
  async ({ ctx, body, set }: Pick<Req, "ctx" | "body" | "set">) => {
    const row = await create(ctx, parse(schema, body));
    set.status = 201;
    return row;
  };

/** PUT /area/:id: the body parsed by `schema`. */
export const updated =
  <S extends v.GenericSchema, R>(schema: S, update: (ctx: Ctx, id: number, input: v.InferOutput<S>) => R) =>
  ({ ctx, params, body }: Pick<Req, "ctx" | "params" | "body">) =>
    update(ctx, parse(IdParam, params).id, parse(schema, body));

/** DELETE /area/:id, answered with the reference product's message. */
export const deleted =
  (remove: (ctx: Ctx, id: number) => unknown, message: string) =>
  async ({ ctx, params }: Pick<Req, "ctx" | "params">) => {
    await remove(ctx, parse(IdParam, params).id);
    return { message };
  };

/** POST /area/:id/<upload>: the multipart body's `file` field handed to the module (which checks it). */
export const withFile =
  <R>(attach: (ctx: Ctx, id: number, file: unknown) => R) =>
  ({ ctx, params, body }: Pick<Req, "ctx" | "params" | "body">) =>
    attach(ctx, parse(IdParam, params).id, (body as Record<string, unknown> | null)?.file);

/** DELETE /area/:id/<upload>: the same module function with no file (the attachment is removed). */
export const withoutFile =
  <R>(attach: (ctx: Ctx, id: number, file: null) => R) =>
  ({ ctx, params }: Pick<Req, "ctx" | "params">) =>
    attach(ctx, parse(IdParam, params).id, null);
