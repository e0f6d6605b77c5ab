import { api } from "./client";
import type { User, UsersPage } from "./types";

export interface UserInput {
  name: string;
  email: string;
  password?: string;
  profile?: string;
  queueIds?: number[];
}

/** GET /users: one page of the company's users. */
export const listUsers = (searchParam: string, pageNumber: number) => api<UsersPage>("/users", { query: { searchParam, pageNumber } });

/** GET /users/{id}. */
export const getUser = (id: number) => api<User>(`/users/${id}`);

/** POST /users. */
export const createUser = (input: UserInput) => api<User>("/users", { method: "POST", body: input });

/** PUT /users/{id}. */
export const updateUser = (id: number, input: Partial<UserInput>) => api<User>(`/users/${id}`, { method: "PUT", body: input });

/** DELETE /users/{id}. */
export const deleteUser = (id: number) => api(`/users/${id}`, { method: "DELETE" });
