import { api } from "./client";
import type { SessionDto } from "@contract/dto/session";
import type { SignInAnswerDto } from "@contract/dto/auth";
import type { SessionUser } from "./types";

export type SessionAnswer = SessionDto;

/** POST /auth/login. */
export const login = (email: string, password: string) => api<SessionAnswer>("/auth/login", { method: "POST", body: { email, password } });

/** POST /auth/refresh_token (the refresh token travels in the httpOnly cookie). */
export const refresh = () => api<SessionAnswer>("/auth/refresh_token", { method: "POST", noRetry: true });

/** DELETE /auth/logout. */
export const logout = () => api("/auth/logout", { method: "DELETE" });

/** GET /auth/me. */
export const me = () => api<SessionUser>("/auth/me");

/** POST /auth/password: one's own password, proven by the current one; answers a new session. */
export const changePassword = (email: string, currentPassword: string, password: string, challenge?: string) =>
  api<SignInAnswerDto>("/auth/password", { method: "POST", body: { email, currentPassword, password, challenge }, noRetry: true });
