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
  /** "1" once the ticket list's notification banner was dismissed into the account menu. */
  notifyAskDismissed: "notifyAskDismissed",
  /** Where older versions kept the to-do list (the spec's `tasks` key); moved to the server once, then removed. */
  tasks: "tasks",
  /** This browser's id for Web Push: its subscription replaces the previous one of the same device. */
  deviceId: "deviceId",
  /** The user who turned push notifications on in this browser (only they are re-registered at sign-in). */
  pushUserId: "pushUserId",
  /** The last alert whose sound a tab played (tabs of one browser play each alert once). */
  alertPlayed: "alertPlayed",
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
