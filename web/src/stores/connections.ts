import { ALERT_STATUSES } from "@contract/schemas/connections";
import { effect, signal } from "@preact/signals-react";
import { type Connection, listConnections } from "../api/connections";
import { byAction } from "../realtime/exhaustive";

/** The company's connections (GET /whatsapp?session=0), kept live by `whatsapp`/`whatsappSession` frames. */
export const connections = signal<Connection[]>([]);
export const connectionsLoaded = signal(false);
/** The drawer badge (R-CONN-4): any connection in qrcode, PAIRING, DISCONNECTED, TIMEOUT or OPENING. */
export const connectionsAlert = signal(false);

/** Badge check delay after the list changes (R-CONN-4: menu badge check 2 s). */
const BADGE_CHECK_MS = 2_000;

let loading: Promise<void> | null = null;

/**
 * Loads (or reloads) the list; a session state that came live while it loaded, newer than the answer, stays. `fresh`:
 * a read that starts now, after the one under way if any (that one may have read before the socket was up).
 */
export function loadConnections(fresh = false): Promise<void> {
  if (fresh && loading) return loading.catch(() => {}).then(() => loadConnections());
  loading ??= listConnections()
    .then((list) => {
      const held = new Map(connections.peek().map((w) => [w.id, w]));
      connections.value = list.map((w) => withNewerSession(held.get(w.id), w));
      connectionsLoaded.value = true;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Loads the list once per session (the layout's badge needs it on every page). */
export function ensureConnections() {
  if (!connectionsLoaded.peek()) loadConnections().catch(() => {});
}

/**
 * Replaces or adds one connection. A session frame can overtake the HTTP answer that created or
 * saved the row, so the newer session state (by updatedAt) wins.
 */
export function upsertConnection(w: Connection) {
  const list = connections.peek();
  const i = list.findIndex((x) => x.id === w.id);
  if (i < 0) {
    connections.value = [...list, w];
    return;
  }
  connections.value = list.map((x) => (x.id === w.id ? withNewerSession(x, w) : x));
}

/** A connection's new copy, keeping the session state (status, QR code, retries) of `old` when that one is newer. */
function withNewerSession(old: Connection | undefined, w: Connection): Connection {
  if (!old) return w;
  const session =
    old.updatedAt > w.updatedAt
      ? { status: old.status, qrcode: old.qrcode, pairingCode: old.pairingCode, retries: old.retries, closeReason: old.closeReason, updatedAt: old.updatedAt }
      : {};
  return { ...old, ...w, ...session };
}

export function removeConnection(id: number) {
  connections.value = connections.peek().filter((x) => x.id !== id);
}

/** Realtime: `whatsapp` update/delete and `whatsappSession` update. */
export const onConnectionFrame = byAction<"whatsapp">({
  update: (f) => upsertConnection(f.whatsapp),
  delete: (f) => removeConnection(f.whatsappId),
});

/** Realtime `whatsappSession`: a session's state (status, QR code, retries) on its connection's row. */
export const onSessionFrame = byAction<"whatsappSession">({
  update: ({ session: s }) => {
    if (!connections.peek().some((x) => x.id === s.id)) return;
    connections.value = connections.peek().map((x) => (x.id === s.id ? { ...x, ...s } : x));
  },
});

let badgeTimer: ReturnType<typeof setTimeout> | undefined;
effect(() => {
  const list = connections.value;
  clearTimeout(badgeTimer);
  badgeTimer = setTimeout(() => {
    connectionsAlert.value = list.some((w) => ALERT_STATUSES.includes(w.status));
  }, BADGE_CHECK_MS);
});
