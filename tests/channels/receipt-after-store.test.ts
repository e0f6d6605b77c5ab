/**
 * A customer's message gets its delivery receipt only once the app handled it (stored, or spooled), through our
 * Baileys patch (`receiptWhenStored`): WhatsApp keeps a message without a receipt and delivers it again, so a
 * process killed between receiving and storing a message loses nothing (tests/nodes-e2e kills a node so).
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { pairByQr, setup, until, registerWaHarness } from "../support/wa-harness";

setDefaultTimeout(15_000);
registerWaHarness();

const receiptFor = (server: ReturnType<typeof setup>["server"], id: string) =>
  server.log.some((l) => l.type === "receipt" && l.node?.attrs.id === id && l.node.attrs.type !== "retry");

describe("delivery receipts after the message is stored", () => {
  test("no receipt while the handler runs; the receipt once it ends", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const seen: string[] = [];
    rec.events.onMessages = async (messages) => {
      seen.push(...messages.map((m) => m.id));
      await gate; // the database is slow
    };
    server.last()!.message({ from: "15550004444@s.whatsapp.net", id: "SLOW1", content: { conversation: "oi" } });
    await until(() => seen.includes("SLOW1"), 3_000, "the message handed to the app");
    await Bun.sleep(300);
    expect(receiptFor(server, "SLOW1")).toBe(false);
    release();
    await until(() => receiptFor(server, "SLOW1"), 3_000, "the receipt after the handler");
  });

  test("a session stopped before its handler ended sent no receipt (WhatsApp delivers the message again)", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    const seen: string[] = [];
    rec.events.onMessages = async (messages) => {
      seen.push(...messages.map((m) => m.id));
      await new Promise(() => {}); // the process dies while storing
    };
    server.last()!.message({ from: "15550005555@s.whatsapp.net", id: "LOST1", content: { conversation: "oi" } });
    await until(() => seen.includes("LOST1"), 3_000, "the message handed to the app");
    await runner.stop();
    expect(receiptFor(server, "LOST1")).toBe(false);
  });

  test("a message the app does not store (a protocol message) is receipted too", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    server.last()!.message({ from: "15550006666@s.whatsapp.net", id: "PROTO1", content: { protocolMessage: { type: 14 } } });
    await until(() => receiptFor(server, "PROTO1"), 3_000, "the receipt of a message nothing stores");
  });
});
