import { Elysia } from "elysia";
import * as v from "valibot";
import { PasskeyRegisterBody, PasswordProofBody, TotpConfirmBody } from "../../contract/schemas/auth";
import { IdParam, idField } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import * as auth from "../../modules/auth";
import { relyingParty, requestOrigin } from "../origin";
import { byId } from "./kit";

const SessionIdParam = v.object({ sid: v.pipe(v.string(), v.maxLength(64)) });
const UserSessionParams = v.object({ id: idField, sid: v.pipe(v.string(), v.maxLength(64)) });

/**
 * The signed-in user's security (second factors, sessions) and an admin's view of their company's
 * users' sessions and second factors.
 */
export const securityRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/auth/security", ({ ctx }) => auth.securityStatus(ctx))
    .post("/auth/totp/setup", ({ ctx, body, request, server }) =>
      auth.setupTotp(ctx, parse(PasswordProofBody, body).password, requestOrigin(deps, request, server)),
    )
    .post("/auth/totp/confirm", ({ ctx, body, request, server }) =>
      auth.confirmTotp(ctx, parse(TotpConfirmBody, body).code, requestOrigin(deps, request, server)),
    )
    .post("/auth/totp/disable", ({ ctx, body, request, server }) =>
      auth.turnOffTotp(ctx, parse(PasswordProofBody, body).password, requestOrigin(deps, request, server)),
    )
    .post("/auth/recovery-codes", ({ ctx, body, request, server }) =>
      auth.regenerateRecoveryCodes(ctx, parse(PasswordProofBody, body).password, requestOrigin(deps, request, server)),
    )
    .post("/auth/passkeys/options", ({ ctx, body, request, server }) =>
      auth.passkeyRegistrationOptions(ctx, parse(PasswordProofBody, body).password, relyingParty(deps, request, server), requestOrigin(deps, request, server)),
    )
    .post("/auth/passkeys", async ({ ctx, body, request, server, set }) => {
      const res = await auth.addPasskey(ctx, parse(PasskeyRegisterBody, body), relyingParty(deps, request, server));
      set.status = 201;
      return res;
    })
    .delete("/auth/passkeys/:id", ({ ctx, params, body, request, server }) =>
      auth.deletePasskey(ctx, parse(IdParam, params).id, parse(PasswordProofBody, body).password, requestOrigin(deps, request, server)),
    )
    .get("/auth/sessions", async ({ ctx }) => ({ sessions: await auth.mySessions(ctx) }))
    .post("/auth/sessions/end-others", ({ ctx }) => auth.endMyOtherSessions(ctx))
    .delete("/auth/sessions/:sid", ({ ctx, params }) => auth.endMySession(ctx, parse(SessionIdParam, params).sid))
    .get("/users/:id/sessions", byId(auth.userSecurity))
    .delete("/users/:id/sessions", byId(auth.endAllUserSessions))
    .delete("/users/:id/sessions/:sid", ({ ctx, params }) => {
      const p = parse(UserSessionParams, params);
      return auth.endUserSession(ctx, p.id, p.sid);
    })
    .post("/users/:id/second-factor/reset", byId(auth.resetUserSecondFactor));
