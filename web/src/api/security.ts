import type { AuthSessionDto, PasskeyDto, RecoveryCodesDto, SecurityDto, SignInAnswerDto, TotpSetupDto, UserSecurityDto } from "@contract/dto/auth";
import { api } from "./client";

export type { AuthSessionDto, PasskeyDto, SecurityDto, SignInAnswerDto, TotpSetupDto, UserSecurityDto };

type Json = Record<string, unknown>;
type Options = { challenge: string; options: Json };

// ---- sign-in steps (no session yet: `noRetry`, the answer is a session or the next step)
const step = <T = SignInAnswerDto>(path: string, body: Json) => api<T>(path, { method: "POST", body, noRetry: true });

/** POST /auth/login: a session, or the second step / the forced setup. */
export const signIn = (email: string, password: string) => step("/auth/login", { email, password });
/** POST /auth/second-factor: answers the second step with a code, a recovery code or a passkey. */
export const secondStep = (body: { challenge: string; code?: string; recoveryCode?: string; passkey?: Json }) => step("/auth/second-factor", body);
/** POST /auth/second-factor/passkey-options. */
export const secondStepPasskeyOptions = (challenge: string) => step<Json>("/auth/second-factor/passkey-options", { challenge });
/** POST /auth/second-factor/setup/totp: the forced setup's secret. */
export const enrolTotp = (challenge: string) => step<TotpSetupDto>("/auth/second-factor/setup/totp", { challenge });
/** POST /auth/second-factor/setup/totp/confirm. */
export const enrolTotpConfirm = (challenge: string, code: string) => step("/auth/second-factor/setup/totp/confirm", { challenge, code });
/** POST /auth/second-factor/setup/passkey-options. */
export const enrolPasskeyOptions = (challenge: string) => step<Json>("/auth/second-factor/setup/passkey-options", { challenge });
/** POST /auth/second-factor/setup/passkey. */
export const enrolPasskey = (challenge: string, name: string, response: Json) => step("/auth/second-factor/setup/passkey", { challenge, name, response });
/** POST /auth/passkey/options: a passkey sign-in without password. */
export const passkeySignInOptions = () => step<Options>("/auth/passkey/options", {});
/** POST /auth/passkey/login. */
export const passkeySignIn = (challenge: string, response: Json) => step("/auth/passkey/login", { challenge, response });

// ---- the signed-in user's security
export const getSecurity = () => api<SecurityDto>("/auth/security");
export const setupTotp = (password: string) => api<TotpSetupDto>("/auth/totp/setup", { method: "POST", body: { password } });
export const confirmTotp = (code: string) => api<Partial<RecoveryCodesDto>>("/auth/totp/confirm", { method: "POST", body: { code } });
export const disableTotp = (password: string) => api<SecurityDto>("/auth/totp/disable", { method: "POST", body: { password } });
export const newRecoveryCodes = (password: string) => api<RecoveryCodesDto>("/auth/recovery-codes", { method: "POST", body: { password } });
export const passkeyOptions = (password: string) => api<Options>("/auth/passkeys/options", { method: "POST", body: { password } });
export const addPasskey = (challenge: string, name: string, response: Json) =>
  api<{ passkey: PasskeyDto } & Partial<RecoveryCodesDto>>("/auth/passkeys", { method: "POST", body: { challenge, name, response } });
export const removePasskey = (id: number, password: string) => api<SecurityDto>(`/auth/passkeys/${id}`, { method: "DELETE", body: { password } });
export const mySessions = () => api<{ sessions: AuthSessionDto[] }>("/auth/sessions");
export const endMySession = (id: string) => api(`/auth/sessions/${id}`, { method: "DELETE" });
export const endOtherSessions = () => api<{ ended: number }>("/auth/sessions/end-others", { method: "POST" });

// ---- an admin's view of a user
export const userSecurity = (userId: number) => api<UserSecurityDto>(`/users/${userId}/sessions`);
export const endUserSession = (userId: number, sid: string) => api(`/users/${userId}/sessions/${sid}`, { method: "DELETE" });
export const endUserSessions = (userId: number) => api(`/users/${userId}/sessions`, { method: "DELETE" });
export const resetSecondFactor = (userId: number) => api(`/users/${userId}/second-factor/reset`, { method: "POST" });
