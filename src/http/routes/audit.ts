import { Elysia } from "elysia";
import { AuditQuery } from "../../contract/schemas/audit";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { assertMayReadAudit, exportAudit, listAudit } from "../../modules/audit";

/** /audit: the company's audit log for admins (read only: no route edits or deletes an entry). */
export const auditRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/audit", ({ ctx, query }) => {
      assertMayReadAudit(ctx);
      return listAudit(ctx, parse(AuditQuery, query));
    })
    .get("/audit/export", async ({ ctx, query }) => {
      assertMayReadAudit(ctx);
      const day = new Date().toISOString().slice(0, 10);
      return new Response(await exportAudit(ctx, parse(AuditQuery, query)), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="audit-${day}.csv"`,
          "cache-control": "no-store",
        },
      });
    });
