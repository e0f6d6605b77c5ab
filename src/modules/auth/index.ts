/** The auth module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export {
  endAllUserSessions,
  endMyOtherSessions,
  endMySession,
  endUserSession,
  mySessions,
  resetSecondFactorOffline,
  resetUserSecondFactor,
  userSecurity,
} from "./admin";
export { enrolPasskey, enrolPasskeyOptions, enrolTotpConfirm, enrolTotpStart } from "./enrol";
export { sweepEndedSockets } from "./jobs";
export type { RelyingParty } from "./passkeys";
export {
  addPasskey,
  confirmTotp,
  deletePasskey,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  securityStatus,
  setupTotp,
  turnOffTotp,
} from "./security";
export { changeOwnPassword } from "./password";
export { logout, refresh, sessionPayload } from "./service";
export { accessSessionLive, endCompanySessions, endUserSessions, endUserSessionsOffline } from "./sessions";
export { login, passkeySignIn, passkeySignInOptions, type RequestOrigin, secondStep, secondStepPasskeyOptions, type SignInResult } from "./signin";
export { type AccessClaims, REFRESH_COOKIE, REFRESH_TTL_S, verifyToken } from "./tokens";
