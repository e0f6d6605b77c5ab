import { Elysia } from "elysia";
import { clientIp } from "../ip";
import { ExternalSendBody } from "../../contract/schemas/externalApi";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { authenticateApiToken, sendFromApi } from "../../modules/external-api";

const firstText = (x: unknown) => (Array.isArray(x) ? x[0] : x);

/**
 * The external send API (R-API-9): public in the session sense, it is
 * authenticated by a connection's token instead (public-routes.ts says so).
 */
export const externalApiRoutes = (deps: Deps) =>
  new Elysia().post("/api/messages/send", async ({ request, body, server }) => {
    const { ctx, connection } = await authenticateApiToken(deps, request.headers.get("authorization"));
    ctx.address = clientIp(deps, request, server);
    const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
    if (multipart) {
      const form = (body ?? {}) as Record<string, unknown>;
      const files = [form.medias, form["medias[]"]].flat().filter((f) => f instanceof File);
      const input = parse(ExternalSendBody, { number: firstText(form.number), body: firstText(form.body) ?? "", closeTicket: firstText(form.closeTicket) });
      return sendFromApi(ctx, connection, input, files);
    }
    return sendFromApi(ctx, connection, parse(ExternalSendBody, body), []);
  });
