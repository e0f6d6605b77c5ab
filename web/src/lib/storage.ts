/** The local-storage keys of the app (R-UI-6), in one place. */
export const KEYS = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  companyDueDate: "companyDueDate",
  cshow: "cshow",
  volume: "volume",
  signOption: "signOption",
  preferredTheme: "preferredTheme",
  language: "language",
  /** The ticket list's queue filter per user (JSON: { userId: queueIds }). */
  selectedQueueIds: "selectedQueueIds",
  /** The newest announcement id already seen in the top-bar popover. */
  announcementsSeen: "announcementsSeen",
  /** The to-do list's tasks (JSON array, R-UI-6: kept in local storage under `tasks`). */
  tasks: "tasks",
} as const;
export type StorageKey = keyof typeof KEYS;

/** Reads a key; null when missing or when storage is unavailable. */
export function load(key: StorageKey): string | null {
  try {
    return localStorage.getItem(KEYS[key]);
  } catch {
    return null;
  }
}

/** Writes a key; null or undefined removes it. */
export function save(key: StorageKey, value: string | null | undefined) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(KEYS[key]);
    else localStorage.setItem(KEYS[key], value);
  } catch {
    // private mode or quota: preferences simply do not persist
  }
}

/** Removes the session keys (token, company, user, due date, campaign flag). */
export function clearSessionKeys() {
  for (const k of ["token", "companyId", "userId", "companyDueDate", "cshow"] as const) save(k, null);
}
