import { signal } from "@preact/signals-react";
import type { User } from "../api/types";

/** The users list of the /users page (kept here so realtime frames can update it live). */
export const usersList = signal<User[]>([]);
export const usersHasMore = signal(false);

/** Replaces the list (page 1) or appends a page, skipping ids already shown. */
export function putUsers(page: User[], append: boolean, hasMore: boolean) {
  if (!append) usersList.value = page;
  else {
    const seen = new Set(usersList.value.map((u) => u.id));
    usersList.value = [...usersList.value, ...page.filter((u) => !seen.has(u.id))];
  }
  usersHasMore.value = hasMore;
}

/** Inserts or replaces one user (create and update frames, modal saves). */
export function upsertUser(u: User) {
  const list = usersList.value;
  const i = list.findIndex((x) => x.id === u.id);
  usersList.value = i === -1 ? [u, ...list] : list.map((x) => (x.id === u.id ? u : x));
}

export function removeUser(id: number) {
  usersList.value = usersList.value.filter((x) => x.id !== id);
}
