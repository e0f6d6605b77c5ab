import { Elysia } from "elysia";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { mediaKey, mimeOfName } from "../../modules/media";
import { canReadMediaFile } from "../../modules/messages";
import { authPlugin } from "../auth";
import { blobResponse } from "../blob-response";

/**
 * GET /media/<companyId>/<area>/<name>: answers only authenticated users of that company who may see
 * the conversation the file belongs to; any other company (super users included), a conversation out
 * of sight and any malformed path get 404.
 */
export const mediaRoutes = (deps: Deps) =>
  new Elysia().use(authPlugin(deps)).get("/media/:companyId/*", async ({ ctx, params, request }) => {
    const companyId = Number(params.companyId);
    const rest = String((params as Record<string, string>)["*"] ?? "");
    if (!Number.isInteger(companyId) || companyId !== ctx.companyId) throw new AppError("ERR_NOT_FOUND", 404);
    // A conversation's files obey the ticket visibility rules like its messages (R-PERM-3).
    if (!(await canReadMediaFile(ctx, `${companyId}/${rest}`))) throw new AppError("ERR_NOT_FOUND", 404);
    const key = mediaKey(companyId, `${companyId}/${rest}`);
    // The facts kept beside a file (`….meta.json`) are the server's, never served.
    if (!key || key.endsWith(".meta.json")) throw new AppError("ERR_NOT_FOUND", 404);
    return blobResponse(deps, key, request.headers.get("range"), {
      "content-type": mimeOfName(key),
      "cache-control": "private, max-age=3600",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
  });
