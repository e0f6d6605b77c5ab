import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handleInbound, handleInboundBatch } from "../../src/inbound/receive";
import { HOME_LINE, INVALID_OPTION } from "../../src/inbound/bot/menu";
import { RATING_PROMPT } from "../../src/modules/tickets/rating";
import { LOOP_NOTE } from "../../src/inbound/bot";
import { ticketNotes } from "../../src/modules/ticket-notes/schema";
import { companies } from "../../src/modules/companies/schema";
import { whatsappQueues, whatsapps } from "../../src/modules/connections/schema";
import { tickets, userRatings } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const tok = a.admin.token;
const { connection, fake } = await makeConnection(t, a.company.id, {
  greetingMessage: "Olá {{firstName}}! Escolha um setor:",
  complationMessage: "Atendimento encerrado. Obrigado!",
  ratingMessage: "Como foi nosso atendimento?",
  outOfHoursMessage: "Estamos fechados agora.",
});
const conn = { id: connection.id, companyId: a.company.id };

const mkQueue = async (name: string, color: string, greetingMessage: string, orderQueue: number) =>
  (await t.call("POST", "/queue", { token: tok, body: { name, color, greetingMessage, orderQueue } })).json.id as number;
const vendas = await mkQueue("Vendas", "#11aa11", "Bem-vindo a Vendas!", 1);
const suporte = await mkQueue("Suporte", "#1111aa", "Bem-vindo ao Suporte!", 2);
const opt = async (title: string, option: string, message: string, parentId?: number) =>
  (await t.call("POST", "/queue-options", { token: tok, body: { queueId: vendas, title, option, message, parentId } })).json.id as number;
const planos = await opt("Planos", "1", "Nossos planos:");
await opt("Preços", "2", "Tabela de preços: R$ 10");
await opt("Mensal", "1", "Plano mensal: R$ 30", planos);
await opt("Anual", "2", "Plano anual: R$ 300", planos);
// Creating the queues already linked them to the connection (a new queue joins connections serving
// every other queue); the links are written here too so the test does not depend on that rule.
await t.db
  .insert(whatsappQueues)
  .values([
    { whatsappId: connection.id, queueId: vendas },
    { whatsappId: connection.id, queueId: suporte },
  ])
  .onConflictDoNothing();

const texts = () => fake.sent.map((m) => ("body" in m ? m.body : ""));
const last = () => texts().at(-1) ?? "";
const say = async (number: string, body: string) => {
  fake.sent.length = 0;
  return handleInbound(t.deps, conn, inbound(number, body));
};
const ticketOf = async (id: number) => (await t.db.select().from(tickets).where(eq(tickets.id, id)).limit(1))[0]!;

describe("queue menu and option tree", () => {
  const n = "5511900000001";
  test("the first message gets the greeting and the numbered queue menu", async () => {
    await say(n, "oi");
    expect(last()).toBe("Olá Cliente! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte");
  });
  test("a burst delivered at once (one group commit) is answered in order, each step on the ticket as it is then", async () => {
    fake.sent.length = 0;
    const burst = ["oi", "1", "1"].map((body) => inbound("5511900000009", body));
    const [first, second, third] = await handleInboundBatch(t.deps, conn, burst);
    expect(new Set([first!.ticket.id, second!.ticket.id, third!.ticket.id]).size).toBe(1);
    // "oi" gets the menu, "1" chooses Vendas, the next "1" is Vendas' first option (not Vendas again).
    expect(texts()[0]).toBe("Olá Cliente! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte");
    expect(texts()[1]).toBe(`Bem-vindo a Vendas!\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Preços\n\n${HOME_LINE}`);
    expect(texts()[2]).toContain("Nossos planos:");
    expect(texts()).toHaveLength(3);
    expect(await ticketOf(first!.ticket.id)).toMatchObject({ queueId: vendas, chatbot: true });
  });
  test("an invalid answer is re-asked once, then the bot stays silent for a human", async () => {
    await say(n, "9");
    expect(last().startsWith(INVALID_OPTION)).toBe(true);
    const r = await say(n, "blá");
    expect(fake.sent).toEqual([]);
    expect((await ticketOf(r!.ticket.id)).queueId).toBeNull();
  });
  test("# brings the menu back; choosing Vendas shows its options", async () => {
    await say(n, "#");
    expect(last()).toContain("*[ 2 ]* - Suporte");
    const r = await say(n, "1");
    expect(last()).toBe(`Bem-vindo a Vendas!\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Preços\n\n${HOME_LINE}`);
    expect(await ticketOf(r!.ticket.id)).toMatchObject({ queueId: vendas, chatbot: true, status: "pending" });
  });
  test("walks two levels, goes back with 0, hands over after a repeated invalid answer", async () => {
    await say(n, "1");
    expect(last()).toBe("Nossos planos:\n\n*[ 1 ]* - Mensal\n*[ 2 ]* - Anual\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial");
    await say(n, "2");
    expect(last()).toBe("Plano anual: R$ 300\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial");
    await say(n, "0");
    expect(last()).toStartWith("Nossos planos:");
    await say(n, "zz");
    expect(last()).toStartWith(INVALID_OPTION);
    const r = await say(n, "zz");
    expect(fake.sent).toEqual([]);
    expect((await ticketOf(r!.ticket.id)).chatbot).toBe(false);
  });
  test("once an agent accepts, the bot is silent", async () => {
    const r = await say("5511900000002", "oi");
    await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: tok, body: { status: "open" } });
    await say("5511900000002", "1");
    expect(fake.sent).toEqual([]);
  });
  test("a message typed on the phone itself turns the bot off", async () => {
    const r = await say("5511900000003", "oi");
    await say("5511900000003", "1");
    expect((await ticketOf(r!.ticket.id)).chatbot).toBe(true);
    await handleInbound(t.deps, conn, { ...inbound("5511900000003", "Deixa comigo"), fromMe: true });
    expect((await ticketOf(r!.ticket.id)).chatbot).toBe(false);
  });
});

describe("out of hours", () => {
  test("company hours: the out-of-hours text once per burst, no menu", async () => {
    await t.call("PUT", "/settings/scheduleType", { token: tok, body: { value: "company" } });
    const closedAllWeek = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => ({
      weekday: d,
      weekdayEn: d,
      startTime: "00:00",
      endTime: "00:00",
    }));
    await t.db.update(companies).set({ schedules: closedAllWeek }).where(eq(companies.id, a.company.id));
    await say("5511900000010", "tem alguém?");
    expect(texts()).toEqual(["Estamos fechados agora."]);
    await say("5511900000010", "alô");
    expect(fake.sent).toEqual([]);
    await t.call("PUT", "/settings/scheduleType", { token: tok, body: { value: "disabled" } });
  });
});

describe("rating", () => {
  test("closing asks for a rating; 3 is stored and the completion message closes it", async () => {
    await t.call("PUT", "/settings/userRating", { token: tok, body: { value: "enabled" } });
    const r = await say("5511900000020", "oi");
    await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: tok, body: { status: "open" } });
    fake.sent.length = 0;
    const close = await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: tok, body: { status: "closed" } });
    expect(close.json).toMatchObject({ status: "open", awaitingRating: true });
    expect(last()).toBe(`Como foi nosso atendimento?\n\n${RATING_PROMPT}`);
    await say("5511900000020", "3");
    expect(last()).toBe("Atendimento encerrado. Obrigado!");
    expect(await ticketOf(r!.ticket.id)).toMatchObject({ status: "closed", awaitingRatingSince: null });
    const rating = (await t.db.select().from(userRatings).where(eq(userRatings.ticketId, r!.ticket.id)).limit(1))[0];
    expect(rating).toMatchObject({ rate: 3, userId: a.admin.user.id });
  });
  test("any other answer closes without a rating", async () => {
    const r = await say("5511900000021", "oi");
    await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: tok, body: { status: "open" } });
    await t.call("PUT", `/tickets/${r!.ticket.id}`, { token: tok, body: { status: "closed" } });
    await say("5511900000021", "obrigado, até mais");
    expect((await ticketOf(r!.ticket.id)).status).toBe("closed");
    expect((await t.db.select().from(userRatings).where(eq(userRatings.ticketId, r!.ticket.id)).limit(1))[0]).toBeUndefined();
    await t.call("PUT", "/settings/userRating", { token: tok, body: { value: "disabled" } });
  });
});

describe("safety", () => {
  test("the bot stays silent when the other side echoes our own text back", async () => {
    const n = "5511900000030";
    await say(n, "oi");
    const menu = last();
    await say(n, menu);
    expect(fake.sent).toEqual([]);
  });
  /** Sends at a given instant (the clock and the message's timestamp), as a phone would. */
  const sayAt = async (number: string, body: string, at: number) => {
    fake.sent.length = 0;
    t.deps.clock = { now: () => at };
    try {
      return await handleInbound(t.deps, conn, inbound(number, body, { timestamp: at }));
    } finally {
      t.deps.clock = { now: () => Date.now() };
    }
  };
  const notesOf = async (ticketId: number) => await t.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticketId));

  test("a person walking the menu for two minutes is answered every time (never silenced)", async () => {
    const n = "5511900000031";
    const start = Date.now();
    const walk = ["Oi", "1", "1", "0", "9", "#", "1", "1", "1"];
    let ticketId = 0;
    for (const [i, body] of walk.entries()) {
      const r = await sayAt(n, body, start + i * 13_000);
      ticketId = r!.ticket.id;
      expect({ body, answered: fake.sent.length > 0 }).toEqual({ body, answered: true });
    }
    expect(last()).toBe("Plano mensal: R$ 30\n\n*[ 0 ]* - Menu anterior\n*[ # ]* - Menu inicial");
    expect(await notesOf(ticketId)).toEqual([]);
  });
  test("the same text repeated machine-fast stops the bot and hands the ticket to a person with a note", async () => {
    const n = "5511900000032";
    const start = Date.now();
    const first = await sayAt(n, "oi", start);
    await sayAt(n, "Olá! Como posso ajudar?", start + 5_000);
    await sayAt(n, "Olá! Como posso ajudar?", start + 5_400);
    const r = await sayAt(n, "Olá! Como posso ajudar?", start + 5_800);
    expect(fake.sent).toEqual([]);
    const row = await ticketOf(first!.ticket.id);
    expect(row.chatbot).toBe(false);
    expect(row.status).toBe("pending");
    expect((await notesOf(r!.ticket.id)).map((x) => x.note)).toEqual([LOOP_NOTE]);
    // and it stays quiet (one note, no answer) while the machine goes on
    await sayAt(n, "Olá! Como posso ajudar?", start + 6_200);
    expect(fake.sent).toEqual([]);
    expect(await notesOf(r!.ticket.id)).toHaveLength(1);
  });
  test("a delivery of several customers' messages: the machine among them is stopped, the people get their menu", async () => {
    const machine = "5511900000036";
    const people = ["5511900000037", "5511900000038"];
    const start = Date.now();
    const first = await sayAt(machine, "oi", start);
    await sayAt(machine, "Olá! Como posso ajudar?", start + 5_000);
    await sayAt(machine, "Olá! Como posso ajudar?", start + 5_400);
    fake.sent.length = 0;
    const at = start + 5_800;
    t.deps.clock = { now: () => at };
    try {
      // One delivery (one group commit, one set of shared reads): the machine's third repeat between two people.
      await handleInboundBatch(t.deps, conn, [
        inbound(people[0], "oi", { timestamp: at }),
        inbound(machine, "Olá! Como posso ajudar?", { timestamp: at }),
        inbound(people[1], "oi", { timestamp: at }),
      ]);
    } finally {
      t.deps.clock = { now: () => Date.now() };
    }
    const menu = "Olá Cliente! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte";
    expect(texts()).toEqual([menu, menu]);
    expect((await notesOf(first!.ticket.id)).map((x) => x.note)).toEqual([LOOP_NOTE]);
    expect((await ticketOf(first!.ticket.id)).chatbot).toBe(false);
  });
  test("another bot's numbered menu gets no answer, and a note for the agent", async () => {
    const n = "5511900000033";
    const r = await say(n, "Bem-vindo à Loja X!\n1 - Pedidos\n2 - Trocas\n3 - Falar com atendente");
    expect(fake.sent).toEqual([]);
    expect((await notesOf(r!.ticket.id)).map((x) => x.note)).toEqual([LOOP_NOTE]);
  });
  test("group messages are ignored while CheckMsgIsGroup is enabled", async () => {
    const r = await handleInbound(t.deps, conn, {
      ...inbound("120363000000000001", "oi grupo"),
      isGroup: true,
      chat: { number: "120363000000000001", address: "120363000000000001@g.us" },
      participant: { number: "5511900000040", address: "5511900000040@s.whatsapp.net" },
    });
    expect(r).toBeNull();
  });
  test("connection without queues sends its greeting once per ticket", async () => {
    const other = await makeConnection(t, a.company.id, { greetingMessage: "Oi! Já te atendemos.", isDefault: false });
    const c = { id: other.connection.id, companyId: a.company.id };
    await handleInbound(t.deps, c, inbound("5511900000050", "oi"));
    await handleInbound(t.deps, c, inbound("5511900000050", "alguém?"));
    expect(other.fake.sent.map((m) => ("body" in m ? m.body : ""))).toEqual(["Oi! Já te atendemos."]);
    await t.db.delete(whatsapps).where(eq(whatsapps.id, other.connection.id));
  });
});

describe("unread counters", () => {
  test("bot answers leave the customer's messages unread for the agents", async () => {
    const r = await say("5511900000060", "oi");
    await say("5511900000060", "1");
    expect((await ticketOf(r!.ticket.id)).unreadMessages).toBe(2);
  });
});
