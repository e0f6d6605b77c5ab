import { and, eq, sql } from "drizzle-orm";
import type { SessionStatus } from "../../channels/types";
import type { Deps } from "../../http/context";
import { nowIso, todayDate } from "../../lib/dates";
import { log } from "../../lib/logger";
import { rooms } from "../../realtime/topics";
import { companies } from "../companies/schema";
import { findConnection, queuesOfConnections } from "./queries";
import { type WhatsappRow, whatsapps } from "./schema";
import { serializeConnection, serializeSession } from "./serialize";

/** Publishes `whatsapp {action:"update"}` (token masked: the main room reaches every user). */
export function publishConnection(deps: Deps, w: WhatsappRow) {
  const queues = queuesOfConnections(deps.db, [w.id]).get(w.id) ?? [];
  deps.hub.publish(rooms.main(w.companyId), { channel: "whatsapp", action: "update", whatsapp: serializeConnection(w, queues) });
}

/** Publishes `whatsappSession {action:"update", session}` to the company's main room. */
export function publishSession(deps: Deps, w: WhatsappRow) {
  deps.hub.publish(rooms.main(w.companyId), { channel: "whatsappSession", action: "update", session: serializeSession(w) });
}

export interface StatusInfo {
  qrcode?: string;
  pairingCode?: string;
  retries?: number;
  reason?: string;
}

/**
 * A channel reported a session state: the row follows (qrcode only while showing a QR, the pairing
 * code only while PAIRING), a reconnect is counted for the day when asked, and the session frame goes
 * out. Answers the updated row (undefined when the connection no longer exists).
 */
export function recordSessionStatus(
  deps: Deps,
  ref: { connectionId: number; companyId: number },
  status: SessionStatus,
  info: StatusInfo = {},
  opts: { countReconnect?: boolean } = {},
): WhatsappRow | undefined {
  const before = findConnection(deps.db, ref.companyId, ref.connectionId);
  if (!before) return undefined;
  const today = todayDate();
  const patch: Partial<WhatsappRow> = {
    status,
    qrcode: status === "qrcode" ? (info.qrcode ?? before.qrcode) : "",
    pairingCode: status === "PAIRING" ? (info.pairingCode ?? before.pairingCode) : "",
    retries: info.retries ?? (status === "CONNECTED" ? 0 : before.retries),
    updatedAt: nowIso(),
  };
  // The last close reason is kept: the row says in words why the session is down.
  if ((status === "DISCONNECTED" || status === "TIMEOUT") && info.reason) patch.closeReason = info.reason;
  // One reconnect is one trip through OPENING, however many times the transport reports it.
  if (opts.countReconnect && before.status !== "OPENING") {
    patch.reconnectsToday = before.reconnectsDay === today ? before.reconnectsToday + 1 : 1;
    patch.reconnectsDay = today;
  }
  const row = deps.db
    .update(whatsapps)
    .set(patch)
    .where(and(eq(whatsapps.companyId, ref.companyId), eq(whatsapps.id, ref.connectionId)))
    .returning()
    .get();
  if (row) publishSession(deps, row);
  return row;
}

const lastHealthFrame = new Map<number, number>();
const HEALTH_FRAME_MS = 5_000;
/**
 * The health stamps are written at most once a second per connection and kind: under a burst every
 * message used to pay its own UPDATE and commit (about a sixth of the CPU of an inbound message
 * through Baileys, bench/inbound-baileys.ts); the burst's last stamp follows within the second.
 */
const HEALTH_WRITE_MS = 1_000;
interface HealthSlot {
  writtenAt: number;
  pending?: string;
  timer?: ReturnType<typeof setTimeout>;
}
const healthSlots = new WeakMap<Deps, Map<string, HealthSlot>>();

/** Health line: an inbound message or an ack arrived (row stamped at most once a second, one `whatsapp` frame per connection per 5 s). */
export function recordHealth(deps: Deps, ref: { connectionId: number; companyId: number }, what: "message" | "ack") {
  let slots = healthSlots.get(deps);
  if (!slots) {
    slots = new Map();
    healthSlots.set(deps, slots);
  }
  const key = `${ref.connectionId}:${what}`;
  let slot = slots.get(key);
  if (!slot) {
    slot = { writtenAt: 0 };
    slots.set(key, slot);
  }
  const now = Date.now();
  const since = now - slot.writtenAt;
  if (!slot.timer && (since >= HEALTH_WRITE_MS || since < 0)) {
    slot.writtenAt = now;
    writeHealth(deps, ref, what, nowIso());
    return;
  }
  slot.pending = nowIso();
  if (slot.timer) return;
  const s = slot;
  s.timer = setTimeout(
    () => {
      s.timer = undefined;
      const at = s.pending;
      s.pending = undefined;
      if (!at) return;
      s.writtenAt = Date.now();
      try {
        writeHealth(deps, ref, what, at);
      } catch (e) {
        // the database may be closed already (shutdown): a lost health stamp is harmless
        log.warn("connection health stamp not written", { connectionId: ref.connectionId, err: String(e) });
      }
    },
    Math.min(HEALTH_WRITE_MS, Math.max(0, HEALTH_WRITE_MS - since)),
  );
  s.timer.unref?.();
}

function writeHealth(deps: Deps, ref: { connectionId: number; companyId: number }, what: "message" | "ack", at: string) {
  const set = what === "message" ? { lastMessageAt: at } : { lastAckAt: at };
  const row = deps.db
    .update(whatsapps)
    .set(set)
    .where(and(eq(whatsapps.companyId, ref.companyId), eq(whatsapps.id, ref.connectionId)))
    .returning()
    .get();
  if (!row) return;
  const last = lastHealthFrame.get(row.id) ?? 0;
  if (Date.now() - last < HEALTH_FRAME_MS) return;
  lastHealthFrame.set(row.id, Date.now());
  publishConnection(deps, row);
}

/** Connections to start at boot: every connection of a company whose subscription is not lapsed. */
export function connectionsToStart(deps: Deps): WhatsappRow[] {
  return deps.db
    .select({ w: whatsapps })
    .from(whatsapps)
    .innerJoin(companies, eq(companies.id, whatsapps.companyId))
    .where(and(eq(companies.status, true), sql`(${companies.dueDate} is null or substr(${companies.dueDate}, 1, 10) >= ${todayDate()})`))
    .all()
    .map((r) => r.w);
}
