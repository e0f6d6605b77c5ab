import { Elysia } from "elysia";
import * as v from "valibot";
import { IdParam, idField } from "../../contract/schemas/common";
import { MediaHintsField, MessageListQuery, MessageSendBody } from "../../contract/schemas/tickets";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { AppError, parse } from "../../core/errors";
import { getVisibleTicket } from "../../modules/tickets";
import { deleteMessage, listMessages, retryMessage } from "../../modules/messages";
import { reactFromAgent, sendFromAgent, sendTemplateFromAgent } from "../../modules/messages";
import { ReactionBody, TemplateSendBody } from "../../contract/schemas/templates";
import { byId } from "./kit";

const TicketParam = v.object({ ticketId: idField });

function quotedIdOf(q: unknown): number | null {
  const raw = q && typeof q === "object" ? (q as { id?: unknown }).id : q;
  if (raw === undefined || raw === null || raw === "") return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new AppError("ERR_VALIDATION", 400, { fields: { quotedMsg: "validation.invalid" } });
  return n;
}

/** /messages routes (R-API-1): paged history, JSON or multipart sends, delete for everyone. */
export const messagesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/messages/:ticketId", ({ ctx, params, query }) => listMessages(ctx, parse(TicketParam, params).ticketId, parse(MessageListQuery, query).pageNumber))
    .post("/messages/:ticketId", async ({ ctx, params, body, request, set }) => {
      const ticketId = parse(TicketParam, params).ticketId;
      const multipart = (request.headers.get("content-type") ?? "").startsWith("multipart/form-data");
      let sent: Awaited<ReturnType<typeof sendFromAgent>>;
      if (multipart) {
        const form = (body ?? {}) as Record<string, unknown>;
        const files = [form.medias, form["medias[]"]].flat().filter((f) => f instanceof File);
        const text = Array.isArray(form.body) ? String(form.body[0] ?? "") : typeof form.body === "string" ? form.body : "";
        if (!files.length) throw new AppError("ERR_UPLOAD_MISSING", 400);
        // Elysia hands JSON-looking multipart fields over already parsed: validate one string form
        const rawHints = form.hints === undefined || form.hints === "" ? undefined : typeof form.hints === "string" ? form.hints : JSON.stringify(form.hints);
        const hints = rawHints === undefined ? undefined : parse(v.object({ hints: MediaHintsField }), { hints: rawHints }).hints;
        sent = await sendFromAgent(ctx, ticketId, { body: text.slice(0, 65_536), files, quotedId: quotedIdOf(form.quotedMsg), hints });
      } else {
        const input = parse(MessageSendBody, body);
        sent = await sendFromAgent(ctx, ticketId, { body: input.body, quotedId: quotedIdOf(input.quotedMsg) });
      }
      set.status = 201;
      return sent.length === 1 ? sent[0] : sent;
    })
    .post("/messages/:ticketId/read", async ({ ctx, params }) => {
      // Answered once the ticket is read: the list's next read shows no unread count (on either engine).
      await ctx.outbox.markRead(await getVisibleTicket(ctx, parse(TicketParam, params).ticketId));
      return { ok: true };
    })
    .post("/messages/:ticketId/template", async ({ ctx, params, body, set }) => {
      const sent = await sendTemplateFromAgent(ctx, parse(TicketParam, params).ticketId, parse(TemplateSendBody, body));
      set.status = 201;
      return sent;
    })
    .post("/messages/reaction/:id", async ({ ctx, params, body, set }) => {
      const sent = await reactFromAgent(ctx, parse(IdParam, params).id, parse(ReactionBody, body).emoji);
      set.status = 201;
      return sent;
    })
    .post("/messages/retry/:id", byId(retryMessage))
    .delete("/messages/:id", byId(deleteMessage));
