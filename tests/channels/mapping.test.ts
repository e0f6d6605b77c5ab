import { describe, expect, test } from "bun:test";
import { BufferJSON, proto, type WAMessage, type WAMessageKey } from "baileys";
import { fromRaw, mapCalls, mapIdentities, mapMessage, mapReceipts, mapUpdates, mapUpsert, resolvePeer, toRaw } from "../../src/channels/baileys/mapping";
import { locationBody } from "../../src/core/channel";

const PN = "5511999998888@s.whatsapp.net";
const LID = "123456789012345@lid";
const GROUP = "120363012345678901@g.us";

function wa(key: Partial<WAMessageKey>, message: proto.IMessage | null, extra: Partial<WAMessage> = {}): WAMessage {
  return proto.WebMessageInfo.create({
    key: { remoteJid: PN, fromMe: false, id: "3EB0AAA", participant: "", ...key },
    message,
    messageTimestamp: 1_790_000_000,
    pushName: "Ana",
    ...extra,
  }) as WAMessage;
}

const one = (m: WAMessage, origin: "notify" | "append" = "notify") => {
  const r = mapMessage(m, origin, async () => new Uint8Array([7, 7]));
  if (!r) throw new Error("skipped");
  return r;
};

describe("mapMessage: content types", () => {
  test("plain text from a phone-number JID", () => {
    const m = one(wa({}, { conversation: "Olá" }));
    expect(m).toMatchObject({
      id: "3EB0AAA",
      fromMe: false,
      isGroup: false,
      kind: "text",
      body: "Olá",
      origin: "notify",
      timestamp: 1_790_000_000_000,
      chat: { number: "5511999998888", lid: null, address: PN, pushName: "Ana" },
      participant: null,
      quotedId: null,
    });
  });

  test("extended text with a quote", () => {
    const m = one(wa({}, { extendedTextMessage: { text: "respondendo", contextInfo: { stanzaId: "ORIG1", participant: PN } } }));
    expect(m.kind).toBe("text");
    expect(m.body).toBe("respondendo");
    expect(m.quotedId).toBe("ORIG1");
  });

  test("image with caption downloads lazily", async () => {
    const m = one(wa({}, { imageMessage: { mimetype: "image/jpeg", caption: "foto" } }));
    expect(m).toMatchObject({ kind: "image", body: "foto", media: { mimetype: "image/jpeg" } });
    expect([...(await m.media!.download())]).toEqual([7, 7]);
  });

  test("voice note (ptt) and plain audio", () => {
    const ptt = one(wa({}, { audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true, seconds: 3 } }));
    expect(ptt).toMatchObject({ kind: "audio", body: "Áudio", media: { ptt: true, mimetype: "audio/ogg; codecs=opus" } });
    const audio = one(wa({}, { audioMessage: { mimetype: "audio/mpeg" } }));
    expect(audio.media?.ptt).toBe(false);
  });

  test("video", () => {
    expect(one(wa({}, { videoMessage: { mimetype: "video/mp4", caption: "vid" } }))).toMatchObject({
      kind: "video",
      body: "vid",
      media: { mimetype: "video/mp4" },
    });
  });

  test("document and document-with-caption wrapper", () => {
    const doc = one(wa({}, { documentMessage: { mimetype: "application/pdf", fileName: "nota.pdf", title: "nota.pdf" } }));
    expect(doc).toMatchObject({ kind: "document", body: "nota.pdf", media: { fileName: "nota.pdf" } });
    const wrapped = one(
      wa(
        {},
        {
          documentWithCaptionMessage: {
            message: { documentMessage: { mimetype: "application/pdf", fileName: "b.pdf", caption: "segue o boleto" } },
          },
        },
      ),
    );
    expect(wrapped).toMatchObject({ kind: "document", body: "segue o boleto", media: { fileName: "b.pdf" } });
  });

  test("sticker is image/webp media with body 'sticker'", () => {
    expect(one(wa({}, { stickerMessage: { mimetype: "image/webp" } }))).toMatchObject({
      kind: "sticker",
      body: "sticker",
      media: { mimetype: "image/webp" },
    });
  });

  test("location body per R-MSG-11", () => {
    const thumb = Buffer.from([1, 2, 3]);
    const m = one(wa({}, { locationMessage: { degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: "Sé", jpegThumbnail: thumb } }));
    expect(m.kind).toBe("location");
    expect(m.body).toBe("data:image/png;base64, AQID | https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17&hl=pt-BR|-23.5505, -46.6333");
    expect(m.location).toEqual({ latitude: -23.5505, longitude: -46.6333, name: "Sé", address: null });
    expect(locationBody(1, 2)).toBe(" | https://maps.google.com/maps?q=1%2C2&z=17&hl=pt-BR|1, 2");
  });

  test("live location", () => {
    expect(one(wa({}, { liveLocationMessage: { degreesLatitude: 1.5, degreesLongitude: 2.5 } })).body).toBe("Latitude: 1.5 - Longitude: 2.5");
  });

  test("single vcard keeps the raw vCard; multiple contacts become 'name: 📞number' lines", () => {
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;waid=5511999998888:+55 11 99999-8888\nEND:VCARD";
    const single = one(wa({}, { contactMessage: { displayName: "Ana", vcard } }));
    expect(single).toMatchObject({ kind: "vcard", body: vcard, vcard });
    const multi = one(
      wa(
        {},
        {
          contactsArrayMessage: {
            displayName: "2 contatos",
            contacts: [
              { displayName: "Ana", vcard },
              { displayName: "Bia", vcard: "BEGIN:VCARD\nFN:Bia\nTEL:+55 21 98888-7777\nEND:VCARD" },
            ],
          },
        },
      ),
    );
    expect(multi.kind).toBe("vcard");
    expect(multi.body).toBe("Ana: 📞5511999998888\nBia: 📞5521988887777");
  });

  test("reaction carries the target id; an empty reaction reads 'reaction'", () => {
    const r = one(wa({}, { reactionMessage: { text: "👍", key: { id: "TARGET", remoteJid: PN, fromMe: true } } }));
    expect(r).toMatchObject({ kind: "reaction", body: "👍", quotedId: "TARGET" });
    expect(one(wa({}, { reactionMessage: { text: "", key: { id: "T" } } })).body).toBe("reaction");
  });

  test("ephemeral and view-once wrappers are unwrapped", () => {
    expect(one(wa({}, { ephemeralMessage: { message: { conversation: "some em 7 dias" } } })).body).toBe("some em 7 dias");
    const vo = one(wa({}, { viewOnceMessageV2: { message: { imageMessage: { mimetype: "image/jpeg", caption: "1x" } } } }));
    expect(vo).toMatchObject({ kind: "image", body: "1x" });
  });

  test("unknown content types are kept as 'unsupported' with their type name", () => {
    expect(one(wa({}, { pollCreationMessage: { name: "?" } }))).toMatchObject({ kind: "unsupported", body: "pollCreationMessage" });
  });

  test("raw equals the JSON round trip of the message's own fields (bytes as BufferJSON, Longs as numbers)", () => {
    // the former toRaw: a plain copy, then JSON.stringify with BufferJSON.replacer and JSON.parse
    const plain = (v: unknown): unknown => {
      if (v === null || typeof v !== "object") return v;
      if (v instanceof Uint8Array) return Buffer.from(v);
      if (Array.isArray(v)) return v.map(plain);
      const o = v as Record<string, unknown>;
      if (typeof o.low === "number" && typeof o.high === "number" && typeof o.toNumber === "function") return (o.toNumber as () => number)();
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(o)) if (o[k] !== undefined) out[k] = plain(o[k]);
      return out;
    };
    const built = wa(
      { id: "RICH1" },
      {
        extendedTextMessage: {
          text: "veja @5511",
          contextInfo: {
            stanzaId: "Q1",
            participant: PN,
            mentionedJid: [PN, LID],
            quotedMessage: { imageMessage: { mimetype: "image/jpeg", mediaKey: new Uint8Array([1, 2, 3]), fileLength: 12345 } },
          },
        },
        messageContextInfo: { messageSecret: Buffer.from([9, 8, 7]) },
      },
      { status: 2 },
    );
    // as Baileys hands it over: decoded from the wire (uint64 fields as Longs)
    const msg = proto.WebMessageInfo.decode(proto.WebMessageInfo.encode(built).finish()) as WAMessage;
    expect(typeof (msg.messageTimestamp as { toNumber?: unknown }).toNumber).toBe("function");
    expect(toRaw(msg)).toEqual(JSON.parse(JSON.stringify(plain(msg), BufferJSON.replacer)));
    expect(fromRaw<WAMessage>(toRaw(msg)).message?.messageContextInfo?.messageSecret).toEqual(Buffer.from([9, 8, 7]));
  });

  test("raw is JSON-safe and revives Buffers", () => {
    const m = one(wa({}, { imageMessage: { mimetype: "image/jpeg", mediaKey: Buffer.from([5, 6]) } }));
    const text = JSON.stringify(m.raw);
    const back = fromRaw<WAMessage>(JSON.parse(text));
    expect(back.key.id).toBe("3EB0AAA");
    expect(Buffer.isBuffer(back.message?.imageMessage?.mediaKey)).toBe(true);
  });
});

describe("mapMessage: addressing and skips", () => {
  test("fromMe sent from the phone: the chat is the remote party, no pushName", () => {
    const m = one(wa({ fromMe: true }, { conversation: "enviei do celular" }, { pushName: "Eu" }));
    expect(m.fromMe).toBe(true);
    expect(m.chat).toEqual({ number: "5511999998888", lid: null, address: PN, pushName: null });
  });

  test("LID sender with remoteJidAlt: keyed by phone number, LID kept as alias", () => {
    const m = one(wa({ remoteJid: LID, remoteJidAlt: PN, addressingMode: "lid" }, { conversation: "oi" }), "append");
    expect(m.chat).toEqual({ number: "5511999998888", lid: LID, address: PN, pushName: "Ana" });
    expect(m.origin).toBe("append");
  });

  test("PN sender with a LID alt", () => {
    expect(one(wa({ remoteJid: PN, remoteJidAlt: LID }, { conversation: "x" })).chat).toMatchObject({
      number: "5511999998888",
      lid: LID,
      address: PN,
    });
  });

  test("LID without alt: LID-only peer, replies go to the LID", () => {
    expect(one(wa({ remoteJid: LID }, { conversation: "oi" })).chat).toEqual({
      number: null,
      lid: LID,
      address: LID,
      pushName: "Ana",
    });
  });

  test("group message: group peer plus participant resolved through participantAlt", () => {
    const m = one(wa({ remoteJid: GROUP, participant: "99887766@lid", participantAlt: "5521977776666@s.whatsapp.net" }, { conversation: "grupo" }));
    expect(m.isGroup).toBe(true);
    expect(m.chat).toEqual({ number: "120363012345678901", lid: null, address: GROUP, pushName: null });
    expect(m.participant).toEqual({
      number: "5521977776666",
      lid: "99887766@lid",
      address: "5521977776666@s.whatsapp.net",
      pushName: "Ana",
    });
  });

  test("group participant with a device suffix is normalised", () => {
    const m = one(wa({ remoteJid: GROUP, participant: "5521977776666:12@s.whatsapp.net" }, { conversation: "x" }));
    expect(m.participant?.address).toBe("5521977776666@s.whatsapp.net");
  });

  test("CIPHERTEXT stub is skipped (real content comes later under the same id)", () => {
    const stub = wa({}, null, { messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT, messageStubParameters: ["No session record"] });
    expect(mapMessage(stub, "notify")).toBeNull();
  });

  test("protocol messages (revoke, edit) are skipped in upsert", () => {
    expect(mapMessage(wa({}, { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: "X" } } }), "notify")).toBeNull();
    expect(
      mapMessage(
        wa({}, { protocolMessage: { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: { id: "X" }, editedMessage: { conversation: "n" } } }),
        "notify",
      ),
    ).toBeNull();
    expect(mapMessage(wa({}, { senderKeyDistributionMessage: { groupId: GROUP } }), "notify")).toBeNull();
  });

  test("status broadcast and empty messages are skipped", () => {
    expect(mapMessage(wa({ remoteJid: "status@broadcast" }, { conversation: "story" }), "notify")).toBeNull();
    expect(mapMessage(wa({}, null), "notify")).toBeNull();
  });
});

describe("mapUpsert", () => {
  test("append and notify are both kept; identity pairs come from alt fields", () => {
    const live = mapUpsert({ type: "notify", messages: [wa({ id: "A" }, { conversation: "1" })] });
    const backlog = mapUpsert({
      type: "append",
      messages: [
        wa({ id: "B", remoteJid: LID, remoteJidAlt: PN }, { conversation: "2" }),
        wa({ id: "C" }, null, { messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT }),
        wa({ id: "D", remoteJid: GROUP, participant: "42@lid", participantAlt: "5531966665555@s.whatsapp.net" }, { conversation: "g" }),
      ],
    });
    expect(live.messages.map((m) => [m.id, m.origin])).toEqual([["A", "notify"]]);
    expect(backlog.messages.map((m) => [m.id, m.origin])).toEqual([
      ["B", "append"],
      ["D", "append"],
    ]);
    expect(live.acks).toEqual([]);
    const own = mapUpsert({
      type: "append",
      messages: [wa({ id: "O1", fromMe: true }, { conversation: "eu" }, { status: 4 }), wa({ id: "O2", fromMe: true }, { conversation: "eu" }, { status: 1 })],
    });
    expect(own.acks).toEqual([{ id: "O1", ack: 4 }]);
    expect(own.messages.map((m) => m.id)).toEqual(["O1", "O2"]);
    expect(backlog.identities).toEqual([
      { lid: LID, number: "5511999998888" },
      { lid: "42@lid", number: "5531966665555" },
    ]);
  });
});

describe("mapUpdates / receipts / calls / identities", () => {
  test("status updates become acks 0-5", () => {
    const key = { remoteJid: PN, id: "M1", fromMe: true };
    const { acks } = mapUpdates([0, 1, 2, 3, 4, 5].map((status) => ({ key, update: { status } })));
    expect(acks.map((a) => a.ack)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(acks.every((a) => a.id === "M1")).toBe(true);
  });

  test("edit: new text from editedMessage", () => {
    const r = mapUpdates([
      { key: { remoteJid: PN, id: "E1" }, update: { message: { editedMessage: { message: { conversation: "corrigido" } } } } },
      {
        key: { remoteJid: PN, id: "E2" },
        update: { message: { editedMessage: { message: { extendedTextMessage: { text: "ext corrigido" } } } } },
      },
    ]);
    expect(r.edits).toEqual([
      { id: "E1", body: "corrigido" },
      { id: "E2", body: "ext corrigido" },
    ]);
    expect(r.acks).toEqual([]);
  });

  test("revoke: message null with REVOKE stub", () => {
    const r = mapUpdates([{ key: { remoteJid: PN, id: "R1" }, update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE } }]);
    expect(r.revokes).toEqual(["R1"]);
  });

  test("group receipts map to delivered/read/played", () => {
    const key = { remoteJid: GROUP, id: "G1", fromMe: true };
    expect(
      mapReceipts([
        { key, receipt: { userJid: PN, receiptTimestamp: 1 } },
        { key, receipt: { userJid: PN, readTimestamp: 2 } },
        { key, receipt: { userJid: PN, playedTimestamp: 3 } },
      ]),
    ).toEqual([
      { id: "G1", ack: 3 },
      { id: "G1", ack: 4 },
      { id: "G1", ack: 5 },
    ]);
  });

  test("call events: LID caller with callerPn; transport states dropped", () => {
    const base = { chatId: LID, from: LID, callerPn: PN, id: "CALL1", date: new Date(0), offline: false };
    expect(
      mapCalls([
        { ...base, status: "offer", isVideo: true },
        { ...base, status: "preaccept" },
      ]),
    ).toEqual([{ id: "CALL1", from: { number: "5511999998888", lid: LID, address: PN, pushName: null }, isVideo: true, status: "offer" }]);
  });

  test("identities from lid-mapping.update and contacts", () => {
    expect(
      mapIdentities({
        mappings: [{ lid: LID, pn: PN }, { lid: "1@lid" }],
        contacts: [{ id: "77@lid", phoneNumber: "5541911112222@s.whatsapp.net" }, { id: PN }],
      }),
    ).toEqual([
      { lid: LID, number: "5511999998888" },
      { lid: "77@lid", number: "5541911112222" },
    ]);
  });

  test("resolvePeer keeps unknown servers as the address", () => {
    expect(resolvePeer("123@newsletter")).toEqual({ number: null, lid: null, address: "123@newsletter", pushName: null });
  });
});
