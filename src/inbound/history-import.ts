/**
 * Recent history on linking (opt-in per connection, `historyDays`, 0 = off): the 1:1 chats of the
 * last N days that WhatsApp's history sync hands a newly linked device become closed tickets with
 * their messages. Exactly once (messages are unique per connection and WhatsApp id; a chat's ticket
 * is the contact's latest one, created closed when there is none), never through the chatbot or
 * greetings (the live pipeline is not involved), and in the background: chunks queue here and are
 * written one chat per short transaction, yielding between chats, with a progress line on the
 * connection (`historyImport`, published as a `whatsapp` frame).
 */
import type { HistoryImportDto } from "../contract/dto/connections";
import type { HistoryBatch, InboundMessage } from "../core/channel";
import type { Deps } from "../core/deps";
import { log } from "../lib/logger";
import { peerContact } from "./identity";
import { insertInbound } from "../modules/messages";
import { refreshPreview, ticketForOutbound } from "../modules/tickets";
import { findConnection } from "../modules/connections";
import { recordHistoryImport } from "../modules/connections";

const DAY_MS = 86_400_000;
/** Messages written per transaction (a long chat is split; live traffic interleaves). */
const CHUNK = 200;
/** The progress line is published at most this often. */
const PUBLISH_EVERY_MS = 1_000;

/** What an imported media message shows (its file is not fetched: old media is often gone). */
const MEDIA_LABEL: Record<string, string> = { image: "Imagem", audio: "Áudio", video: "Vídeo", document: "Documento", sticker: "Figurinha" };

interface Job {
  queue: HistoryBatch[];
  working: boolean;
  state: HistoryImportDto;
  chats: Set<string>;
  publishedAt: number;
}

/** The `messages.media_type` an imported message is stored with (no media file: text with a label). */
function storedKind(m: InboundMessage): { mediaType: string; body: string } | null {
  switch (m.kind) {
    case "text":
      return { mediaType: "chat", body: m.body };
    case "location":
      return { mediaType: "locationMessage", body: m.body };
    case "vcard":
      return { mediaType: "contactMessage", body: m.vcard ?? m.body };
    case "image":
    case "audio":
    case "video":
    case "document":
    case "sticker": {
      const label = `[${MEDIA_LABEL[m.kind]}]`;
      return { mediaType: "chat", body: m.body && m.body !== "Áudio" ? `${label} ${m.body}` : label };
    }
    default:
      return null; // reactions, call logs, unsupported
  }
}

/** True for a message that belongs in the import: 1:1 chat, within the window, a kind we store. */
function wanted(m: InboundMessage, since: number): boolean {
  if (m.isGroup || !m.chat.address || /@(broadcast|newsletter)$/.test(m.chat.address) || m.chat.address.startsWith("status@")) return false;
  return m.timestamp >= since && storedKind(m) !== null;
}

async function saveState(deps: Deps, connectionId: number, job: Job, force = false) {
  const now = Date.now();
  const announce = force || now - job.publishedAt >= PUBLISH_EVERY_MS;
  if ((await recordHistoryImport(deps, connectionId, job.state, announce)) && announce) job.publishedAt = now;
}

/** Writes one chat's messages: contact, its ticket (closed when new), the messages exactly once. */
async function importChat(deps: Deps, ref: { connectionId: number; companyId: number }, list: InboundMessage[]): Promise<number> {
  const { companyId, connectionId } = ref;
  const sorted = [...list].sort((a, b) => a.timestamp - b.timestamp);
  const theirs = sorted.find((m) => !m.fromMe);
  const contact = (
    await deps.db.transaction((tx) => peerContact(tx, companyId, sorted[0].chat, { name: theirs?.chat.pushName ?? null, whatsappId: connectionId }))
  ).contact;
  const ticket = await ticketForOutbound(deps, { companyId, contactId: contact.id, whatsappId: connectionId, whenInactive: "closed" });
  let stored = 0;
  const nowIso = new Date(deps.clock.now()).toISOString();
  for (let i = 0; i < sorted.length; i += CHUNK) {
    const part = sorted.slice(i, i + CHUNK);
    // bun:sqlite has one connection: the messages module's prepared insert runs inside this transaction
    const db = deps.db;
    stored += await db.transaction(async (tx) => {
      let n = 0;
      let last = "";
      for (const m of part) {
        const kind = storedKind(m)!;
        const row = await insertInbound(tx, {
          companyId,
          ticketId: ticket.id,
          whatsappId: connectionId,
          wid: m.id,
          contactId: m.fromMe ? null : contact.id,
          body: kind.body,
          fromMe: m.fromMe,
          mediaType: kind.mediaType,
          queueId: ticket.queueId,
          dataJson: m.raw ? JSON.stringify(m.raw) : null,
          createdAt: new Date(m.timestamp).toISOString(),
          updatedAt: nowIso,
        });
        if (row) {
          n++;
          last = kind.body;
        }
      }
      // the card shows the newest imported message, unless the chat already goes on live
      if (n && ticket.status === "closed") await refreshPreview(tx, ticket.id, last);
      return n;
    });
  }
  return stored;
}

async function work(deps: Deps, ref: { connectionId: number; companyId: number }, job: Job) {
  job.working = true;
  try {
    while (job.queue.length) {
      const batch = job.queue.shift()!;
      const w = await findConnection(deps.db, ref.companyId, ref.connectionId);
      if (!w || w.historyDays <= 0) {
        job.queue.length = 0;
        break;
      }
      const since = deps.clock.now() - w.historyDays * DAY_MS;
      const byChat = new Map<string, InboundMessage[]>();
      for (const m of batch.messages) {
        if (!wanted(m, since)) continue;
        const key = m.chat.number ?? m.chat.address;
        byChat.set(key, [...(byChat.get(key) ?? []), m]);
      }
      for (const [key, list] of byChat) {
        try {
          const n = await importChat(deps, ref, list);
          job.state.messages += n;
          if (n) job.chats.add(key);
          job.state.chats = job.chats.size;
        } catch (e) {
          log.warn("history chat import failed", { connectionId: ref.connectionId, err: String(e).slice(0, 200) });
        }
        await saveState(deps, ref.connectionId, job);
        await Bun.sleep(0); // live messages go first
      }
      if (batch.progress !== null) job.state.progress = batch.progress;
      if (batch.isLatest || batch.progress === 100) {
        job.state.status = "done";
        job.state.progress = 100;
        job.state.finishedAt = new Date(deps.clock.now()).toISOString();
      }
      await saveState(deps, ref.connectionId, job, job.state.status === "done");
    }
  } finally {
    job.working = false;
  }
}

/**
 * The history imports of the connections this process runs (held by the connection supervisor): one
 * job per connection, its chunks written one chat at a time in the background.
 */
export class HistoryImports {
  private readonly jobs = new Map<number, Job>();

  constructor(private readonly deps: Deps) {}

  /**
   * Takes one history chunk of a connection (returns at once; the import runs in the background).
   * Ignored when the connection's setting is off.
   */
  async accept(ref: { connectionId: number; companyId: number }, batch: HistoryBatch): Promise<void> {
    const deps = this.deps;
    const w = await findConnection(deps.db, ref.companyId, ref.connectionId);
    if (!w || w.historyDays <= 0) return;
    let job = this.jobs.get(ref.connectionId);
    if (!job || (job.state.status === "done" && !job.working)) {
      job = {
        queue: [],
        working: false,
        chats: new Set(),
        publishedAt: 0,
        state: { status: "running", progress: batch.progress, chats: 0, messages: 0, startedAt: new Date(deps.clock.now()).toISOString(), finishedAt: null },
      };
      this.jobs.set(ref.connectionId, job);
      await saveState(deps, ref.connectionId, job, true);
    }
    job.queue.push(batch);
    if (!job.working) {
      void work(deps, ref, job).catch((e) => log.error("history import failed", { connectionId: ref.connectionId, err: String(e) }));
    }
  }

  /** Resolves when the connection's import has nothing queued (tests). */
  async idle(connectionId: number): Promise<void> {
    for (;;) {
      const job = this.jobs.get(connectionId);
      if (!job || (!job.working && !job.queue.length)) return;
      await Bun.sleep(5);
    }
  }
}
