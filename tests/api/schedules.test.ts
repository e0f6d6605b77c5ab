import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { messages } from "../../src/modules/messages/schema";
import { plans } from "../../src/modules/plans/schema";
import { sendDueSchedules } from "../../src/modules/schedules/jobs";
import { schedules } from "../../src/modules/schedules/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agent = await t.newUser(a.admin.token);
const agent2 = await t.newUser(a.admin.token);
const { fake } = await makeConnection(t, a.company.id);
const contact = (await t.call("POST", "/contacts", { token: a.admin.token, body: { name: "Maria Souza", number: "5511987650001" } })).json;
const contactB = (await t.call("POST", "/contacts", { token: b.admin.token, body: { name: "João B", number: "5511987650002" } })).json;
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const at = (ms: number) => (t.deps.clock = { now: () => ms });
const jpg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2])], "convite.jpg", { type: "image/jpeg" });
const form = (file: File) => {
  const f = new FormData();
  f.append("file", file);
  return f;
};

describe("schedules", () => {
  let id = 0;
  test("an agent schedules a message; it is PENDENTE and announced to the company", async () => {
    const r = await t.call("POST", "/schedules", {
      token: agent.token,
      body: { body: "Olá {{firstName}}, lembrete!", contactId: contact.id, sendAt: inMinutes(1) },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      status: "PENDENTE",
      sentAt: null,
      userId: agent.id,
      contact: { id: contact.id, name: "Maria Souza" },
      user: { id: agent.id },
    });
    id = r.json.id;
    const f = t.framesOf("schedule").at(-1)!;
    expect(f.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    expect(f.frame).toMatchObject({ action: "create", schedule: { id } });
  });

  test("validation: body 5+ ('Mensagem muito curta'), contact and sendAt required, contact of the company", async () => {
    const short = await t.call("POST", "/schedules", { token: agent.token, body: { body: "oi", contactId: contact.id, sendAt: inMinutes(5) } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ body: "validation.messageTooShort" });
    const missing = await t.call("POST", "/schedules", { token: agent.token, body: { body: "Olá mundo" } });
    expect(missing.json.fields).toEqual({ contactId: "validation.required", sendAt: "validation.required" });
    const badDate = await t.call("POST", "/schedules", { token: agent.token, body: { body: "Olá mundo", contactId: contact.id, sendAt: "amanhã" } });
    expect(badDate.json.fields).toEqual({ sendAt: "validation.invalid" });
    const foreign = await t.call("POST", "/schedules", { token: agent.token, body: { body: "Olá mundo", contactId: contactB.id, sendAt: inMinutes(5) } });
    expect(foreign.json.fields).toEqual({ contactId: "validation.required" });
    const month = await t.call("GET", "/schedules/calendar?month=2026-13", { token: agent.token });
    expect(month.status).toBe(400);
  });

  test("list: paged, searched by body or contact name, filtered by contact; calendar counts per day", async () => {
    const list = await t.call("GET", "/schedules", { token: agent2.token });
    expect(list.json).toMatchObject({ count: 1, hasMore: false, schedules: [{ id }] });
    expect((await t.call("GET", "/schedules?searchParam=souza", { token: agent2.token })).json.count).toBe(1);
    expect((await t.call("GET", "/schedules?searchParam=lembrete", { token: agent2.token })).json.count).toBe(1);
    expect((await t.call("GET", "/schedules?searchParam=nada", { token: agent2.token })).json.count).toBe(0);
    expect((await t.call("GET", `/schedules?contactId=${contact.id}`, { token: agent2.token })).json.count).toBe(1);
    const sendAt = (await t.call("GET", `/schedules/${id}`, { token: agent2.token })).json.sendAt as string;
    const month = sendAt.slice(0, 7);
    const cal = await t.call("GET", `/schedules/calendar?month=${month}`, { token: agent2.token });
    expect(cal.json.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBeGreaterThanOrEqual(1);
  });

  test("only the author or an admin edits or deletes; a picture attachment (png/jpg) only", async () => {
    const other = await t.call("PUT", `/schedules/${id}`, { token: agent2.token, body: { body: "Mudado por outro" } });
    expect([other.status, other.json.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect((await t.call("DELETE", `/schedules/${id}`, { token: agent2.token })).status).toBe(403);
    const own = await t.call("PUT", `/schedules/${id}`, { token: agent.token, body: { body: "Olá {{firstName}}, lembrete da consulta!" } });
    expect(own.json.body).toBe("Olá {{firstName}}, lembrete da consulta!");
    const pdf = await t.call("POST", `/schedules/${id}/media-upload`, {
      token: agent.token,
      form: form(new File(["%PDF-1.4"], "a.pdf", { type: "application/pdf" })),
    });
    expect(pdf.json.error).toBe("ERR_UPLOAD_TYPE");
    const up = await t.call("POST", `/schedules/${id}/media-upload`, { token: a.admin.token, form: form(jpg()) });
    expect(up.json).toMatchObject({ mediaName: "convite.jpg" });
    expect(up.json.mediaPath).toStartWith(`${a.company.id}/schedules/`);
  });

  test("send-due sends once when due, through the contact's ticket, stored in its history; a sent schedule cannot be saved", async () => {
    await sendDueSchedules(t.deps);
    expect(fake.sent).toHaveLength(0);
    at(Date.now() + 2 * 60_000);
    try {
      // Two overlapping runs (a restart racing the old process) still send once.
      await Promise.all([sendDueSchedules(t.deps), sendDueSchedules(t.deps)]);
      await sendDueSchedules(t.deps);
    } finally {
      t.deps.clock = { now: () => Date.now() };
    }
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatchObject({
      type: "media",
      caption: "Olá Maria, lembrete da consulta!",
      fileName: "convite.jpg",
      to: "5511987650001@s.whatsapp.net",
    });
    const row = (await t.db.select().from(schedules).where(eq(schedules.id, id)).limit(1))[0]!;
    expect(row).toMatchObject({ status: "ENVIADA", error: null });
    expect(row.sentAt).not.toBeNull();
    const ticket = (await t.db.select().from(tickets).where(eq(tickets.id, row.ticketId!)).limit(1))[0]!;
    expect(ticket).toMatchObject({ contactId: contact.id, status: "pending" });
    const stored = await t.db.select().from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored.map((m) => [m.body, m.mediaType, m.fromMe])).toEqual([["Olá Maria, lembrete da consulta!", "image", true]]);
    expect(t.framesOf("schedule").at(-1)!.frame).toMatchObject({ action: "update", schedule: { id, status: "ENVIADA" } });
    const again = await t.call("PUT", `/schedules/${id}`, { token: a.admin.token, body: { body: "De novo não" } });
    expect([again.status, again.json.error]).toEqual([409, "ERR_SCHEDULE_ALREADY_SENT"]);
  });

  test("a schedule missed while the server was down goes out on the next run; no connection → ERRO with the reason", async () => {
    const c2 = (await t.call("POST", "/contacts", { token: b.admin.token, body: { name: "Sem Conexão", number: "5511987650003" } })).json;
    const failed = await t.call("POST", "/schedules", { token: b.admin.token, body: { body: "Vai falhar", contactId: c2.id, sendAt: inMinutes(-60) } });
    const missed = await t.call("POST", "/schedules", {
      token: agent.token,
      body: { body: "Atrasada mas enviada", contactId: contact.id, sendAt: inMinutes(-30) },
    });
    await sendDueSchedules(t.deps);
    expect(fake.sent.at(-1)).toMatchObject({ body: "Atrasada mas enviada" });
    expect((await t.call("GET", `/schedules/${missed.json.id}`, { token: agent.token })).json.status).toBe("ENVIADA");
    const f = (await t.call("GET", `/schedules/${failed.json.id}`, { token: b.admin.token })).json;
    expect(f).toMatchObject({ status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND", sentAt: null });
    // Saving a failed schedule arms it again.
    const rearmed = await t.call("PUT", `/schedules/${failed.json.id}`, { token: b.admin.token, body: { sendAt: inMinutes(10) } });
    expect(rearmed.json).toMatchObject({ status: "PENDENTE", error: null });
  });

  test("another company gets 404 ERR_NO_SCHEDULE_FOUND", async () => {
    for (const [method, path, body] of [
      ["GET", `/schedules/${id}`],
      ["PUT", `/schedules/${id}`, { body: "Roubado aqui" }],
      ["DELETE", `/schedules/${id}`],
    ] as const) {
      const r = await t.call(method, path, { token: b.admin.token, body });
      expect([r.status, r.json.error]).toEqual([404, "ERR_NO_SCHEDULE_FOUND"]);
    }
    expect((await t.call("GET", `/schedules?contactId=${contact.id}`, { token: b.admin.token })).json.count).toBe(0);
  });

  test("the plan's useSchedules flag gates every route", async () => {
    const now = new Date().toISOString();
    const plan = (await t.db.insert(plans).values({ name: "Sem Agenda", useSchedules: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));
    try {
      for (const [method, path] of [
        ["GET", "/schedules"],
        ["GET", `/schedules/${id}`],
        ["POST", "/schedules"],
        ["GET", "/schedules/calendar?month=2026-01"],
      ] as const) {
        const r = await t.call(method, path, {
          token: agent.token,
          body: method === "POST" ? { body: "Olá mundo", contactId: contact.id, sendAt: inMinutes(5) } : undefined,
        });
        expect(r.json).toEqual({ error: "ERR_NO_PERMISSION", feature: "useSchedules" });
      }
    } finally {
      await t.db.update(companies).set({ planId: 1 }).where(eq(companies.id, a.company.id));
    }
  });

  test("the author deletes a pending schedule", async () => {
    const s = await t.call("POST", "/schedules", { token: agent.token, body: { body: "Para apagar", contactId: contact.id, sendAt: inMinutes(60) } });
    expect((await t.call("DELETE", `/schedules/${s.json.id}`, { token: agent.token })).status).toBe(200);
    expect(t.framesOf("schedule").at(-1)!.frame).toEqual({ channel: "schedule", action: "delete", scheduleId: s.json.id });
  });
});
