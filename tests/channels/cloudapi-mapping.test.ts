/**
 * The Cloud API channel's pure translations: Meta's webhook into the channel contract, our sends
 * into Graph bodies (menus as buttons or lists within WhatsApp's limits, templates' variables), the
 * webhook signature, and Meta's error codes into failure reasons.
 */
import { describe, expect, test } from "bun:test";
import { sendErrorCode } from "../../src/channels/cloudapi/errors";
import { mapStatus, parseWebhook } from "../../src/channels/cloudapi/mapping";
import { interactiveOf, mediaTypeOf, messageBody, templateOf } from "../../src/channels/cloudapi/outgoing";
import { signatureValid } from "../../src/channels/cloudapi/webhook";
import { templateSupported, templateText, templateVariables } from "../../src/contract/templates";
import { change, inboundMessage, sign, statusOf } from "../support/fake-graph";

const number = { id: "1234567", display_phone_number: "+55 11 4000-0000", verified_name: "Loja" };
const noDownload = () => async () => new Uint8Array();

describe("webhook → channel contract", () => {
  test("messages keep their id, sender, push name, time, quote and kind; media is fetched by id", async () => {
    const asked: string[] = [];
    const payload = change(number, {
      ...inboundMessage(
        "5511988887777",
        { type: "document", document: { id: "MEDIA1", mime_type: "application/pdf", filename: "nota.pdf" } },
        { id: "wamid.A", at: 1_700_000_000_000, context: "wamid.Q", name: "Ana" },
      ),
    });
    const [batch] = parseWebhook(payload, () => async (id) => {
      asked.push(id);
      return new Uint8Array([1]);
    });
    expect(batch.phoneNumberId).toBe(number.id);
    const m = batch.messages[0];
    expect(m).toMatchObject({ id: "wamid.A", fromMe: false, kind: "document", body: "nota.pdf", quotedId: "wamid.Q", timestamp: 1_700_000_000_000 });
    expect(m.chat).toEqual({ number: "5511988887777", address: "5511988887777@s.whatsapp.net", pushName: "Ana" });
    expect(m.media?.fileName).toBe("nota.pdf");
    await m.media!.download();
    expect(asked).toEqual(["MEDIA1"]);
    expect(batch.windows).toEqual([{ number: "5511988887777", at: 1_700_000_000_000 }]);
  });

  test("list replies answer with their id; a removed reaction and malformed entries are skipped", () => {
    const payload = change(number, {
      contacts: [{ wa_id: "551100", profile: { name: "X" } }],
      messages: [
        { from: "551100", id: "w1", timestamp: "1", type: "interactive", interactive: { type: "list_reply", list_reply: { id: "3", title: "Financeiro" } } },
        { from: "551100", id: "w2", timestamp: "1", type: "reaction", reaction: { message_id: "w0", emoji: "" } },
        { from: "", id: "w3", type: "text", text: { body: "sem remetente" } },
        { from: "551100", id: "w4", timestamp: "1", type: "order", order: {} },
      ],
    });
    const [batch] = parseWebhook(payload, noDownload);
    expect(batch.messages.map((m) => [m.id, m.kind, m.body, m.reply?.id ?? null])).toEqual([
      ["w1", "text", "Financeiro", "3"],
      ["w4", "unsupported", "order", null],
    ]);
    expect(parseWebhook({ entry: "x" }, noDownload)).toEqual([]);
    expect(parseWebhook(null, noDownload)).toEqual([]);
  });

  test("statuses map onto the ack ladder; failed carries its reason and our id", () => {
    expect(mapStatus(statusOf("w", "sent"))).toMatchObject({ id: "w", ack: 2 });
    expect(mapStatus(statusOf("w", "delivered"))).toMatchObject({ ack: 3 });
    expect(mapStatus(statusOf("w", "read", { alias: "3EB0ABC" }))).toEqual({ id: "w", ack: 4, alias: "3EB0ABC" });
    expect(mapStatus(statusOf("w", "failed", { code: 131047 }))).toMatchObject({ ack: 0, error: "ERR_CLOUD_WINDOW_CLOSED" });
    expect(mapStatus({ id: "w", status: "deleted" })).toBeNull();
  });

  test("Meta's codes become failure reasons", () => {
    expect(sendErrorCode(130429)).toBe("ERR_CLOUD_RATE_LIMIT");
    expect(sendErrorCode(131048)).toBe("ERR_CLOUD_POLICY");
    expect(sendErrorCode(132012)).toBe("ERR_CLOUD_TEMPLATE");
    expect(sendErrorCode(131026)).toBe("ERR_CLOUD_UNDELIVERABLE");
    expect(sendErrorCode(null, 0)).toBe("ERR_CLOUD_UNREACHABLE");
    expect(sendErrorCode(999999)).toBe("ERR_CLOUD_SEND_FAILED");
  });

  test("the signature is the HMAC-SHA256 of the exact bytes with the app secret", () => {
    const raw = JSON.stringify({ a: "é" });
    const bytes = new TextEncoder().encode(raw);
    expect(signatureValid(bytes, sign(raw, "segredo"), "segredo")).toBe(true);
    expect(signatureValid(bytes, sign(raw, "outro"), "segredo")).toBe(false);
    expect(signatureValid(new TextEncoder().encode(`${raw} `), sign(raw, "segredo"), "segredo")).toBe(false);
    expect(signatureValid(bytes, null, "segredo")).toBe(false);
    expect(signatureValid(bytes, "sha1=abc", "segredo")).toBe(false);
  });
});

describe("sends → Graph bodies", () => {
  const items = (n: number, title = (i: number) => `Opção ${i}`) => Array.from({ length: n }, (_, i) => ({ id: String(i + 1), title: title(i + 1) }));

  test("up to 3 short choices are buttons, up to 10 a list, more (or duplicate ids) numbered text", () => {
    expect(interactiveOf({ text: "Escolha", items: items(3) })?.type).toBe("button");
    expect(interactiveOf({ text: "Escolha", items: items(3, () => "Um título com mais de vinte") })?.type).toBe("list");
    expect(interactiveOf({ text: "Escolha", items: items(10) })?.type).toBe("list");
    expect(interactiveOf({ text: "Escolha", items: items(11) })).toBeNull();
    expect(interactiveOf({ text: "Escolha", items: [...items(2), { id: "1", title: "De novo" }] })).toBeNull();
    expect(interactiveOf({ text: "", items: items(2) })).toBeNull();
    expect(interactiveOf({ text: "x".repeat(1100), items: items(2) })?.type).toBe("list");
    const body = messageBody({ type: "text", to: "5511@s.whatsapp.net", id: "3EB0X", body: "menu", menu: { text: "Escolha", items: items(2) } }, "5511");
    expect(body).toMatchObject({ type: "interactive", to: "5511", biz_opaque_callback_data: "3EB0X" });
  });

  test("template variables go to header and body, by name when the template names them", () => {
    const components = [
      { type: "HEADER", format: "TEXT", text: "Pedido {{1}}" },
      { type: "BODY", text: "Oi {{2}} e {{1}}" },
    ];
    expect(templateVariables(components)).toEqual([
      { component: "header", key: "1" },
      { component: "body", key: "1" },
      { component: "body", key: "2" },
    ]);
    expect(templateText(components, ["#9", "Ana", "Bia"])).toBe("*Pedido #9*\n\nOi Bia e Ana");
    const named = [{ type: "BODY", text: "Oi {{customer_name}}" }];
    expect(templateOf({ name: "t", language: "pt_BR", params: ["Ana"] }, named)).toEqual({
      name: "t",
      language: { code: "pt_BR" },
      components: [{ type: "body", parameters: [{ type: "text", parameter_name: "customer_name", text: "Ana" }] }],
    });
    expect(
      templateSupported([
        { type: "HEADER", format: "IMAGE" },
        { type: "BODY", text: "x" },
      ]),
    ).toBe(false);
    expect(
      templateSupported([
        { type: "BODY", text: "x" },
        { type: "BUTTONS", buttons: [{ type: "URL", url: "https://x/{{1}}" }] },
      ]),
    ).toBe(false);
    expect(
      templateSupported([
        { type: "BODY", text: "x" },
        { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Sim" }] },
      ]),
    ).toBe(true);
  });

  test("files go as the Graph type WhatsApp accepts for them; replies quote, reactions name their message", () => {
    expect(mediaTypeOf("image/jpeg")).toBe("image");
    expect(mediaTypeOf("image/gif")).toBe("document");
    expect(mediaTypeOf("image/webp")).toBe("sticker");
    expect(mediaTypeOf("video/webm")).toBe("document");
    expect(mediaTypeOf("audio/ogg; codecs=opus")).toBe("audio");
    const doc = messageBody(
      {
        type: "media",
        to: "55@s.whatsapp.net",
        path: "/x",
        mimetype: "application/pdf",
        fileName: "a.pdf",
        caption: "segue",
        quoted: { id: "wamid.Q", fromMe: false },
      },
      "55",
      { mediaId: "M1" },
    );
    expect(doc).toMatchObject({ type: "document", document: { id: "M1", filename: "a.pdf", caption: "segue" }, context: { message_id: "wamid.Q" } });
    const reaction = messageBody({ type: "reaction", to: "55@s.whatsapp.net", emoji: "👍", target: { id: "wamid.T", fromMe: false } }, "55");
    expect(reaction).toMatchObject({ type: "reaction", reaction: { message_id: "wamid.T", emoji: "👍" } });
    expect(reaction.context).toBeUndefined();
  });
});
