import { listPage, resource } from "./resource";
import type { User } from "./types";

export interface UserInput {
  name: string;
  email: string;
  password?: string;
  profile?: string;
  queueIds?: number[];
}

/** GET /users: one page of the company's users. */
export const listUsers = listPage<"users", User>("/users");
/** A user's own calls. */
export const usersApi = resource<User, Partial<UserInput>>("/users");
