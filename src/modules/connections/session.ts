import type { HistoryImportDto } from "../../contract/dto/connections";
import { and, eq, sql } from "drizzle-orm";
import type { SessionStatus } from "../../core/channel";
import type { Deps } from "../../core/deps";
import { nowIso, todayDate } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { companies } from "../companies";
import { findConnection, queuesOfConnections } from "./queries";
import { type WhatsappRow, whatsapps } from "./schema";
import { serializeConnection, serializeSession } from "./serialize";

/** Publishes `whatsapp {action:"update"}` (token masked: the main room reaches every user). */
export async function publishConnection(deps: Deps, w: WhatsappRow) {
  const queues = (await queuesOfConnections(deps.db, [w.id])).get(w.id) ?? [];
  const cloudApi = w.channel === "cloudapi" ? await deps.cloudApi.account(w.id) : null;
  deps.hub.publish(rooms.main(w.companyId), { channel: "whatsapp", action: "update", whatsapp: serializeConnection(w, queues, { cloudApi }) });
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
  /** An OPENING the transport planned (the restart WhatsApp requires after linking). */
  planned?: boolean;
}

/**
 * A channel reported a session state: the row follows (qrcode only while showing a QR, the pairing
 * code only while PAIRING), a reconnect is counted for the day when asked, and the session frame goes
 * out. Answers the updated row (undefined when the connection no longer exists).
 */
export async function recordSessionStatus(
  deps: Deps,
  ref: { connectionId: number; companyId: number },
  status: SessionStatus,
  info: StatusInfo = {},
  opts: { countReconnect?: boolean } = {},
): Promise<WhatsappRow | undefined> {
  const before = await findConnection(deps.db, ref.companyId, ref.connectionId);
  if (!before) return undefined;
  // the reconnects counter's day is UTC (serialize.ts compares it the same way)
  const today = todayDate("UTC");
  const patch: Partial<WhatsappRow> = {
    status,
    qrcode: status === "qrcode" ? (info.qrcode ?? before.qrcode) : "",
    pairingCode: status === "PAIRING" ? (info.pairingCode ?? before.pairingCode) : "",
    retries: info.retries ?? (status === "CONNECTED" ? 0 : before.retries),
    updatedAt: nowIso(),
  };
  // The last close reason is kept: the row says in words why the session is down (a restart the
  // transport reports on its way back to OPENING included).
  if ((status === "DISCONNECTED" || status === "TIMEOUT" || status === "OPENING") && info.reason) patch.closeReason = info.reason;
  // One reconnect is one trip through OPENING, however many times the transport reports it.
  if (opts.countReconnect && before.status !== "OPENING") {
    patch.reconnectsToday = before.reconnectsDay === today ? before.reconnectsToday + 1 : 1;
    patch.reconnectsDay = today;
  }
  const row = (
    await deps.db
      .update(whatsapps)
      .set(patch)
      .where(and(eq(whatsapps.companyId, ref.companyId), eq(whatsapps.id, ref.connectionId)))
      .returning()
  )[0];
  if (row) {
    publishSession(deps, row);
    deps.notifier.onConnectionStatus(before, row);
  }
  return row;
}

const HEALTH_FRAME_MS = 5_000;
const HEALTH_WRITE_MS = 5_000;

/**
 * Health line: an inbound message or an ack arrived. Written at most once per connection per 5 s
 * (at 2,000 messages a second, a write per message was a fifth of the inbound path's CPU), and one
 * `whatsapp` frame per connection per 5 s.
 */
export async function recordHealth(deps: Deps, ref: { connectionId: number; companyId: number }, what: "message" | "ack") {
  const at = Date.now();
  if (!deps.throttle.passes(`health:${ref.connectionId}:${what}`, HEALTH_WRITE_MS, at)) return;
  const now = nowIso();
  const set = what === "message" ? { lastMessageAt: now } : { lastAckAt: now };
  const row = (
    await deps.db
      .update(whatsapps)
      .set(set)
      .where(and(eq(whatsapps.companyId, ref.companyId), eq(whatsapps.id, ref.connectionId)))
      .returning()
  )[0];
  if (!row) return;
  if (!deps.throttle.passes(`health-frame:${row.id}`, HEALTH_FRAME_MS, at)) return;
  await publishConnection(deps, row);
}

/** Connections to start at boot: every connection of a company whose subscription is not lapsed. */
export async function connectionsToStart(deps: Deps): Promise<WhatsappRow[]> {
  return (
    await deps.db
      .select({ w: whatsapps })
      .from(whatsapps)
      .innerJoin(companies, eq(companies.id, whatsapps.companyId))
      .where(and(eq(companies.status, true), sql`(${companies.dueDate} is null or substr(${companies.dueDate}, 1, 10) >= ${todayDate(deps.config.timezone)})`))
  ).map((r) => r.w);
}

/**
 * Records a history import's progress on its connection (`historyImport`), announced with a
 * `whatsapp` frame when `announce`. False when the connection is gone.
 */
export async function recordHistoryImport(deps: Deps, connectionId: number, state: HistoryImportDto, announce: boolean): Promise<boolean> {
  const row = (
    await deps.db
      .update(whatsapps)
      .set({ historyImport: JSON.stringify(state) })
      .where(eq(whatsapps.id, connectionId))
      .returning()
  )[0];
  if (row && announce) await publishConnection(deps, row);
  return !!row;
}
