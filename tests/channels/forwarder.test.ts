/**
 * The event forwarder between a Baileys socket and the channel's handlers: live messages (one
 * `messages.upsert` each) that arrive while a batch is being handled join the next batch, in order;
 * an ack queued after them closes that batch, so it is still applied after the rows it updates.
 */
import { describe, expect, test } from "bun:test";
import { proto, type WAMessage } from "baileys";
import { EventForwarder } from "../../src/channels/baileys/events";
import type { ChannelEvents } from "../../src/core/channel";
import { silentLogger } from "../support/wa-db";

const wa = (id: string, fromMe = false, status?: number) =>
  proto.WebMessageInfo.create({
    key: { remoteJid: "5511999998888@s.whatsapp.net", fromMe, id, participant: "" },
    message: { conversation: id },
    messageTimestamp: 1_790_000_000,
    ...(status === undefined ? {} : { status }),
  }) as WAMessage;
const upsert = (...messages: WAMessage[]) => ({ "messages.upsert": { type: "notify" as const, messages } });
const noDownload = async () => new Uint8Array();

function recorder() {
  const log: string[] = [];
  let release: () => void = () => {};
  let gate: Promise<void> | null = null;
  const events: ChannelEvents = {
    onStatus: () => {},
    onMessages: async (ms) => {
      log.push(`messages ${ms.map((m) => m.id).join(",")}`);
      if (gate) await gate;
    },
    onAck: (acks) => {
      log.push(`acks ${acks.map((a) => a.id).join(",")}`);
    },
    onEdit: () => {},
    onRevoke: () => {},
    onCall: () => {},
    onIdentity: () => {},
  };
  const hold = () => {
    gate = new Promise((r) => {
      release = () => {
        gate = null;
        r();
      };
    });
  };
  return { log, events, hold, release: () => release() };
}

describe("EventForwarder", () => {
  test("messages arriving while a batch is handled form the next batch, in order; an ack closes the open batch", async () => {
    const r = recorder();
    const f = new EventForwarder(r.events, silentLogger());
    r.hold();
    f.forward(upsert(wa("A")), noDownload);
    await Bun.sleep(1); // A is being handled (held)
    f.forward(upsert(wa("B")), noDownload);
    f.forward(upsert(wa("C"), wa("D")), noDownload);
    // an own message's status comes with its echo: the ack waits for the batch before it
    f.forward(upsert(wa("O1", true, 3)), noDownload);
    f.forward(upsert(wa("E")), noDownload);
    r.release();
    await f.drained();
    expect(r.log).toEqual(["messages A", "messages B,C,D,O1", "acks O1", "messages E"]);
  });

  test("an idle forwarder hands each message over at once", async () => {
    const r = recorder();
    const f = new EventForwarder(r.events, silentLogger());
    f.forward(upsert(wa("A")), noDownload);
    await f.drained();
    f.forward(upsert(wa("B")), noDownload);
    await f.drained();
    expect(r.log).toEqual(["messages A", "messages B"]);
  });
});
