import { computed, signal } from "@preact/signals-react";
import { FEATURE_SETTINGS, type PlanFlag } from "@contract/limits";
import { can, type Permission } from "@contract/permissions";
import * as authApi from "../api/auth";
import { navigate } from "wouter/use-browser-location";
import { ApiError, onLapsed, onRefreshed, onUnauthorized } from "../api/client";
import type { SessionUser } from "../api/types";
import { clearSessionKeys, load, save } from "../lib/storage";
import { restartingSession } from "../realtime/restart";

export type SessionStatus = "loading" | "authenticated" | "anonymous" | "offline";

/**
 * Where the session stands: loading (refreshing a stored token), authenticated, anonymous, or
 * offline (a stored session that could not be checked because the server is out of reach: kept).
 */
export const status = signal<SessionStatus>(load("token") ? "loading" : "anonymous");
/** The signed-in user with company, settings and plan. */
export const user = signal<SessionUser | null>(null);

/** A super user without a second factor, just signed in for the first time: asked to set one up (a banner). */
export const suggestSecondFactor = signal(false);

export const company = computed(() => user.value?.company ?? null);
export const plan = computed(() => user.value?.company.plan ?? null);

/** True when the signed-in user holds the permission (contract/permissions.ts: by profile, or by the super flag). */
export const allowed = (p: Permission) => can(user.value, p);
/** `allowed` without subscribing to the session (stores, effects, event handlers). */
export const allowedNow = (p: Permission) => can(user.peek(), p);

/**
 * True when the company has the feature: the server's answer (the plan or the super user's grant,
 * not hidden by a company setting; issue 22), never the plan's flag alone.
 */
export const hasFlag = (flag: PlanFlag) => !!user.value?.company.features?.[flag];

/** Stores the session after login: token and the keys other screens read. */
export function startSession(token: string, u: SessionUser) {
  save("token", token);
  save("companyId", String(u.companyId));
  save("userId", String(u.id));
  save("companyDueDate", u.company.dueDate ?? null);
  // the reference's `cshow` key, now only a mirror of the campaigns feature
  save("cshow", u.company.features?.useCampaigns ? "true" : null);
  user.value = u;
  status.value = "authenticated";
}

/** Forgets the session locally (storage keys and state). */
export function endSession() {
  clearSessionKeys();
  user.value = null;
  status.value = "anonymous";
}

/** DELETE /auth/logout (best effort), then forgets the session. */
export async function logout() {
  try {
    // this device stops getting the user's notifications (loaded on demand: not in the first load)
    await import("../features/notifications/push").then((m) => m.forgetThisDevice());
  } catch {
    // best effort: the session ends anyway
  }
  try {
    await authApi.logout();
  } catch {
    // the local session ends anyway
  }
  endSession();
}

/**
 * Changes the password (proven by the current one) and continues in the new session the server
 * answers: every other session of the user has ended. `email` defaults to the signed-in user's.
 */
export async function changePassword(currentPassword: string, password: string, email = user.value?.email ?? "", challenge?: string) {
  const res = await restartingSession(() => authApi.changePassword(email, currentPassword, password, challenge));
  // A company that now requires a second factor answers its setup instead of a session: sign in again.
  if (!("token" in res)) {
    endSession();
    return res;
  }
  startSession(res.token, res.user);
  return res;
}

/** On start: a stored token is refreshed and the user loaded (R-AUTH-5). */
export async function restoreSession() {
  if (!load("token")) {
    status.value = "anonymous";
    return;
  }
  try {
    const res = await authApi.refresh();
    startSession(res.token, res.user);
  } catch (e) {
    // A refused token ends the session; an unreachable server (no network, a restart) does not.
    if (e instanceof ApiError && e.status < 500) return endSession();
    status.value = "offline";
    retryLater();
  }
}

let retryDelay = 2_000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Tries the session again when the network returns, else with a growing delay (up to 30 s). */
function retryLater() {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(retrySession, retryDelay);
  retryDelay = Math.min(30_000, retryDelay * 2);
}

/** Tries now to restore a session kept while offline. */
export function retrySession() {
  clearTimeout(retryTimer);
  if (status.peek() === "offline") void restoreSession();
}
if (typeof window !== "undefined") window.addEventListener("online", retrySession);

/** True when the plan or the super user grants the feature, whether or not a company setting hides it. */
export const isGranted = (flag: PlanFlag) => !!plan.value?.[flag] || !!user.value?.company.featureGrants?.includes(flag);

/**
 * A company setting that hides a feature changed (FEATURE_SETTINGS): the session's features are
 * read again, so the menu and the route guards follow at once.
 */
export async function onFeatureSetting(key: string) {
  if (!Object.values(FEATURE_SETTINGS).includes(key) || !user.peek()) return;
  try {
    user.value = await authApi.me();
  } catch {
    // the next refresh brings them
  }
}

/** Applies a realtime or modal update of the current user (name, email, profile…). */
export function patchUser(patch: Partial<SessionUser>) {
  if (user.value) user.value = { ...user.value, ...patch, company: user.value.company };
}

onUnauthorized(() => {
  user.value = null;
  status.value = "anonymous";
});
// A lapsed company: its admin lands on the finance page to pay; other profiles are signed out (the
// login page then explains the lapse with the due date).
const FINANCE_PATHS = ["/financeiro", "/subscription"];
onLapsed(() => {
  if (!can(user.peek(), "finance:view")) {
    clearSessionKeys();
    user.value = null;
    status.value = "anonymous";
  } else if (!FINANCE_PATHS.includes(location.pathname)) navigate("/financeiro", { replace: true });
});
onRefreshed((p) => {
  user.value = p.user;
});
