/**
 * Integrations and assistants answering customers (R-BOT-1, R-INT-1): a Typebot flow, an n8n
 * webhook, Dialogflow and an OpenAI-compatible assistant, each played by a loopback server, answer a
 * customer in their queue and hand the ticket to people on request or on failure.
 */
import { describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { handleInbound } from "../../src/inbound/receive";
import { failureNote } from "../../src/inbound/bot/automation";
import { autoText } from "../../src/contract/auto-texts";
import { LIMITS } from "../../src/contract/limits";
import type { Outgoing } from "../../src/core/channel";
import { toOggOpus } from "../../src/modules/media/voice";
import { companies } from "../../src/modules/companies/schema";
import { whatsappQueues } from "../../src/modules/connections/schema";
import { plans } from "../../src/modules/plans/schema";
import { ticketNotes } from "../../src/modules/ticket-notes/schema";
import { tickets, ticketTracking } from "../../src/modules/tickets/schema";
import { TRANSFER_PHRASE } from "../../src/modules/prompts/assistant";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";
import { json, loopback } from "../helpers/loopback";

// what a speech service answers: Ogg/Opus (made here from the WebM fixture)
const VOICE_OGG = (await toOggOpus(new Uint8Array(await Bun.file(join(import.meta.dir, "../fixtures/media/voice.webm")).arrayBuffer())))!.ogg;
const PNG = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#ff8800" } })
  .png()
  .toBuffer();
const rich = (text: string) => ({ type: "text", content: { richText: [{ type: "p", children: [{ text }] }] } });
let n8nDown = false;
/** What the flow's "Falar com a Ana" answers: a queue and user command (set by the test). */
let handTo = { queueId: 0, userId: 0 };
const svc = loopback(async (r) => {
  if (r.path === "/api/v1/typebots/atendimento/startChat")
    return json({
      sessionId: `sess-${svc.seen.length}`,
      messages: [rich("Olá! Sou o robô da loja.")],
      input: { type: "choice input", items: [{ content: "Pedidos" }, { content: "Falar com atendente" }] },
    });
  if (r.path.startsWith("/api/v1/sessions/")) {
    const m = String(r.json?.message ?? "");
    if (m === "Pedidos")
      return json({ messages: [{ type: "text", content: { richText: [{ type: "p", children: [{ text: "Seu pedido", bold: true }, { text: " saiu." }] }] } }] });
    if (m === "Falar com atendente") return json({ messages: [rich("Chamando alguém…"), rich('#{"stopBot":true}')] });
    if (m === "vazio") return json({ messages: [] });
    if (m === "Falar com a Ana") return json({ messages: [rich("Chamando a Ana…"), rich(`#${JSON.stringify(handTo)}`)] });
    if (m === "foto")
      return json({
        messages: [
          { type: "image", content: { url: `${svc.url}/foto.png` } },
          { type: "image", content: { url: `${svc.url}/enorme.png` } },
        ],
      });
    return json({ messages: [rich("Invalid message. Please, try again.")] });
  }
  if (r.path === "/n8n") {
    if (n8nDown) return new Response("boom", { status: 502 });
    const body = String(r.json?.message?.body ?? "");
    return json(body === "humano" ? { messages: ["Vou chamar alguém."], handoff: true } : { messages: [`n8n recebeu: ${body}`] });
  }
  if (r.path === "/token") return json({ access_token: "tok", expires_in: 3600 });
  if (r.path.includes(":detectIntent")) {
    const q = r.json.queryInput.text.text;
    if (q === "tchau") return json({ queryResult: { fulfillmentText: "Até logo!", diagnosticInfo: { end_conversation: true } } });
    if (q === "???") return json({ queryResult: {} });
    return json({ queryResult: { fulfillmentMessages: [{ text: { text: [`Entendi: ${q}`] } }] } });
  }
  if (r.path === "/v1/chat/completions") {
    const msgs = r.json.messages as { role: string; content: string }[];
    const last = msgs.at(-1)?.content ?? "";
    const content = last.includes("pessoa") ? `${TRANSFER_PHRASE}. Vou te passar para a equipe.` : `Resposta da IA (${msgs.length} mensagens)`;
    return json({
      id: "c1",
      object: "chat.completion",
      created: 1,
      model: r.json.model,
      choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
    });
  }
  if (r.path === "/foto.png") return new Response(PNG, { headers: { "content-type": "image/png" } });
  if (r.path === "/enorme.png") return new Response(new Uint8Array(20 * 1024 * 1024), { headers: { "content-type": "image/png" } });
  if (r.path === "/v1/audio/transcriptions") return json({ text: "qual o prazo de entrega?" });
  if (r.path.startsWith("/v1-500/")) return json({ error: { message: "upstream exploded" } }, 500);
  if (r.path === "/hook-conn") return json({ messages: ["Olá pela conexão"] });
  if (r.path === "/tts/brazilsouth") return new Response(VOICE_OGG, { headers: { "content-type": "audio/ogg" } });
  return new Response("not found", { status: 404 });
});

const t = await makeTestApp();
t.deps.config.openaiBaseUrl = `${svc.url}/v1`;
t.deps.config.dialogflowApiUrl = svc.url;
t.deps.config.speechUrl = `${svc.url}/tts/{region}`;
const a = await t.newCompany();
const tok = a.admin.token;
// This file makes more queues than a trial plan holds.
await t.db
  .update(plans)
  .set({ queues: 30 })
  .where(eq(plans.id, (await t.db.select().from(companies).where(eq(companies.id, a.company.id)).limit(1))[0]!.planId));
// A queue no line serves: each line below keeps exactly the queues it is given (a new queue joins
// only connections that serve every other queue of the company).
await t.call("POST", "/queue", { token: tok, body: { name: "Reserva", color: "#0a0a0a" } });

async function queueWith(name: string, color: string, extra: Record<string, unknown>) {
  const r = await t.call("POST", "/queue", { token: tok, body: { name, color, ...extra } });
  if (r.status !== 201) throw new Error(r.text);
  return r.json.id as number;
}
async function line(queueIds: number[]) {
  const { connection, fake } = await makeConnection(t, a.company.id);
  await t.db.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: connection.id, queueId })));
  const conn = { id: connection.id, companyId: a.company.id };
  const texts = () => fake.sent.map((m) => ("body" in m ? m.body : `[${m.type}]`));
  const say = async (number: string, body: string) => {
    fake.sent.length = 0;
    const r = await handleInbound(t.deps, conn, inbound(number, body));
    return (await t.db.select().from(tickets).where(eq(tickets.id, r!.ticket.id)).limit(1))[0]!;
  };
  return { connection, fake, texts, say };
}
const integration = async (body: Record<string, unknown>) => {
  const r = await t.call("POST", "/queueIntegration", { token: tok, body });
  if (r.status !== 201) throw new Error(r.text);
  return r.json.id as number;
};
const notesOf = async (ticketId: number) => (await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId))).map((n) => n.note);

describe("Typebot", async () => {
  const id = await integration({
    type: "typebot",
    name: "Robô loja",
    urlN8N: svc.url,
    typebotSlug: "atendimento",
    typebotDelayMessage: 5,
    typebotExpires: 5,
    typebotKeywordRestart: "reiniciar",
    typebotRestartMessage: "Vamos recomeçar.",
    typebotKeywordFinish: "sair",
    typebotUnknownMessage: "Não entendi, escolha uma opção.",
  });
  const q = await queueWith("Loja", "#aa0000", { integrationId: id });
  const { texts, say, fake } = await line([q]);
  const n = "5511911110001";
  test("the first message starts a session: the flow's texts and its choices reach the customer", async () => {
    const tk = await say(n, "oi");
    expect(texts()).toEqual(["Olá! Sou o robô da loja.", "▶️ Pedidos\n▶️ Falar com atendente"]);
    expect(tk).toMatchObject({ queueId: q, useIntegration: true, integrationId: id });
    const start = svc.seen.find((x) => x.path.endsWith("/startChat"))!;
    expect(start.json.prefilledVariables).toEqual({ number: n, pushName: "Cliente 0001" });
  });
  test("each flow message is preceded by typing… for the configured delay", async () => {
    expect(fake.presence.slice(0, 2)).toEqual([
      { to: `${n}@s.whatsapp.net`, state: "composing" },
      { to: `${n}@s.whatsapp.net`, state: "paused" },
    ]);
  });
  test("answers continue the session; rich text becomes WhatsApp markup; Typebot's invalid text becomes ours", async () => {
    await say(n, "Pedidos");
    expect(texts()).toEqual(["*Seu pedido* saiu."]);
    await say(n, "blá");
    expect(texts()).toEqual(["Não entendi, escolha uma opção."]);
    await say(n, "vazio");
    expect(texts()).toEqual(["Não entendi, escolha uma opção."]);
  });
  test("images the flow sends by URL are fetched and sent as files; an oversized one goes as its link", async () => {
    await say(n, "foto");
    const [img, link] = fake.sent;
    expect(img).toMatchObject({ type: "media", mimetype: "image/png" });
    expect(link).toMatchObject({ type: "text", body: `${svc.url}/enorme.png` });
  });
  test("the restart keyword drops the session and says so; the next message starts again", async () => {
    const before = svc.seen.filter((x) => x.path.endsWith("/startChat")).length;
    await say(n, "REINICIAR");
    expect(texts()).toEqual(["Vamos recomeçar."]);
    await say(n, "oi de novo");
    expect(svc.seen.filter((x) => x.path.endsWith("/startChat")).length).toBe(before + 1);
  });
  test('#{"stopBot":true} hands the ticket to people: nothing more goes to the flow', async () => {
    const tk = await say(n, "Falar com atendente");
    expect(texts()).toEqual(["Chamando alguém…"]);
    expect(tk).toMatchObject({ useIntegration: false, integrationId: null, status: "pending", queueId: q });
    const calls = svc.seen.length;
    await say(n, "alô?");
    expect(svc.seen.length).toBe(calls);
    expect(texts()).toEqual([]);
  });
  test('#{"queueId":n,"userId":m} moves the ticket to that queue and gives it to that user; another company\'s user is ignored', async () => {
    const sales = await queueWith("Vendas Ana", "#123456", {});
    const ana = await t.newUser(tok, { profile: "user", queueIds: [sales] });
    const other = await t.newCompany();
    handTo = { queueId: sales, userId: other.admin.user.id };
    let tk = await say("5511944440001", "oi");
    tk = await say("5511944440001", "Falar com a Ana");
    expect(tk).toMatchObject({ queueId: sales, userId: null, status: "pending", useIntegration: false });
    handTo = { queueId: sales, userId: ana.id };
    tk = await say("5511944440002", "oi");
    tk = await say("5511944440002", "Falar com a Ana");
    expect(texts()).toEqual(["Chamando a Ana…"]);
    expect(tk).toMatchObject({ queueId: sales, userId: ana.id, status: "open", useIntegration: false, chatbot: false });
    const tracking = await t.db.select().from(ticketTracking).where(eq(ticketTracking.ticketId, tk.id));
    expect(tracking.filter((x) => !x.finishedAt)).toMatchObject([{ userId: ana.id }]);
    expect(tracking.find((x) => !x.finishedAt)?.startedAt).toBeTruthy();
  });
  test("the finish keyword closes the ticket", async () => {
    const m = "5511911110002";
    await say(m, "oi");
    const tk = await say(m, "sair");
    expect(tk.status).toBe("closed");
  });
});

describe("n8n / webhook", async () => {
  const id = await integration({ type: "n8n", name: "Fluxo n8n", urlN8N: `${svc.url}/n8n` });
  const q = await queueWith("Suporte n8n", "#00aa00", { integrationId: id });
  const { connection, texts, say } = await line([q]);
  test("each message is POSTed as the documented JSON and the answer's messages are sent", async () => {
    const tk = await say("5511922220001", "meu boleto");
    expect(texts()).toEqual(["n8n recebeu: meu boleto"]);
    const call = svc.seen.filter((x) => x.path === "/n8n").at(-1)!;
    expect(call.json).toMatchObject({
      event: "message",
      integration: { id, type: "n8n" },
      company: { id: a.company.id },
      connection: { id: connection.id },
      ticket: { id: tk.id, queueId: q },
      contact: { number: "5511922220001" },
      message: { body: "meu boleto", fromMe: false, kind: "text" },
    });
  });
  test("handoff: true hands the ticket to people", async () => {
    const tk = await say("5511922220001", "humano");
    expect(texts()).toEqual(["Vou chamar alguém."]);
    expect(tk.useIntegration).toBe(false);
  });
  test("a failing service hands the ticket to people with a note, never silence", async () => {
    n8nDown = true;
    const tk = await say("5511922220002", "oi");
    n8nDown = false;
    expect(tk).toMatchObject({ useIntegration: false, integrationId: null, status: "pending" });
    expect(await notesOf(tk.id)).toContain(failureNote("Fluxo n8n"));
  });
});

describe("Dialogflow", async () => {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jsonContent = JSON.stringify({
    client_email: "df@p.iam.gserviceaccount.com",
    private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    token_uri: `${svc.url}/token`,
  });
  const id = await integration({ type: "dialogflow", name: "Agente DF", projectName: "proj-df", jsonContent, language: "es" });
  const q = await queueWith("DF", "#0000aa", { integrationId: id });
  const { say, texts } = await line([q]);
  test("replies carry the integration's name; no answer gets the fallback; end of conversation hands back", async () => {
    await say("5511933330001", "horário");
    expect(texts()).toEqual(["*Agente DF:* Entendi: horário"]);
    await say("5511933330001", "???");
    expect(texts()).toEqual(["*Agente DF:* Desculpe, não consegui entender sua pergunta."]);
    const tk = await say("5511933330001", "tchau");
    expect(texts()).toEqual(["*Agente DF:* Até logo!"]);
    expect(tk.useIntegration).toBe(false);
    const detect = svc.seen.filter((x) => x.path.includes(":detectIntent")).at(-1)!;
    expect(detect.path).toBe(`/v2/projects/proj-df/agent/sessions/ticket-${tk.id}:detectIntent`);
    expect(detect.json.queryInput.text.languageCode).toBe("es");
  });
});

describe("AI assistant (OpenAI-compatible)", async () => {
  const human = await queueWith("Humanos", "#999999", {});
  const mk = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await t.call("POST", "/prompt", {
        token: tok,
        body: {
          name,
          prompt: "Você é a assistente virtual da Loja Exemplo. Ajude com pedidos e prazos de entrega.",
          apiKey: "sk-local",
          queueId: human,
          ...extra,
        },
      })
    ).json.id as number;
  const textPrompt = await mk("Assistente texto", { maxMessages: 3, model: "modelo-local" });
  const q = await queueWith("IA", "#00aaaa", { promptId: textPrompt });
  const { say, texts, fake } = await line([q]);
  test("answers with the model through the configured base URL, the last maxMessages as context", async () => {
    await say("5511944440001", "oi");
    expect(texts()).toEqual(["Resposta da IA (2 mensagens)"]);
    await say("5511944440001", "qual o prazo?");
    // system + at most 3 of the conversation (customer, assistant, customer)
    expect(texts()).toEqual(["Resposta da IA (4 mensagens)"]);
    const call = svc.seen.filter((x) => x.path === "/v1/chat/completions").at(-1)!;
    expect(call.headers.get("authorization")).toBe("Bearer sk-local");
    expect(call.json).toMatchObject({ model: "modelo-local", max_tokens: 100, temperature: 1 });
    expect(call.json.messages[0].content).toContain("Loja Exemplo");
    expect(call.json.messages.at(-1)).toEqual({ role: "user", content: "qual o prazo?" });
  });
  test("asking for a person moves the ticket to the prompt's queue, for people", async () => {
    const tk = await say("5511944440001", "quero falar com uma pessoa");
    expect(texts()).toEqual(["Vou te passar para a equipe."]);
    expect(tk).toMatchObject({ queueId: human, useIntegration: false, promptId: null, status: "pending" });
    expect(fake.sent.every((m) => !("body" in m) || !m.body.includes("Ação:"))).toBe(true);
  });
  test("with a neural voice and a speech key the answer is a voice note", async () => {
    const voiced = await mk("Assistente voz", { voice: "pt-BR-FranciscaNeural", voiceKey: "speech-key", voiceRegion: "brazilsouth" });
    const vq = await queueWith("IA voz", "#aa00aa", { promptId: voiced });
    const l = await line([vq]);
    await l.say("5511944440002", "oi");
    const sent = l.fake.sent.at(-1) as Extract<Outgoing, { type: "media" }>;
    expect(sent.type).toBe("media");
    expect(sent.ptt).toBe(true);
    expect(sent.mimetype).toStartWith("audio/ogg");
    const tts = svc.seen.find((x) => x.path === "/tts/brazilsouth")!;
    expect(tts.headers.get("ocp-apim-subscription-key")).toBe("speech-key");
    expect(tts.body).toContain("pt-BR-FranciscaNeural");
  });
  test("a customer's voice note is transcribed and answered, whatever label its channel stored as its text", async () => {
    const l = await line([q]);
    const ogg = new Uint8Array(VOICE_OGG);
    fake.sent.length = 0;
    // what both channels store for a voice note: the body "Áudio" (src/channels/baileys/mapping.ts, sandbox)
    const audio = inbound("5511944440009", "Áudio", { kind: "audio", media: { mimetype: "audio/ogg; codecs=opus", ptt: true, download: async () => ogg } });
    await handleInbound(t.deps, { id: l.connection.id, companyId: a.company.id }, audio);
    expect(l.texts()).toEqual(["Resposta da IA (2 mensagens)"]);
    const call = svc.seen.filter((x) => x.path === "/v1/chat/completions").at(-1)!;
    expect(call.json.messages.at(-1)).toEqual({ role: "user", content: "qual o prazo de entrega?" });
    expect(call.json.messages.some((m: { content: string }) => m.content === "Áudio")).toBe(false);
    expect(svc.seen.some((x) => x.path === "/v1/audio/transcriptions" && x.body.includes("whisper-1"))).toBe(true);
  });
  test("a model that fails (500): the customer hears the holding message and the ticket goes to the prompt's hand-over queue, with a note", async () => {
    const broken = await mk("Assistente quebrado");
    t.deps.config.openaiBaseUrl = `${svc.url}/v1-500`;
    const bq = await queueWith("IA quebrada", "#ababab", { promptId: broken });
    const l = await line([bq]);
    const tk = await l.say("5511944440003", "oi");
    t.deps.config.openaiBaseUrl = `${svc.url}/v1`;
    expect(svc.seen.some((x) => x.path === "/v1-500/chat/completions")).toBe(true);
    expect(l.texts()).toEqual([autoText("aiHolding", "pt-BR")]);
    expect(tk).toMatchObject({ queueId: human, useIntegration: false, promptId: null, status: "pending", userId: null });
    expect(await notesOf(tk.id)).toContain(failureNote("Assistente quebrado"));
    // the move went through the lifecycle: the ticket frame shows it in the hand-over queue
    expect(t.framesOf("ticket").some((f) => f.frame.action === "update" && f.frame.ticket.id === tk.id && f.frame.ticket.queueId === human)).toBe(true);
    // people answer from now on: the next message reaches nobody's model
    const calls = svc.seen.length;
    await l.say("5511944440003", "alô?");
    expect(svc.seen.length).toBe(calls);
    expect(l.texts()).toEqual([]);
  });
  test("a model that does not answer within 15 s: the prompt's own holding message, the hand-over queue", async () => {
    const slow = Bun.serve({ port: 0, hostname: "127.0.0.1", idleTimeout: 60, fetch: () => new Promise<Response>(() => {}) });
    try {
      const patient = await mk("Assistente lento", { holdingMessage: "Um instante: já chamo alguém da equipe." });
      t.deps.config.openaiBaseUrl = `http://127.0.0.1:${slow.port}/v1`;
      const sq = await queueWith("IA lenta", "#bcbcbc", { promptId: patient });
      const l = await line([sq]);
      const started = Date.now();
      const tk = await l.say("5511944440004", "oi");
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(LIMITS.externalCallTimeoutMs - 100);
      expect(took).toBeLessThan(LIMITS.externalCallTimeoutMs + 5_000);
      expect(l.texts()).toEqual(["Um instante: já chamo alguém da equipe."]);
      expect(tk).toMatchObject({ queueId: human, useIntegration: false, status: "pending" });
      expect(await notesOf(tk.id)).toContain(failureNote("Assistente lento"));
    } finally {
      t.deps.config.openaiBaseUrl = `${svc.url}/v1`;
      slow.stop(true);
    }
  }, 30_000);
  test("the default holding message follows the company's language; the prompt keeps its own text bounded", async () => {
    expect((await t.call("PUT", "/settings/language", { token: tok, body: { value: "en" } })).status).toBe(200);
    const broken = await mk("Assistant broken EN");
    const long = await t.call("PUT", `/prompt/${broken}`, {
      token: tok,
      body: { name: "Assistant broken EN", prompt: "x".repeat(60), apiKey: "", queueId: human, holdingMessage: "h".repeat(LIMITS.holdingMessageMax + 1) },
    });
    expect(long.json.fields).toEqual({ holdingMessage: "validation.tooLong" });
    t.deps.config.openaiBaseUrl = `${svc.url}/v1-500`;
    const l = await line([await queueWith("IA EN", "#cdcdcd", { promptId: broken })]);
    await l.say("5511944440005", "hello");
    t.deps.config.openaiBaseUrl = `${svc.url}/v1`;
    await t.call("PUT", "/settings/language", { token: tok, body: { value: "pt-BR" } });
    expect(l.texts()).toEqual([autoText("aiHolding", "en")]);
  });
});

describe("connection-level automation and the plan", async () => {
  test("a connection's own integration answers customers before any queue", async () => {
    const id = await integration({ type: "webhook", name: "Hook da conexão", urlN8N: `${svc.url}/hook-conn` });
    const { connection, fake } = await makeConnection(t, a.company.id, { integrationId: id });
    fake.sent.length = 0;
    await handleInbound(t.deps, { id: connection.id, companyId: a.company.id }, inbound("5511955550001", "oi"));
    expect(fake.sent.map((m) => ("body" in m ? m.body : ""))).toEqual(["Olá pela conexão"]);
  });
  test("without useIntegrations in the plan the queue behaves like any other (greeting, no calls)", async () => {
    const id = await integration({ type: "n8n", name: "Fluxo sem plano", urlN8N: `${svc.url}/n8n` });
    const q = await queueWith("Sem plano", "#123abc", { integrationId: id, greetingMessage: "Bem-vindo!" });
    const l = await line([q]);
    const planId = (await t.db.select().from(companies).where(eq(companies.id, a.company.id)).limit(1))[0]!.planId;
    const now = new Date().toISOString();
    const p = (await t.db.insert(plans).values({ name: "Básico", useIntegrations: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: p.id }).where(eq(companies.id, a.company.id));
    const calls = svc.seen.length;
    const tk = await l.say("5511966660001", "oi");
    await t.db.update(companies).set({ planId }).where(eq(companies.id, a.company.id));
    expect(l.texts()).toEqual(["Bem-vindo!"]);
    expect(tk.useIntegration).toBe(false);
    expect(svc.seen.length).toBe(calls);
  });
});
