import { Elysia } from "elysia";
import * as v from "valibot";
import { UserCreateBody, UserUpdateBody } from "../../contract/schemas/users";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createUser, deleteUser, listAllUsers, listUsers, showUser, updateUser } from "../../modules/users";
import { byId, created, deleted, page, updated } from "./kit";

const ListQuery = v.object({ companyId: v.optional(v.pipe(v.string(), v.transform(Number), v.integer())) });

/** /users routes (R-API-1). */
export const usersRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/users", page(listUsers))
    .get("/users/list", ({ ctx, query }) => listAllUsers(ctx, parse(ListQuery, query).companyId))
    .get("/users/:id", byId(showUser))
    .post("/users", created(UserCreateBody, createUser))
    .put("/users/:id", updated(UserUpdateBody, updateUser))
    .delete("/users/:id", deleted(deleteUser, "User deleted"));
