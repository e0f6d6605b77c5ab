/**
 * History sync through the real Baileys client: after linking, the phone (our own number, device 0)
 * sends a HISTORY_SYNC_NOTIFICATION with an inline bootstrap payload (zlib HistorySync); the runner
 * hands its 1:1 messages to `onHistory` as one batch — and never to `onMessages` (the live pipeline).
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import type { HistoryBatch } from "../../src/core/channel";
import { historyNotification } from "../support/fake-wa-history";
import { pairByQr, registerWaHarness, setup, until } from "../support/wa-harness";

setDefaultTimeout(15_000);
registerWaHarness();

describe("history sync", () => {
  test("an inline INITIAL_BOOTSTRAP becomes one onHistory batch; nothing reaches onMessages", async () => {
    const { server, runner, rec } = setup();
    const batches: HistoryBatch[] = [];
    rec.events.onHistory = (b) => {
      batches.push(b);
    };
    await pairByQr(server, runner, rec);
    const at = Date.now() - 3_600_000;
    const jid = "5511922221111@s.whatsapp.net";
    const phone = server.me.jid.replace(/:\d+@/, "@");
    server.last()!.message({
      from: phone,
      id: "HISTNOTIF1",
      content: historyNotification([
        {
          jid,
          messages: [
            { id: "HS1", fromMe: false, text: "Bom dia!", at, pushName: "Rita" },
            { id: "HS2", fromMe: true, text: "Bom dia, Rita.", at: at + 60_000 },
          ],
        },
      ]),
    });
    await until(() => batches.some((b) => b.messages.length > 0), 10_000, "a history batch");
    const messages = batches.flatMap((b) => b.messages);
    expect(messages.map((m) => [m.id, m.fromMe, m.body, m.chat.number])).toEqual([
      ["HS1", false, "Bom dia!", "5511922221111"],
      ["HS2", true, "Bom dia, Rita.", "5511922221111"],
    ]);
    expect(messages.every((m) => m.origin === "append")).toBe(true);
    await runner.drained();
    expect(rec.messages.some((m) => m.id === "HS1" || m.id === "HS2")).toBe(false);
  });
});
