/**
 * Messages through the real Baileys client and the fake WhatsApp server: inbound plaintext (live and
 * offline backlog, PN and LID senders), receipts, sends encrypted to a fake peer, quotes, group
 * messages, edits, revokes, calls and media.
 */
import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { pairByQr, setup, until, registerWaHarness } from "../support/wa-harness";

setDefaultTimeout(10_000);
registerWaHarness();

describe("messages through the supervisor", () => {
  test("inbound <plaintext> from a PN jid (notify), from a LID with sender_pn offline (append), receipts → acks", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    await runner.stop();
    server.offlineQueue.push({
      from: "88880002222@lid",
      senderPn: "15550002222@s.whatsapp.net",
      id: "OFF1",
      content: { conversation: "enquanto você estava fora" },
      pushName: "Bia",
    });
    await runner.start();
    await until(() => rec.messages.some((m) => m.id === "OFF1"), 3_000, "offline message");
    const off = rec.messages.find((m) => m.id === "OFF1")!;
    expect(off).toMatchObject({
      origin: "append",
      kind: "text",
      body: "enquanto você estava fora",
      chat: { number: "15550002222", lid: "88880002222@lid", address: "15550002222@s.whatsapp.net", pushName: "Bia" },
    });
    expect(rec.identities).toContainEqual({ lid: "88880002222@lid", number: "15550002222" });

    const s = server.last()!;
    s.message({ from: "15550003333@s.whatsapp.net", id: "LIVE1", content: { conversation: "olá" }, pushName: "Caio" });
    await until(() => rec.messages.some((m) => m.id === "LIVE1"), 2_000, "live message");
    expect(rec.messages.find((m) => m.id === "LIVE1")).toMatchObject({
      origin: "notify",
      fromMe: false,
      chat: { number: "15550003333", lid: null },
    });
    s.receipt({ from: "15550003333@s.whatsapp.net", id: "OUT1" });
    s.receipt({ from: "15550003333@s.whatsapp.net", id: "OUT1", type: "read" });
    await until(() => rec.acks.length >= 2, 2_000, "acks");
    expect(rec.acks).toEqual([
      { id: "OUT1", ack: 3 },
      { id: "OUT1", ack: 4 },
    ]);
    // Baileys acknowledged the inbound messages with receipts
    await server.waitFor(() => server.count("receipt") >= 2, 1_000, "client receipts");
  });

  test("send: text (Signal-encrypted to the peer), quoted reply, acks, own echo; checkNumber; not-ready error", async () => {
    const { server, runner, rec } = setup();
    await expect(runner.send({ type: "text", to: "15550003333@s.whatsapp.net", body: "x" })).rejects.toThrow("ERR_WAPP_NOT_INITIALIZED");
    const peer = await server.addPeer("15550003333", "88880003333");
    await pairByQr(server, runner, rec);

    const first = await runner.send({ type: "text", to: peer.pnJid, body: "Olá, tudo bem?", id: "3EB0BALCAO01" });
    expect(first).toMatchObject({ id: "3EB0BALCAO01", ack: 1 });
    await server.waitFor(() => peer.inbox.length === 1, 2_000, "peer decrypts");
    expect(peer.inbox[0].id).toBe("3EB0BALCAO01");
    expect(peer.inbox[0].message.extendedTextMessage?.text).toBe("Olá, tudo bem?");

    const reply = await runner.send({
      type: "text",
      to: peer.pnJid,
      body: "respondendo",
      quoted: { id: "3EB0BALCAO01", fromMe: true, raw: first.raw },
    });
    await server.waitFor(() => peer.inbox.length === 2, 2_000, "second message");
    const ext = peer.inbox[1].message.extendedTextMessage!;
    expect(ext.text).toBe("respondendo");
    expect(ext.contextInfo?.stanzaId).toBe("3EB0BALCAO01");
    expect(peer.inbox[1].id).toBe(reply.id);

    server.last()!.receipt({ from: peer.pnJid, id: reply.id, type: "read" });
    await until(() => rec.acks.some((a) => a.id === reply.id && a.ack === 4), 2_000, "read ack");
    // what we send comes back as an own (fromMe) append, deduplicated by id downstream
    await until(() => rec.messages.some((m) => m.id === "3EB0BALCAO01"), 2_000, "own echo");
    expect(rec.messages.find((m) => m.id === "3EB0BALCAO01")).toMatchObject({ fromMe: true, origin: "append" });

    await runner.send({ type: "location", to: peer.pnJid, latitude: -23.5505, longitude: -46.6333, name: "Sé" });
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5511999998888:+55 11 99999-8888\nEND:VCARD";
    await runner.send({ type: "contact", to: peer.pnJid, displayName: "Ana", vcard });
    await runner.deleteForEveryone({ id: "3EB0BALCAO01", to: peer.pnJid, fromMe: true });
    await server.waitFor(() => peer.inbox.length === 5, 2_000, "location, contact, revoke");
    expect(peer.inbox[2].message.locationMessage).toMatchObject({ degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: "Sé" });
    expect(peer.inbox[3].message.contactMessage).toMatchObject({ displayName: "Ana", vcard });
    expect(peer.inbox[4].message.protocolMessage).toMatchObject({ type: 0, key: { id: "3EB0BALCAO01" } });

    // read receipts: "read-self" because the fake privacy settings do not say readreceipts=all
    const reads = () => server.log.filter((l) => l.type === "receipt" && l.node?.attrs.id === "IN-X");
    await runner.markRead([{ id: "IN-X", to: peer.pnJid, fromMe: false }]);
    await server.waitFor(() => reads().length === 1, 2_000, "read receipt");
    expect(["read", "read-self"]).toContain(reads()[0].node!.attrs.type);

    expect(await runner.checkNumber("+1 (555) 000-3333")).toEqual({
      exists: true,
      number: "15550003333",
      address: "15550003333@s.whatsapp.net",
    });
    expect(await runner.checkNumber("15559999999")).toBeNull();
    expect(await runner.profilePicture(peer.pnJid)).toBeNull(); // fake answers no picture: null, not a throw
    expect(server.errors).toEqual([]);
  });

  test("inbound group message, edit, revoke and call events", async () => {
    const { server, runner, rec } = setup();
    const edits: { id: string; body: string }[] = [];
    const revokes: string[] = [];
    const calls: { id: string; status: string; isVideo: boolean; from: { number: string | null } }[] = [];
    rec.events.onEdit = (e) => edits.push(e);
    rec.events.onRevoke = (id) => revokes.push(id);
    rec.events.onCall = (c) => calls.push(c);
    server.groups.set("120363000000000001@g.us", { subject: "Equipe Balcão", participants: ["88880004444@lid"] });
    await pairByQr(server, runner, rec);
    const s = server.last()!;
    s.groupMessage({
      group: "120363000000000001@g.us",
      participant: "88880004444@lid",
      participantPn: "15550004444@s.whatsapp.net",
      id: "GRP1",
      content: { conversation: "oi grupo" },
    });
    await until(() => rec.messages.some((m) => m.id === "GRP1"), 2_000, "group message");
    expect(rec.messages.find((m) => m.id === "GRP1")).toMatchObject({
      isGroup: true,
      groupSubject: "Equipe Balcão",
      chat: { address: "120363000000000001@g.us", number: "120363000000000001" },
      participant: { number: "15550004444", lid: "88880004444@lid" },
    });

    // a second message of the group uses the cached metadata; an unknown group gets a null subject
    s.groupMessage({ group: "120363000000000001@g.us", participant: "88880004444@lid", id: "GRP2", content: { conversation: "de novo" } });
    s.groupMessage({ group: "120363000000000002@g.us", participant: "88880004444@lid", id: "GRP3", content: { conversation: "?" } });
    await until(() => rec.messages.some((m) => m.id === "GRP3"), 2_000, "more group messages");
    expect(rec.messages.find((m) => m.id === "GRP2")?.groupSubject).toBe("Equipe Balcão");
    expect(rec.messages.find((m) => m.id === "GRP3")?.groupSubject).toBeNull();
    expect(server.log.filter((l) => l.type === "group-metadata" && l.node?.attrs.to === "120363000000000001@g.us").length).toBe(1);

    const peer = "15550005555@s.whatsapp.net";
    s.message({ from: peer, id: "ORIG", content: { conversation: "errado" } });
    s.message({
      from: peer,
      id: "EDIT1",
      content: {
        protocolMessage: {
          type: 14, // MESSAGE_EDIT
          key: { remoteJid: peer, fromMe: false, id: "ORIG" },
          editedMessage: { conversation: "certo" },
        },
      },
    });
    s.message({
      from: peer,
      id: "REV1",
      content: { protocolMessage: { type: 0, key: { remoteJid: peer, fromMe: false, id: "ORIG" } } }, // REVOKE
    });
    await until(() => edits.length === 1 && revokes.length === 1, 2_000, "edit and revoke");
    expect(edits).toEqual([{ id: "ORIG", body: "certo" }]);
    expect(revokes).toEqual(["ORIG"]);
    expect(rec.messages.some((m) => m.id === "EDIT1" || m.id === "REV1")).toBe(false); // protocol messages skipped

    s.call({ from: "88880005555@lid", callerPn: peer, callId: "CALL1", status: "offer", video: true });
    s.call({ from: "88880005555@lid", callerPn: peer, callId: "CALL1", status: "terminate" });
    await until(() => calls.length === 2, 2_000, "calls");
    expect(calls.map((c) => [c.id, c.status, c.isVideo, c.from.number])).toEqual([
      ["CALL1", "offer", true, "15550005555"],
      ["CALL1", "terminate", true, "15550005555"],
    ]);
  });

  test("inbound media: image and voice note download and decrypt lazily", async () => {
    const { server, runner, rec } = setup();
    await pairByQr(server, runner, rec);
    const png = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
    const img = await server.hostMedia(png, "image");
    const voice = new Uint8Array(Array.from({ length: 1500 }, (_, i) => (i * 13) % 256));
    const ptt = await server.hostMedia(voice, "audio");
    const s = server.last()!;
    s.message({
      from: "15550006666@s.whatsapp.net",
      id: "IMG1",
      content: { imageMessage: { ...img, mimetype: "image/png", caption: "foto do produto" } },
    });
    s.message({
      from: "15550006666@s.whatsapp.net",
      id: "PTT1",
      content: { audioMessage: { ...ptt, mimetype: "audio/ogg; codecs=opus", ptt: true, seconds: 2 } },
    });
    await until(() => rec.messages.some((m) => m.id === "PTT1"), 2_000, "media messages");
    const image = rec.messages.find((m) => m.id === "IMG1")!;
    expect(image).toMatchObject({ kind: "image", body: "foto do produto", media: { mimetype: "image/png" } });
    expect(Buffer.compare(Buffer.from(await image.media!.download()), Buffer.from(png))).toBe(0);
    const audio = rec.messages.find((m) => m.id === "PTT1")!;
    expect(audio).toMatchObject({ kind: "audio", body: "Áudio", media: { ptt: true } });
    expect(Buffer.compare(Buffer.from(await audio.media!.download()), Buffer.from(voice))).toBe(0);
  });

  test("inbound media whose URL the sender pointed elsewhere (an internal service, the metadata address) is never fetched", async () => {
    const internal: string[] = [];
    const victim = Bun.serve({
      port: 0,
      hostname: "127.0.0.2",
      fetch: (req) => {
        internal.push(req.url);
        return new Response("secret");
      },
    });
    try {
      const { server, runner, rec } = setup();
      await pairByQr(server, runner, rec);
      const img = await server.hostMedia(new Uint8Array(2000), "image");
      const s = server.last()!;
      const crafted = {
        EVIL1: { ...img, url: `http://127.0.0.2:${victim.port}/admin` },
        EVIL2: { ...img, url: `http://127.0.0.2:${victim.port}/x`, directPath: "/admin?via=directPath" },
        EVIL3: { ...img, url: "http://169.254.169.254/latest/meta-data/" },
      };
      for (const [id, media] of Object.entries(crafted)) {
        s.message({ from: "15550007777@s.whatsapp.net", id, content: { imageMessage: { ...media, mimetype: "image/png" } } });
      }
      await until(() => rec.messages.some((m) => m.id === "EVIL3"), 2_000, "crafted media messages");
      for (const id of Object.keys(crafted)) {
        const m = rec.messages.find((x) => x.id === id)!;
        await expect(m.media!.download()).rejects.toThrow("media host refused");
      }
      await Bun.sleep(50);
      expect(internal).toEqual([]);
    } finally {
      victim.stop(true);
    }
  });
});
