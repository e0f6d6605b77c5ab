/**
 * The inbound path, in the order a message travels (R-IN-1):
 *
 *   channel event → identity (contact, LID alias) → message stored exactly once → ticket lifecycle
 *   (find / open / reopen) → one realtime frame → chatbot step
 *
 * Messages arriving together are stored by one transaction (a savepoint each: group commit) and
 * each frame goes out after that commit. A message that
 * cannot be stored (disk full, database busy, a bug) is handed to the spool and retried until it is
 * stored exactly once (spool.ts); the bot never runs for a message that is not stored.
 */
import { type SQL, sql } from "drizzle-orm";
import type { InboundMessage } from "../core/channel";
import type { DB } from "../core/db";
import type { ConnectionRef, StoredMedia } from "../core/inbound";
import type { Deps } from "../core/deps";
import { extOfMime, storeUpload } from "../modules/media";
import { isoNow } from "../lib/clock";
import { log } from "../lib/logger";
import { BlobStoreUnavailableError } from "../lib/blob-store";
import { rawAll, transactionAlive } from "../db/query";
import { rooms } from "../contract/rooms";
import { contactKey, knownOf, mayMerge, type PlainValues, plainFor, storePlainRun } from "./pipeline-pg";
import { peerContact } from "./identity";
import type { ContactRow } from "../modules/contacts";
import { serializeContact } from "../modules/contacts";
import { findByWid, hydrate } from "../modules/messages";
import type { MessageRow } from "../modules/messages";
import { serializeMessage } from "../modules/messages";
import { publishMessageCreated } from "../modules/messages";
import { insertInbound } from "../modules/messages";
import { getSetting } from "../modules/settings";
import { findTicketRow } from "../modules/tickets";
import { noteMessage, type Place, ticketForInbound } from "../modules/tickets";
import type { TicketRow } from "../modules/tickets";
import { loadTickets, type TicketDto } from "../modules/tickets";

export interface IngestResult {
  ticket: TicketRow;
  messageId: number;
  duplicate: boolean;
  /** Where the ticket was before this message (null: the message created it). */
  before: Place | null;
  /** The chat's contact as the message's commit left it (the bot renders its name without reading it again). */
  contact?: ContactRow;
}

function mediaTypeOf(msg: InboundMessage): string {
  if (msg.kind === "location") return "locationMessage";
  if (msg.kind === "vcard") return "contactMessage";
  if (msg.kind === "call_log") return "call_log";
  if (msg.kind === "reaction") return "reactionMessage";
  if (!msg.media) return "chat";
  const major = msg.media.mimetype.split("/")[0];
  return major === "image" || major === "audio" || major === "video" ? major : "application";
}

/** Downloads and stores inbound media before the transaction (never network I/O inside one). */
export async function saveInboundMedia(deps: Deps, companyId: number, msg: InboundMessage): Promise<StoredMedia | null> {
  if (!msg.media) return null;
  try {
    const mime = msg.media.mimetype.split(";")[0].trim();
    const bytes = await msg.media.download();
    const ext = extOfMime(mime) ?? (msg.media.fileName?.split(".").pop() || "bin").replace(/[^a-z0-9]/gi, "").slice(0, 8);
    const name = msg.media.fileName ?? `${msg.kind}.${ext}`;
    const file = new File([new Uint8Array(bytes)], `x.${ext}`, { type: mime });
    return await storeUpload(deps.blobs, companyId, "messages", { file, ext, mime, originalName: name });
  } catch (e) {
    // A bucket that cannot be reached now: the message waits in the spool with its download and is retried.
    if (e instanceof BlobStoreUnavailableError) throw e;
    log.warn("inbound media download failed", { companyId, err: String(e) });
    return null;
  }
}

/** The wire shape of a message just stored, without reading back what is known (its author). */
async function serializeInbound(deps: Deps, companyId: number, row: MessageRow, author: ContactRow) {
  if (row.quotedMsgId) return (await hydrate(deps.db, companyId, [row]))[0];
  return serializeMessage(row, null, row.fromMe ? null : { id: author.id, name: author.name });
}

/** Whether the company ignores this message before anything is stored (groups with CheckMsgIsGroup). */
export async function ignored(deps: Deps, conn: ConnectionRef, msg: InboundMessage): Promise<boolean> {
  return msg.isGroup && (await getSetting(deps, conn.companyId, "CheckMsgIsGroup")) === "enabled";
}

/** The message as already stored (a duplicate delivery, a retry after a crash): nothing is written again. */
export async function alreadyStored(deps: Deps, conn: ConnectionRef, msgId: string): Promise<IngestResult | null> {
  const known = await findByWid(deps.db, conn.companyId, conn.id, msgId);
  if (!known) return null;
  const ticket = (await findTicketRow(deps.db, conn.companyId, known.ticketId))!;
  return { ticket, messageId: known.id, duplicate: true, before: null };
}

/** A message waiting for the next group commit, and whom to tell when it is stored. */
interface Waiting {
  conn: ConnectionRef;
  msg: InboundMessage;
  media: StoredMedia | null;
  resolve: (r: IngestResult) => void;
  reject: (e: unknown) => void;
}

/** What one message wrote inside the batch (published after the commit). */
interface Written {
  ticket: TicketRow;
  row: MessageRow;
  before: Place | null;
  author: ContactRow;
  chat: ContactRow;
  createdContact: ContactRow | null;
}

/** What became of one message of a batch. */
type Outcome = Written | typeof DUPLICATE | { error: unknown };

/** Thrown inside a message's savepoint when it was already stored: whatever it did is rolled back. */
const DUPLICATE = Symbol("duplicate");

/** Most messages one commit takes (a flush of this many runs ~10 ms). */
const MAX_BATCH = 64;

/** Messages waiting for their database's next group commit. */
const waiting = new WeakMap<DB, Waiting[]>();

/**
 * PostgreSQL: the databases whose group commit is under way. Their next batch gathers meanwhile and is committed
 * when it ends, one transaction after another: each transaction waits for the write lock anyway, and one per turn
 * of the event loop would hold a pooled connection each and take the lock with a batch of one. SQLite commits
 * each turn's batch at once (its transaction gate queues them in the process).
 */
const committing = new WeakSet<DB>();

/**
 * Stores one inbound message exactly once (R-IN-1) and answers after its frame went out.
 * Messages that arrive in the same turn of the event loop are stored by ONE transaction — a
 * savepoint each, in arrival order, so one bad message is rolled back alone — because the commit
 * (WAL append, FTS segment) cost as much as the rest of a message's writes together. Rejects when
 * the message could not be stored (the caller spools it).
 */
export function storeInbound(deps: Deps, conn: ConnectionRef, msg: InboundMessage, media: StoredMedia | null): Promise<IngestResult> {
  return new Promise((resolve, reject) => {
    let batch = waiting.get(deps.db);
    if (!batch) {
      batch = [];
      waiting.set(deps.db, batch);
      if (!committing.has(deps.db)) setImmediate(() => void flush(deps));
    }
    batch.push({ conn, msg, media, resolve, reject });
    if (batch.length >= MAX_BATCH && !committing.has(deps.db)) void flush(deps);
  });
}

/** Stores what waits for the next group commit now (the process is stopping). */
export const flushInbound = (deps: Deps) => flush(deps);

/** One group commit: every waiting message in its savepoint, then the frames in order, then the callers. */
async function flush(deps: Deps) {
  const all = waiting.get(deps.db);
  if (!all?.length) return;
  // Past MAX_BATCH only on PostgreSQL, where messages gather while a commit is under way: the rest waits its turn.
  const batch = all.length > MAX_BATCH ? all.splice(0, MAX_BATCH) : all;
  if (batch === all) waiting.delete(deps.db);
  const pg = deps.db.engine === "pg";
  if (pg) committing.add(deps.db);
  let outcome: Outcome[] = [];
  try {
    try {
      outcome = await deps.db.transaction((tx) => writeBatch(deps, tx, batch, pg));
    } catch (e) {
      if (!pg || batch.length === 1) throw e;
      // PostgreSQL: a statement that fails fails its whole transaction (postgres.js keeps the transaction's first
      // error), so one message the database refuses would take its batch along: each message gets a transaction of
      // its own, in arrival order (the failed one rolled back whole).
      log.warn("inbound group commit failed; its messages stored one by one", { count: batch.length, err: String(e) });
      outcome = [];
      for (const w of batch) {
        try {
          outcome.push((await deps.db.transaction((tx) => writeBatch(deps, tx, [w], false)))[0]);
        } catch (e1) {
          outcome.push({ error: e1 });
        }
      }
    }
  } catch (e) {
    for (const w of batch) w.reject(e);
    return;
  } finally {
    if (pg) {
      committing.delete(deps.db);
      if (waiting.get(deps.db)?.length) void flush(deps);
    }
  }
  // The frames' tickets as the commit left them, one read per company for the whole batch.
  let dtos: Map<number, TicketDto> | null = null;
  try {
    dtos = await committedTickets(deps, batch, outcome);
  } catch (e) {
    log.error("inbound frames' tickets failed", { err: String(e) });
  }
  for (const [i, w] of batch.entries()) {
    const o = outcome[i];
    if (o === DUPLICATE) {
      const known = await alreadyStored(deps, w.conn, w.msg.id);
      if (known) w.resolve(known);
      else w.reject(new Error("duplicate message not found"));
    } else if ("error" in o) w.reject(o.error);
    else {
      try {
        if (!dtos) throw new Error("no ticket for the frame");
        w.resolve(await publishInbound(deps, w.conn.companyId, o, dtos.get(o.ticket.id)));
      } catch (e) {
        // Stored: a frame that failed must not send the message to the spool again.
        log.error("inbound frame failed", { ticketId: o.ticket.id, err: String(e) });
        w.resolve({ ticket: o.ticket, messageId: o.row.id, duplicate: false, before: o.before, contact: o.chat });
      }
    }
  }
}

/**
 * Inside the group commit's transaction: every message in arrival order, each in its own savepoint (one bad message
 * is rolled back alone); on PostgreSQL with `plain`, runs of plain messages by one statement each (pipeline-pg.ts).
 */
async function writeBatch(deps: Deps, tx: DB, batch: Waiting[], plain: boolean): Promise<Outcome[]> {
  const pg = tx.engine === "pg";
  const outcome: Outcome[] = [];
  // One message alone goes the general way: its savepoint rides with its first read, its insert with its card's update.
  const known = plain && batch.length > 1 ? await knownOf(tx, batch) : null;
  const seen = new Set<string>();
  /** Contacts of the batch whose every message so far was plain. */
  const allPlain = new Set<string>();
  let merging = false;
  let run: { i: number; values: PlainValues }[] = [];
  const storeRun = async () => {
    if (!run.length) return;
    const written = await storePlainRun(
      tx,
      run.map((r) => r.values),
    );
    for (const [k, r] of run.entries()) outcome[r.i] = written[k] ?? DUPLICATE;
    run = [];
  };
  for (const [i, w] of batch.entries()) {
    if (known) {
      const key = contactKey(w);
      // A contact's later message is plain too while all before it were (they changed nothing but the card).
      const k = !merging && (!seen.has(key) || allPlain.has(key)) ? plainFor(w, known) : null;
      seen.add(key);
      const dataJson = k ? rawJson(w.msg) : undefined;
      if (k && dataJson !== undefined) {
        allPlain.add(key);
        const now = isoNow(deps.clock);
        const createdAt = new Date(w.msg.timestamp || deps.clock.now()).toISOString();
        run.push({ i, values: { w, known: k, body: w.msg.body || "", mediaType: mediaTypeOf(w.msg), dataJson, createdAt, now } });
        continue;
      }
      allPlain.delete(key);
      if (mayMerge(w)) merging = true;
      await storeRun();
    }
    try {
      outcome[i] = await (pg ? inSavepointPg(tx, () => writeInbound(deps, tx, w)) : tx.transaction((sp) => writeInbound(deps, sp, w)));
    } catch (e) {
      // SQLite rolled the whole transaction back (disk full, I/O): nothing of the batch is stored.
      if (!transactionAlive(tx)) throw e;
      outcome[i] = e === DUPLICATE ? DUPLICATE : { error: e };
    }
  }
  await storeRun();
  return outcome;
}

/** A message's raw payload as stored (null: none); undefined when it cannot be serialised (the general way fails it alone). */
function rawJson(msg: InboundMessage): string | null | undefined {
  try {
    return msg.raw ? JSON.stringify(msg.raw) : null;
  } catch {
    return undefined;
  }
}

/** What drizzle's PostgreSQL handles add for hand-written statements (a lazy query: it goes out at `.then`). */
type PgStatements = { execute(query: SQL): Promise<unknown> };

/**
 * PostgreSQL: a message's savepoint without waiting for it. The SAVEPOINT goes out in the same write as the message's
 * first statement (one connection answers in order), and is not released: the next message's savepoint stacks on it
 * and the commit ends them all. Only a failure waits, to roll back to it. Two round trips fewer per message than a
 * nested transaction (SAVEPOINT, then RELEASE), each of which would wait under the write lock. writeInbound reads
 * (and waits) before its first write, so every write of the message is after its savepoint.
 */
async function inSavepointPg<T>(tx: DB, fn: () => Promise<T>): Promise<T> {
  // `.then` now (not an await later): the statement is queued before fn's first one.
  const begun = (tx as unknown as PgStatements).execute(sql`savepoint inbound`).then(() => undefined);
  try {
    const out = await fn();
    await begun;
    return out;
  } catch (e) {
    await begun.catch(() => {});
    await rawAll(tx, sql`rollback to savepoint inbound`);
    throw e;
  }
}

/**
 * Inside the batch, in the message's savepoint: contact (and group sender), the ticket through the
 * lifecycle, the message (unique per connection + channel id), the card.
 */
async function writeInbound(deps: Deps, db: DB, { conn, msg, media }: Waiting): Promise<Written> {
  const { companyId } = conn;
  const now = isoNow(deps.clock);
  const body = msg.body || (media ? media.mediaName : "");
  const chat = await peerContact(db, companyId, msg.chat, {
    isGroup: msg.isGroup,
    name: msg.isGroup ? msg.groupSubject : msg.fromMe ? null : msg.chat.pushName,
    whatsappId: conn.id,
  });
  const sender = msg.isGroup && msg.participant && !msg.fromMe ? (await peerContact(db, companyId, msg.participant, { whatsappId: conn.id })).contact : null;
  const place = await ticketForInbound(db, { companyId, contactId: chat.contact.id, whatsappId: conn.id, isGroup: msg.isGroup, fromMe: msg.fromMe }, now);
  const stored = insertInbound(db, {
    companyId,
    ticketId: place.ticket.id,
    whatsappId: conn.id,
    wid: msg.id,
    contactId: msg.fromMe ? null : (sender?.id ?? chat.contact.id),
    body,
    fromMe: msg.fromMe,
    mediaType: mediaTypeOf(msg),
    mediaUrl: media?.mediaPath ?? null,
    mediaName: media?.mediaName ?? null,
    quotedMsgId: msg.quotedId ? ((await findByWid(db, companyId, conn.id, msg.quotedId))?.id ?? null) : null,
    queueId: place.ticket.queueId,
    dataJson: msg.raw ? JSON.stringify(msg.raw) : null,
    createdAt: new Date(msg.timestamp || deps.clock.now()).toISOString(),
    updatedAt: now,
  });
  const note = { preview: body, fromMe: msg.fromMe, inbound: !msg.fromMe };
  // PostgreSQL: the card's update goes out with the insert (one round trip); a duplicate undoes both below.
  const [row, noted] = db.engine === "pg" ? await Promise.all([stored, noteMessage(db, place.ticket.id, note, now)]) : [await stored, null];
  // Stored already (a redelivery, or twice in this batch): undo the savepoint, so a redelivered old
  // message neither creates nor reopens a ticket.
  if (!row) throw DUPLICATE;
  const ticket = noted ?? (await noteMessage(db, place.ticket.id, note, now));
  return { ticket, row, before: place.before, author: sender ?? chat.contact, chat: chat.contact, createdContact: chat.created ? chat.contact : null };
}

/** The tickets a batch's stored messages went to, in their wire shape after the commit (one read per company). */
async function committedTickets(deps: Deps, batch: Waiting[], outcome: Outcome[]): Promise<Map<number, TicketDto>> {
  const byCompany = new Map<number, Set<number>>();
  for (const [i, o] of outcome.entries()) {
    if (o === DUPLICATE || "error" in o) continue;
    const companyId = batch[i].conn.companyId;
    const ids = byCompany.get(companyId) ?? new Set<number>();
    byCompany.set(companyId, ids);
    ids.add(o.ticket.id);
  }
  const out = new Map<number, TicketDto>();
  for (const [companyId, ids] of byCompany) for (const [id, dto] of await loadTickets(deps, companyId, [...ids])) out.set(id, dto);
  return out;
}

/** After the commit: a new contact's frame, then the message's one frame (list, open chat and bell). */
async function publishInbound(deps: Deps, companyId: number, w: Written, dto: TicketDto | undefined): Promise<IngestResult> {
  if (w.createdContact) deps.hub.publish(rooms.main(companyId), { channel: "contact", action: "create", contact: serializeContact(w.createdContact) });
  if (dto) publishMessageCreated(deps, dto, await serializeInbound(deps, companyId, w.row, w.author), w.before ?? undefined);
  return { ticket: w.ticket, messageId: w.row.id, duplicate: false, before: w.before, contact: w.chat };
}
