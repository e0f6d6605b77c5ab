import { Elysia } from "elysia";
import { LoginBody, PasswordChangeBody } from "../../contract/schemas/auth";
import { authPlugin } from "../../http/auth";
import type { Deps } from "../../http/context";
import { parse } from "../../http/errors";
import { cameOverHttps, clientIp } from "../../http/ip";
import { REFRESH_COOKIE, REFRESH_TTL_S } from "../../http/tokens";
import { changeOwnPassword, login, logout, refresh, sessionPayload } from "./service";

/** /auth routes (R-AUTH-2, R-API-1). The refresh token lives only in the httpOnly cookie `jrt`. */
export const authRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .post("/auth/login", async ({ body, request, server, cookie }) => {
      const res = await login(deps, parse(LoginBody, body), clientIp(deps, request, server));
      setRefreshCookie(cookie[REFRESH_COOKIE], res.refresh, cameOverHttps(deps, request, server));
      return { token: res.token, user: res.user };
    })
    .post("/auth/password", async ({ body, request, server, cookie }) => {
      const res = await changeOwnPassword(deps, parse(PasswordChangeBody, body), clientIp(deps, request, server));
      setRefreshCookie(cookie[REFRESH_COOKIE], res.refresh, cameOverHttps(deps, request, server));
      return { token: res.token, user: res.user };
    })
    .post("/auth/refresh_token", async ({ cookie, request, server }) => {
      // A refused cookie is left in place: a slow refresh answered after a sign-in in another tab of
      // this browser must not wipe the new session's cookie. A dead cookie is refused again anyway.
      const jar = cookie[REFRESH_COOKIE];
      const res = await refresh(deps, jar.value as string | undefined);
      setRefreshCookie(jar, res.refresh, cameOverHttps(deps, request, server));
      return { token: res.token, user: res.user };
    })
    .delete("/auth/logout", async ({ cookie, request }) => {
      const h = request.headers.get("authorization");
      await logout(deps, h?.startsWith("Bearer ") ? h.slice(7) : undefined, cookie[REFRESH_COOKIE].value as string | undefined);
      cookie[REFRESH_COOKIE].remove();
      return { message: "Logged out" };
    })
    .get("/auth/me", ({ ctx }) => sessionPayload(deps, ctx.user.id));

/** The refresh cookie: httpOnly, SameSite=Lax, and Secure whenever the client reached us over https. */
// biome-ignore lint/suspicious/noExplicitAny: Elysia's cookie jar type is internal
function setRefreshCookie(jar: any, value: string, secure: boolean) {
  jar.set({ value, httpOnly: true, sameSite: "lax", path: "/", maxAge: REFRESH_TTL_S, secure });
}
