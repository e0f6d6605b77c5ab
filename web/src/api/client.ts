import type { SessionDto } from "@contract/dto/session";
import { clearSessionKeys, load, save } from "../lib/storage";

/** A failed API call: the server's error code (`ERR_…`), HTTP status and the whole JSON body. */
export class ApiError extends Error {
  constructor(
    public code: string,
    public status: number,
    public data: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = "ApiError";
  }

  /** Field → i18n key map of an ERR_VALIDATION answer. */
  get fields(): Record<string, string> {
    const f = this.data.fields;
    return f && typeof f === "object" ? (f as Record<string, string>) : {};
  }
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
const refreshListeners = new Set<(payload: RefreshPayload) => void>();
const lapsedListeners = new Set<Listener>();

/** Called when a call answers 402 ERR_SUBSCRIPTION_EXPIRED (the company's subscription lapsed). */
export function onLapsed(fn: Listener) {
  lapsedListeners.add(fn);
  return () => lapsedListeners.delete(fn);
}

export type RefreshPayload = SessionDto;

/** Called when the server answers 401: the token and company id are already cleared. */
export function onUnauthorized(fn: Listener) {
  unauthorizedListeners.add(fn);
  return () => unauthorizedListeners.delete(fn);
}

/** Called after every successful token refresh with the new token and session user. */
export function onRefreshed(fn: (p: RefreshPayload) => void) {
  refreshListeners.add(fn);
  return () => refreshListeners.delete(fn);
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** false for calls that must not carry cookies (GET /plans/list). */
  credentials?: boolean;
  /** Skip the 403 refresh-and-retry (used by the refresh call itself). */
  noRetry?: boolean;
}

function buildUrl(path: string, query?: RequestOptions["query"]) {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

async function send(path: string, opts: RequestOptions) {
  // Accept: application/json matters: the server answers the SPA's index.html to text/html requests.
  const headers: Record<string, string> = { Accept: "application/json" };
  const token = load("token");
  if (token) headers.Authorization = `Bearer ${token}`;
  // FormData (multipart uploads) sets its own Content-Type with the boundary.
  const form = opts.body instanceof FormData;
  if (opts.body !== undefined && !form) headers["Content-Type"] = "application/json";
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? "GET",
    headers,
    body: opts.body === undefined ? undefined : form ? (opts.body as FormData) : JSON.stringify(opts.body),
    credentials: opts.credentials === false ? "omit" : "include",
  });
}

async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isExpired = (body: unknown) => {
  const code = body && typeof body === "object" ? (body as { error?: unknown }).error : undefined;
  return code === undefined || code === "ERR_SESSION_EXPIRED";
};

/**
 * How long a sign-in in another tab of this browser may take to store its token: the server tells this tab of the new
 * session (its socket's `auth` frame, a 401) before the other tab has the answer and stores it; on a busy machine that
 * took over 1.5 s.
 */
const SAME_BROWSER_GRACE_MS = 5_000;

/**
 * Waits up to the grace for a token stored by another tab of this browser that `wanted` accepts (answered at once when
 * the stored one already does); false when none came, or the token was removed (signed out).
 */
export async function tokenStoredElsewhere(wanted: (token: string) => boolean): Promise<boolean> {
  const end = Date.now() + SAME_BROWSER_GRACE_MS;
  for (;;) {
    const now = load("token");
    if (now && wanted(now)) return true;
    if (!now || Date.now() >= end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** True once the stored token differs from the one a call was sent with (waits up to the grace). */
const newerTokenStored = (sent: string | null) => (sent ? tokenStoredElsewhere((now) => now !== sent) : Promise.resolve(false));

let refreshing: Promise<boolean> | null = null;

/** POST /auth/refresh_token once (concurrent callers share it); true when a new token was stored. */
export function refreshToken(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const res = await send("/auth/refresh_token", { method: "POST", noRetry: true });
      if (!res.ok) return false;
      const payload = (await parseBody(res)) as RefreshPayload;
      save("token", payload.token);
      for (const fn of refreshListeners) fn(payload);
      return true;
    } catch {
      return false;
    } finally {
      setTimeout(() => {
        refreshing = null;
      }, 0);
    }
  })();
  return refreshing;
}

function unauthorized() {
  clearSessionKeys();
  for (const fn of unauthorizedListeners) fn();
}

/**
 * Calls the API: Bearer token, JSON, cookies. A 403 refreshes the token once and retries; a 401
 * clears the session (token, company) and notifies listeners. Failures throw ApiError.
 */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const sent = load("token");
  let res = await send(path, opts);
  let body = await parseBody(res);
  // A sign-in in another tab of this browser ended the session this call carried: the shared storage
  // holds (or is about to hold) the new one, so the call is made again with it instead of signing out.
  if (res.status === 401 && !opts.noRetry && (await newerTokenStored(sent))) {
    res = await send(path, opts);
    body = await parseBody(res);
  }
  // The server answers 403 ERR_SESSION_EXPIRED for an expired access token (403 ERR_NO_PERMISSION is
  // a real refusal): refresh once and retry.
  if (res.status === 403 && !opts.noRetry && load("token") && isExpired(body)) {
    if (await refreshToken()) {
      res = await send(path, opts);
      body = await parseBody(res);
    }
  }
  if (res.ok) return body as T;
  const data = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  const code = typeof data.error === "string" ? data.error : typeof body === "string" && body ? body : `HTTP_${res.status}`;
  // 401: the session is over.
  if (res.status === 401 && load("token")) unauthorized();
  // 402: the company's subscription lapsed while signed in. Its admin is sent to the finance page
  // (invoices and the Pix checkout stay reachable); anyone else is signed out.
  if (res.status === 402 && code === "ERR_SUBSCRIPTION_EXPIRED" && load("token")) {
    for (const fn of lapsedListeners) fn();
  }
  throw new ApiError(code, res.status, data);
}

/**
 * Fetches a protected file (media) as a Blob with the bearer token and cookies, so the token never
 * travels in a URL. Same refresh-once rule as api().
 */
export async function apiBlob(path: string): Promise<Blob> {
  let res = await send(path, {});
  if (res.status === 403 && load("token") && (await refreshToken())) res = await send(path, {});
  if (!res.ok) throw new ApiError(`HTTP_${res.status}`, res.status);
  return res.blob();
}
