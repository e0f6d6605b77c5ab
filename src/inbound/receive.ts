import type { InboundMessage } from "../core/channel";
import type { Deps } from "../core/deps";
import type { ConnectionRef, StoredMedia } from "../core/inbound";
import { type SpoolEntry, spoolKey } from "../core/inbound";
import { logThrottled } from "../lib/log-throttle";
import { log } from "../lib/logger";
import { campaignReply } from "../modules/campaigns";
import { findTicketRow } from "../modules/tickets";
import { isStorageFullError } from "../core/storage";
import { botStep } from "./bot";
import { alreadyStored, type IngestResult, ignored, saveInboundMedia, storeInbound } from "./pipeline";
import { InboundSpool } from "./spool";
import { DeliveryReads } from "./delivery-reads";

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
    const reads = new DeliveryReads(deps, conn, singleTickets(results));
    for (const [i, res] of results.entries()) {
      if (!res || res.duplicate) continue;
      try {
        // A ticket another message of the delivery went to is read again: the answer before may have changed it.
        const ticket = reads.isSingle(res.ticket.id) ? res.ticket : ((await findTicketRow(deps.db, conn.companyId, res.ticket.id)) ?? res.ticket);
        if (!(await campaignReply(deps, conn.id, msgs[i], ticket, res.before, reads.campaignSettings)))
          await botStep(deps, conn, msgs[i], { ...res, ticket }, reads);
      } catch (e) {
        // The message is stored; a failure here must not cost the next messages of the delivery their answer.
        log.error("inbound answer failed", { ticketId: res.ticket.id, err: String(e) });
      }
    }
  };
  return { results, answer };
}

/** The tickets exactly one stored message of a delivery went to (their rows as stored are still current). */
function singleTickets(results: (IngestResult | null)[]): Set<number> {
  const seen = new Map<number, number>();
  for (const r of results) if (r) seen.set(r.ticket.id, (seen.get(r.ticket.id) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n === 1).map(([id]) => id));
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
      const known = await alreadyStored(deps, conn, msg.id);
      if (known) return { done: known };
    }
    if (await ignored(deps, conn, msg)) return { done: null };
    return { media: await saveInboundMedia(deps, conn.companyId, msg) };
  } catch (e) {
    return { done: await spoolInbound(deps, conn, msg, null, e) };
  }
}

/** A message that could not be stored waits in the spool (retried until stored exactly once). */
async function spoolInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage, media: StoredMedia | null, e: unknown): Promise<null> {
  // A full disk frees the ballast so the spool (and the rest) keeps working; one log line a minute per cause.
  if (isStorageFullError(e)) deps.storage.onFullDisk();
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
  if ((await alreadyStored(deps, e.conn, msg.id)) || (await ignored(deps, e.conn, msg))) return;
  e.media ??= await saveInboundMedia(deps, e.conn.companyId, msg);
  const res = await storeInbound(deps, e.conn, msg, e.media);
  if (!res.duplicate) await botStep(deps, e.conn, msg, res);
}

/** The spool of this process: retries through `storeSpooled`. */
export const createInboundSpool = (deps: Deps) =>
  new InboundSpool(
    `${deps.config.dataDir}/inbound-spool`,
    (e) => storeSpooled(deps, e),
    // Several nodes share a database and a bucket: what one node spooled, another stores if that one is gone.
    deps.db.engine === "pg" && deps.blobs.kind === "s3" ? { blobs: deps.blobs } : null,
  );
