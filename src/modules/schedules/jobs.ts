import { and, eq } from "drizzle-orm";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { isoNow } from "../../lib/clock";
import { log } from "../../lib/logger";
import { renderTemplate } from "../../lib/template";
import { mimeOfName } from "../media";
import { findContact } from "../contacts";
import { findConnection } from "../connections";
import { resolveSendingConnection } from "../connections";
import { ticketForOutbound } from "../tickets";
import { dueSchedules, lastTicketConnection, type ScheduleRow } from "./queries";
import { schedules } from "./schema";
import { scheduleTemplateOf, serializeSchedules, publishSchedule } from "./service";
import { ticketWindow } from "../messages";

/** Thrown inside the storing transaction when another run already sent the schedule: the message is rolled back. */
class AlreadySent extends Error {}

const BATCH = 50;

/**
 * schedules.send-due: every PENDENTE schedule whose sendAt has come (including ones missed while
 * the server was down, D11) is sent through the contact's last ticket
 * connection or the sending connection, into the contact's ticket (opened or reused by the
 * lifecycle) and its history. The schedule is marked ENVIADA inside the transaction that stores the
 * message, guarded on PENDENTE, so it goes out exactly once even across restarts or overlapping
 * runs; failures mark ERRO with the reason.
 */
export async function sendDueSchedules(deps: Deps) {
  for (const s of await dueSchedules(deps.db, isoNow(deps.clock), BATCH)) {
    try {
      await sendSchedule(deps, s);
    } catch (err) {
      if (err instanceof AlreadySent) continue;
      const code = err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
      if (!(err instanceof AppError)) log.error("schedule send failed", { scheduleId: s.id, err: String(err) });
      await markFailed(deps, s, code);
    }
  }
}

async function pickConnection(deps: Deps, s: ScheduleRow): Promise<number> {
  // A template belongs to its Cloud API connection: the schedule goes through it.
  const template = scheduleTemplateOf(s.template);
  if (template && (await findConnection(deps.db, s.companyId, template.whatsappId))?.channel === "cloudapi") return template.whatsappId;
  const last = await lastTicketConnection(deps.db, s.companyId, s.contactId);
  if (last && (await findConnection(deps.db, s.companyId, last))) return last;
  return (await resolveSendingConnection(deps, s.companyId)).id;
}

async function sendSchedule(deps: Deps, s: ScheduleRow) {
  const contact = await findContact(deps.db, s.companyId, s.contactId);
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const whatsappId = await pickConnection(deps, s);
  // Outside the customer's 24-hour window (Cloud API) only the schedule's template may go.
  const window = await ticketWindow(deps, { companyId: s.companyId, whatsappId, contactId: s.contactId });
  const closed = !!window && !window.open;
  const template = closed ? scheduleTemplateOf(s.template) : null;
  if (closed && !template) throw new AppError("ERR_CLOUD_WINDOW_CLOSED", 400);
  const ticket = await ticketForOutbound(deps, { companyId: s.companyId, contactId: s.contactId, whatsappId, whenInactive: "pending" });
  const at = new Date(deps.clock.now());
  const filled = template
    ? {
        name: template.name,
        language: template.language,
        params: template.params.map((p) => renderTemplate(p, { name: contact.name }, deps.config.timezone, at)),
      }
    : null;
  const body = filled
    ? (await deps.cloudApi.resolveTemplate(whatsappId, filled)).text
    : renderTemplate(s.body, { name: contact.name }, deps.config.timezone, at);
  const media = s.mediaPath && !filled ? { mediaPath: s.mediaPath, mime: mimeOfName(s.mediaPath), fileName: s.mediaName ?? "imagem.jpg" } : null;
  let sent: ScheduleRow | undefined;
  await deps.outbox.send(ticket, {
    body,
    userId: s.userId,
    media,
    template: filled ?? undefined,
    onStored: async (tx) => {
      const now = isoNow(deps.clock);
      sent = (
        await tx
          .update(schedules)
          .set({ status: "ENVIADA", sentAt: now, ticketId: ticket.id, error: null, updatedAt: now })
          .where(and(eq(schedules.id, s.id), eq(schedules.status, "PENDENTE")))
          .returning()
      )[0];
      if (!sent) throw new AlreadySent();
    },
  });
  if (sent) publishSchedule(deps, s.companyId, { action: "update", schedule: (await serializeSchedules(deps.db, [sent]))[0] });
}

async function markFailed(deps: Deps, s: ScheduleRow, code: string) {
  const row = (
    await deps.db
      .update(schedules)
      .set({ status: "ERRO", error: code, updatedAt: isoNow(deps.clock) })
      .where(and(eq(schedules.id, s.id), eq(schedules.status, "PENDENTE")))
      .returning()
  )[0];
  if (row) publishSchedule(deps, s.companyId, { action: "update", schedule: (await serializeSchedules(deps.db, [row]))[0] });
}
