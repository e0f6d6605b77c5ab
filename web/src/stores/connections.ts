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

/** Loads (or reloads) the list. */
export function loadConnections(): Promise<void> {
  loading ??= listConnections()
    .then((list) => {
      connections.value = list;
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
  const old = list[i];
  const session =
    old.updatedAt > w.updatedAt
      ? { status: old.status, qrcode: old.qrcode, pairingCode: old.pairingCode, retries: old.retries, closeReason: old.closeReason, updatedAt: old.updatedAt }
      : {};
  connections.value = list.map((x) => (x.id === w.id ? { ...x, ...w, ...session } : x));
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
