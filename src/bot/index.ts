import type { InboundMessage } from "../channels/types";
import type { Deps } from "../http/context";
import { log } from "../lib/logger";
import { renderTemplate } from "../lib/template";
import { campaignReply } from "../modules/campaigns/replies";
import { findCompany } from "../modules/companies/queries";
import { findConnection } from "../modules/connections/queries";
import { findContact } from "../modules/contacts/queries";
import { findQueue } from "../modules/queues/queries";
import { findTicketRow } from "../modules/tickets/queries";
import { getSetting } from "../modules/settings/service";
import { addSystemNote } from "../modules/ticket-notes/service";
import { botResetToMenu, handToHuman } from "../modules/tickets/lifecycle-system";
import type { TicketRow } from "../modules/tickets/schema";
import { runAutomation } from "./automation";
import { isOutOfHours } from "./hours";
import { loopReason } from "./loop";
import { type BotStep, HOME_LINE, runQueueMenu, walkOptions } from "./menu";
import { alreadyStored, type ConnectionRef, type IngestResult, ignored, type StoredMedia, saveInboundMedia, storeInbound } from "./pipeline";
import { handleRatingAnswer } from "./rating";
import { sentAutomaticallySince, sendBot } from "./send";
import { InboundSpool, type SpoolEntry, spoolKey } from "./spool";
import { isStorageFullError, storageGuard } from "../ops/storage";
import { logThrottled } from "../ops/throttle";

const OUT_OF_HOURS_REPEAT_MS = 10 * 60_000;

/** The note left on a ticket when the loop breaker hands it to a person. */
export const LOOP_NOTE =
  "O chatbot parou neste atendimento: as mensagens recebidas parecem vir de outro robô (repetições rápidas, menus ou respostas automáticas). Um atendente precisa responder.";

/**
 * The inbound pipeline's entry (R-IN-1, R-BOT-1): store the message exactly once (or spool
 * it when storage fails), then let the bot answer while no agent holds the ticket. Bot errors never
 * lose the stored message.
 */
export async function handleInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage): Promise<IngestResult | null> {
  return (await handleInboundBatch(deps, conn, [msg]))[0];
}

/**
 * A delivery of several messages of one connection (a burst, the offline backlog): all stored by one
 * group commit in arrival order, then the bot answers each in that order. Each bot step reads its
 * ticket as it is then, since the step before (or a later message of the delivery) may have changed it.
 */
export async function handleInboundBatch(deps: Deps, conn: ConnectionRef, msgs: InboundMessage[]): Promise<(IngestResult | null)[]> {
  const { results, answer } = await storeInboundBatch(deps, conn, msgs);
  await answer();
  return results;
}

/**
 * The two halves of a delivery, for transports that must answer their sender once the messages are
 * safe (a webhook): `results` once every message is stored or spooled (rejects when one could not
 * even be spooled), and `answer`, which runs the answers (campaign replies, bot) in arrival order.
 */
export async function storeInboundBatch(
  deps: Deps,
  conn: ConnectionRef,
  msgs: InboundMessage[],
): Promise<{ results: (IngestResult | null)[]; answer: () => Promise<void> }> {
  const results = await ingestBatch(deps, conn, msgs);
  const answer = async () => {
    for (const [i, res] of results.entries()) {
      if (!res || res.duplicate) continue;
      try {
        const ticket = msgs.length > 1 ? (findTicketRow(deps.db, conn.companyId, res.ticket.id) ?? res.ticket) : res.ticket;
        if (!(await campaignReply(deps, conn.id, msgs[i], ticket, res.before))) await botStep(deps, conn, msgs[i], { ...res, ticket });
      } catch (e) {
        // The message is stored; a failure here must not cost the next messages of the delivery their answer.
        log.error("inbound answer failed", { ticketId: res.ticket.id, err: String(e) });
      }
    }
  };
  return { results, answer };
}

/**
 * The storage half of the pipeline (no bot): identity, message, ticket and frame. A message that
 * cannot be stored goes to the spool and answers null; the spool stores it later and runs the bot then.
 */
export async function ingestMessage(deps: Deps, conn: ConnectionRef, msg: InboundMessage): Promise<IngestResult | null> {
  return (await ingestBatch(deps, conn, [msg]))[0];
}

/** What happens to a message before it is queued for storage: answered already, or its media saved. */
type Prepared = { done: IngestResult | null } | { media: StoredMedia | null };

/**
 * Stores a delivery: media first, one message after another, so that the messages are then queued
 * for the group commit in arrival order (storeInbound queues synchronously).
 */
async function ingestBatch(deps: Deps, conn: ConnectionRef, msgs: InboundMessage[]): Promise<(IngestResult | null)[]> {
  const prepared: Prepared[] = [];
  for (const msg of msgs) prepared.push(await prepareInbound(deps, conn, msg));
  return Promise.all(
    prepared.map((p, i) => ("done" in p ? p.done : storeInbound(deps, conn, msgs[i], p.media).catch((e) => spoolInbound(deps, conn, msgs[i], p.media, e)))),
  );
}

async function prepareInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage): Promise<Prepared> {
  try {
    // Media is downloaded before storing, so a redelivered media message is recognised first; a text
    // one is deduplicated by the insert itself (unique per connection and channel id).
    if (msg.media) {
      const known = alreadyStored(deps, conn, msg.id);
      if (known) return { done: known };
    }
    if (ignored(deps, conn, msg)) return { done: null };
    return { media: await saveInboundMedia(deps, conn.companyId, msg) };
  } catch (e) {
    return { done: await spoolInbound(deps, conn, msg, null, e) };
  }
}

/** A message that could not be stored waits in the spool (retried until stored exactly once). */
async function spoolInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage, media: StoredMedia | null, e: unknown): Promise<null> {
  // A full disk frees the ballast so the spool (and the rest) keeps working; one log line a minute per cause.
  if (isStorageFullError(e)) storageGuard()?.onFullDisk();
  logThrottled("error", `inbound-spooled:${String(e)}`, "inbound message could not be stored; spooled for retry", {
    connectionId: conn.id,
    wid: msg.id,
    err: String(e),
  });
  const { media: _m, ...rest } = msg;
  const entry: SpoolEntry = {
    key: spoolKey(conn.id, msg.id),
    conn,
    msg: { ...rest, media: msg.media ? { mimetype: msg.media.mimetype, fileName: msg.media.fileName, ptt: msg.media.ptt } : null },
    media,
    download: media ? undefined : msg.media?.download,
    attempts: 1,
    firstAt: deps.clock.now(),
  };
  await deps.inboundSpool.add(entry);
  return null;
}

/** Stores a spooled message (the spool's retry); the bot then answers it as if it had just arrived. */
export async function storeSpooled(deps: Deps, e: SpoolEntry) {
  const msg = { ...e.msg, media: e.msg.media && e.download ? { ...e.msg.media, download: e.download } : null } as InboundMessage;
  if (alreadyStored(deps, e.conn, msg.id) || ignored(deps, e.conn, msg)) return;
  e.media ??= await saveInboundMedia(deps, e.conn.companyId, msg);
  const res = await storeInbound(deps, e.conn, msg, e.media);
  if (!res.duplicate) await botStep(deps, e.conn, msg, res);
}

/** The spool of this process: retries through `storeSpooled`. */
export const createInboundSpool = (deps: Deps) => new InboundSpool(`${deps.config.dataDir}/inbound-spool`, (e) => storeSpooled(deps, e));

async function botStep(deps: Deps, conn: ConnectionRef, msg: InboundMessage, res: IngestResult) {
  try {
    await runBot(deps, conn, msg, res.ticket);
  } catch (e) {
    log.error("bot step failed", { ticketId: res.ticket.id, err: String(e), stack: (e as Error).stack });
  }
}

/**
 * The bot's answer to a stored message, per R-BOT-1: our own echo means a person took
 * over; a pending rating takes the answer; "#" goes back to the menu; out-of-hours texts; the queue
 * menu; the option tree. The loop breaker stops the bot (visibly) when the other side is a machine.
 */
async function runBot(deps: Deps, ref: ConnectionRef, msg: InboundMessage, stored: TicketRow) {
  let ticket = stored;
  // A tapped button or list row answers with its id (what the customer would have typed); its title is the stored body.
  const text = msg.reply?.id ?? msg.body;
  if (msg.fromMe) {
    // Someone answered from the phone itself: a person took over.
    handToHuman(deps, ticket);
    return;
  }
  if (ticket.isGroup) return;
  if (ticket.awaitingRatingSince) {
    await handleRatingAnswer(deps, ticket, text);
    return;
  }
  if (ticket.userId || ticket.status !== "pending") return;
  const conn = findConnection(deps.db, ref.companyId, ref.id);
  if (!conn) return;
  const loop = loopReason(deps, ticket.id, text);
  if (loop) {
    // No automatic answer to a machine: the ticket waits for a person, who reads why in its notes.
    handToHuman(deps, ticket);
    if (addSystemNote(deps, ticket, LOOP_NOTE)) log.warn("bot loop breaker engaged", { ticketId: ticket.id, reason: loop });
    return;
  }
  let contactName: string | undefined;
  const step: BotStep = {
    deps,
    ticket,
    conn,
    // Read only when a text is rendered (most messages get no automatic answer).
    get contactName() {
      contactName ??= findContact(deps.db, ticket.companyId, ticket.contactId)?.name ?? "";
      return contactName;
    },
    body: text,
    say: (text, media, menu) => sendBot(deps, step.ticket, text, media ?? undefined, menu),
  };
  const render = (t: string) => renderTemplate(t, { name: step.contactName }, deps.config.timezone);

  // An integration or assistant holding the ticket gets every message (before "#" and the hours).
  step.msg = msg;
  if (await runAutomation(step, msg)) return;
  if (text.trim() === "#") {
    ticket = botResetToMenu(deps, ticket);
    step.ticket = ticket;
    step.body = "";
    return runQueueMenu(step);
  }
  const scheduleType = getSetting(deps.db, ticket.companyId, "scheduleType");
  const now = new Date(deps.clock.now());
  if (scheduleType === "company" && conn.outOfHoursMessage.trim()) {
    const company = findCompany(deps.db, ticket.companyId);
    if (isOutOfHours(company?.schedules, deps.config.timezone, now)) {
      const notice = render(conn.outOfHoursMessage);
      if (!sentAutomaticallySince(deps, ticket.id, notice, OUT_OF_HOURS_REPEAT_MS)) await step.say(notice);
      return;
    }
  }
  if (!ticket.queueId) return runQueueMenu(step);
  const queue = findQueue(deps.db, ticket.companyId, ticket.queueId);
  if (!queue) return;
  if (scheduleType === "queue" && queue.outOfHoursMessage.trim() && isOutOfHours(queue.schedules, deps.config.timezone, now)) {
    const notice = `${render(queue.outOfHoursMessage)}\n\n${HOME_LINE}`;
    if (!sentAutomaticallySince(deps, ticket.id, notice, OUT_OF_HOURS_REPEAT_MS)) await step.say(notice);
    return;
  }
  if (ticket.chatbot) await walkOptions(step, queue);
}

export type { StoredMedia };
