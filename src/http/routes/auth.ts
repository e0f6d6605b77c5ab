import { Elysia } from "elysia";
import {
  ChallengeBody,
  LoginBody,
  PasskeyLoginBody,
  PasskeyRegisterBody,
  PasswordChangeBody,
  SecondStepBody,
  TotpConfirmBody,
} from "../../contract/schemas/auth";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { cameOverHttps } from "../ip";
import { REFRESH_COOKIE, REFRESH_TTL_S } from "../../modules/auth";
import { enrolPasskey, enrolPasskeyOptions, enrolTotpConfirm, enrolTotpStart } from "../../modules/auth";
import { relyingParty, requestOrigin } from "../origin";
import { changeOwnPassword, logout, refresh, sessionPayload } from "../../modules/auth";
import { login, passkeySignIn, passkeySignInOptions, secondStep, secondStepPasskeyOptions, type SignInResult } from "../../modules/auth";

const bearerOf = (request: Request) => {
  const h = request.headers.get("authorization");
  return h?.startsWith("Bearer ") ? h.slice(7) : undefined;
};

/**
 * /auth routes (R-AUTH-2, R-API-1) and the sign-in steps. The refresh token lives only in the
 * httpOnly cookie `jrt`, set only when a session opens (never after the password alone when a
 * second step is due).
 */
export const authRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .post("/auth/login", async ({ body, request, server, cookie }) => {
      const res = await login(deps, parse(LoginBody, body), requestOrigin(deps, request, server));
      return answer(deps, res, cookie, request, server);
    })
    .post("/auth/second-factor", async ({ body, request, server, cookie }) => {
      const input = parse(SecondStepBody, body);
      const res = await secondStep(deps, input, requestOrigin(deps, request, server), relyingParty(deps, request, server));
      return answer(deps, res, cookie, request, server);
    })
    .post("/auth/second-factor/passkey-options", async ({ body, request, server }) =>
      secondStepPasskeyOptions(deps, parse(ChallengeBody, body).challenge, relyingParty(deps, request, server)),
    )
    .post("/auth/second-factor/setup/totp", async ({ body }) => enrolTotpStart(deps, parse(ChallengeBody, body).challenge))
    .post("/auth/second-factor/setup/totp/confirm", async ({ body, request, server, cookie }) => {
      const input = parse(TotpConfirmBody, body);
      const res = await enrolTotpConfirm(deps, input.challenge ?? "", input.code, requestOrigin(deps, request, server));
      return answer(deps, res, cookie, request, server);
    })
    .post("/auth/second-factor/setup/passkey-options", async ({ body, request, server }) =>
      enrolPasskeyOptions(deps, parse(ChallengeBody, body).challenge, relyingParty(deps, request, server)),
    )
    .post("/auth/second-factor/setup/passkey", async ({ body, request, server, cookie }) => {
      const input = parse(PasskeyRegisterBody, body);
      const res = await enrolPasskey(deps, input, relyingParty(deps, request, server), requestOrigin(deps, request, server));
      return answer(deps, res, cookie, request, server);
    })
    .post("/auth/passkey/options", async ({ request, server }) =>
      passkeySignInOptions(deps, relyingParty(deps, request, server), requestOrigin(deps, request, server)),
    )
    .post("/auth/passkey/login", async ({ body, request, server, cookie }) => {
      const input = parse(PasskeyLoginBody, body);
      const res = await passkeySignIn(deps, input.challenge, input.response, relyingParty(deps, request, server), requestOrigin(deps, request, server));
      return answer(deps, res, cookie, request, server);
    })
    .post("/auth/password", async ({ body, request, server, cookie }) => {
      const res = await changeOwnPassword(deps, parse(PasswordChangeBody, body), requestOrigin(deps, request, server), bearerOf(request));
      return answer(deps, res, cookie, request, server);
    })
    .post("/auth/refresh_token", async ({ cookie, request, server }) => {
      // A refused cookie is left in place: a slow refresh answered after a sign-in in another tab of
      // this browser must not wipe the new session's cookie. A dead cookie is refused again anyway.
      const jar = cookie[REFRESH_COOKIE];
      const res = await refresh(deps, jar.value as string | undefined, requestOrigin(deps, request, server).address);
      setRefreshCookie(jar, res.refresh, cameOverHttps(deps, request, server));
      return { token: res.token, user: res.user };
    })
    .delete("/auth/logout", async ({ cookie, request, server }) => {
      await logout(deps, bearerOf(request), cookie[REFRESH_COOKIE].value as string | undefined, requestOrigin(deps, request, server).address);
      cookie[REFRESH_COOKIE].remove();
      return { message: "Logged out" };
    })
    .get("/auth/me", ({ ctx }) => sessionPayload(deps, ctx.user.id));

/** A sign-in answer: a session sets the refresh cookie and answers token and user; a step answers its challenge only. */
// biome-ignore lint/suspicious/noExplicitAny: Elysia's cookie jar type is internal
function answer(deps: Deps, res: SignInResult, cookie: any, request: Request, server: Parameters<typeof cameOverHttps>[2]) {
  if (res.kind === "step") return res.body;
  setRefreshCookie(cookie[REFRESH_COOKIE], res.refresh, cameOverHttps(deps, request, server));
  return { token: res.token, user: res.user, suggestSecondFactor: res.suggestSecondFactor, recoveryCodes: res.recoveryCodes };
}

/** The refresh cookie: httpOnly, SameSite=Lax, and Secure whenever the client reached us over https. */
// biome-ignore lint/suspicious/noExplicitAny: Elysia's cookie jar type is internal
function setRefreshCookie(jar: any, value: string, secure: boolean) {
  jar.set({ value, httpOnly: true, sameSite: "lax", path: "/", maxAge: REFRESH_TTL_S, secure });
}
