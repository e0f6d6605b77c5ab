import { beforeEach, expect, test } from "bun:test";
import type { Connection } from "../../web/src/api/connections";
import { connections, loadConnections, onSessionFrame } from "../../web/src/stores/connections";
import { holdFetch } from "../helpers/held-fetch";

const conn = (patch: Partial<Connection> = {}) =>
  ({
    id: 1,
    name: "Loja",
    status: "qrcode",
    qrcode: "QR-1",
    pairingCode: "",
    retries: 0,
    closeReason: "",
    updatedAt: "2026-11-27T10:00:00.000Z",
    ...patch,
  }) as Connection;
const session = (status: string, updatedAt: string) =>
  ({
    channel: "whatsappSession",
    action: "update",
    session: { id: 1, status, qrcode: "", pairingCode: "", retries: 0, closeReason: "", reconnectsToday: 0, updatedAt },
  }) as never;

beforeEach(() => {
  connections.value = [];
});

test("a session state that came live while the list reloaded is not taken back by the older answer", async () => {
  connections.value = [conn()];
  const held = holdFetch();
  try {
    const loading = loadConnections();
    onSessionFrame(session("CONNECTED", "2026-11-27T10:00:05.000Z"));
    held.answer([conn()]);
    await loading;
    expect(connections.value.map((w) => [w.status, w.qrcode])).toEqual([["CONNECTED", ""]]);
  } finally {
    held.restore();
  }
});

test("a fresh read (the socket just came up) waits for the read under way and reads again", async () => {
  const held = holdFetch();
  try {
    const first = loadConnections();
    const fresh = loadConnections(true);
    // The first read left before the socket was up: the state it answers is already old.
    held.answer([conn()]);
    await first;
    await Bun.sleep(0);
    held.answer([conn({ status: "CONNECTED", qrcode: "", updatedAt: "2026-11-27T10:00:05.000Z" })]);
    await fresh;
    expect(connections.value.map((w) => w.status)).toEqual(["CONNECTED"]);
  } finally {
    held.restore();
  }
});
