import { Elysia } from "elysia";
import * as v from "valibot";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { UserCreateBody, UserUpdateBody } from "../../contract/schemas/users";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createUser, deleteUser, listAllUsers, listUsers, showUser, updateUser } from "../../modules/users";

const ListQuery = v.object({ companyId: v.optional(v.pipe(v.string(), v.transform(Number), v.integer())) });

/** /users routes (R-API-1). */
export const usersRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/users", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listUsers(ctx, q.searchParam, q.pageNumber);
    })
    .get("/users/list", ({ ctx, query }) => listAllUsers(ctx, parse(ListQuery, query).companyId))
    .get("/users/:id", ({ ctx, params }) => showUser(ctx, parse(IdParam, params).id))
    .post("/users", async ({ ctx, body, set }) => {
      const user = await createUser(ctx, parse(UserCreateBody, body));
      set.status = 201;
      return user;
    })
    .put("/users/:id", ({ ctx, params, body }) => updateUser(ctx, parse(IdParam, params).id, parse(UserUpdateBody, body)))
    .delete("/users/:id", async ({ ctx, params }) => {
      await deleteUser(ctx, parse(IdParam, params).id);
      return { message: "User deleted" };
    });
