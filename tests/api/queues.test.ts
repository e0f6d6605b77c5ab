import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { defaultOpeningHours } from "../../src/contract/limits";
import { plans } from "../../src/modules/plans/schema";
import { assertGreetingRule } from "../../src/modules/queues/rules";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "logo.png", { type: "image/png" });
const form = (file: File) => {
  const f = new FormData();
  f.append("file", file);
  return f;
};

describe("assertGreetingRule (used by the connections module)", () => {
  test("more than one queue needs a greeting", () => {
    expect(() => assertGreetingRule(2, "")).toThrow("ERR_WAPP_GREETING_REQUIRED");
    expect(() => assertGreetingRule(3, "   ")).toThrow("ERR_WAPP_GREETING_REQUIRED");
    expect(() => assertGreetingRule(2, null)).toThrow("ERR_WAPP_GREETING_REQUIRED");
    expect(() => assertGreetingRule(2, "Olá! Escolha:")).not.toThrow();
    expect(() => assertGreetingRule(1, "")).not.toThrow();
    expect(() => assertGreetingRule(0, undefined)).not.toThrow();
  });
});

describe("queues", () => {
  let vendasId = 0;
  test("admin creates a queue with the default hours; realtime queue update", async () => {
    const r = await t.call("POST", "/queue", {
      token: a.admin.token,
      body: { name: "Vendas", color: "#FF0000", greetingMessage: "Bem-vindo às vendas", orderQueue: "2" },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: "Vendas",
      color: "#FF0000",
      orderQueue: 2,
      integrationId: null,
      promptId: null,
      schedules: defaultOpeningHours(),
      mediaPath: null,
    });
    vendasId = r.json.id;
    expect(t.events.at(-1)!.frame).toMatchObject({ channel: "queue", action: "update", queue: { id: vendasId } });
    expect(t.events.at(-1)!.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
  });

  test("name and colour are unique per company (case-insensitive); other companies may reuse them", async () => {
    const n = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "vendas", color: "#00FF00" } });
    expect(n.status).toBe(409);
    expect(n.json.error).toBe("ERR_QUEUE_NAME_ALREADY_EXISTS");
    const c = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Suporte", color: "#ff0000" } });
    expect(c.json.error).toBe("ERR_QUEUE_COLOR_ALREADY_EXISTS");
    const other = await t.call("POST", "/queue", { token: b.admin.token, body: { name: "Vendas", color: "#FF0000" } });
    expect(other.status).toBe(201);
  });

  test("validation: name 2-50, colour # + 3-6 hex, hours HH:MM for 7 days", async () => {
    const r = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "V", color: "red" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({ name: "validation.tooShort", color: "validation.invalid" });
    const missing = await t.call("POST", "/queue", { token: a.admin.token, body: {} });
    expect(missing.json.fields).toEqual({ name: "validation.required", color: "validation.required" });
    const long = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "x".repeat(51), color: "#1234567890" } });
    expect(long.json.fields).toEqual({ name: "validation.tooLong", color: "validation.tooLong" });
    const hours = defaultOpeningHours();
    hours[0].startTime = "25:00";
    const h = await t.call("PUT", `/queue/${vendasId}`, { token: a.admin.token, body: { schedules: hours } });
    expect(h.status).toBe(400);
    expect(h.json.fields["schedules.0.startTime"]).toBe("validation.invalid");
    const six = await t.call("PUT", `/queue/${vendasId}`, { token: a.admin.token, body: { schedules: defaultOpeningHours().slice(1) } });
    expect(six.status).toBe(400);
  });

  test("admin updates hours and messages; list ordered by orderQueue then name", async () => {
    const hours = defaultOpeningHours();
    hours[5] = { ...hours[5], startTime: "09:00", endTime: "13:00" };
    const u = await t.call("PUT", `/queue/${vendasId}`, { token: a.admin.token, body: { schedules: hours, outOfHoursMessage: "Fechado", integrationId: "" } });
    expect(u.status).toBe(200);
    expect(u.json.schedules[5]).toEqual({ weekday: "Sábado", weekdayEn: "saturday", startTime: "09:00", endTime: "13:00" });
    expect(u.json.outOfHoursMessage).toBe("Fechado");
    await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Financeiro", color: "#0000ff", orderQueue: 1 } });
    await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Atendimento", color: "#abc" } });
    const list = await t.call("GET", "/queue", { token: agentA.token });
    expect(list.status).toBe(200);
    expect(list.json.map((q: { name: string }) => q.name)).toEqual(["Financeiro", "Vendas", "Atendimento"]);
    const one = await t.call("GET", `/queue/${vendasId}`, { token: agentA.token });
    expect(one.json.schedules[5].startTime).toBe("09:00");
  });

  test("agents may list but not create, update, delete or upload", async () => {
    const c = await t.call("POST", "/queue", { token: agentA.token, body: { name: "Agente", color: "#123123" } });
    expect(c.status).toBe(403);
    expect(c.json.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("PUT", `/queue/${vendasId}`, { token: agentA.token, body: { name: "X1" } })).status).toBe(403);
    expect((await t.call("DELETE", `/queue/${vendasId}`, { token: agentA.token })).status).toBe(403);
    expect((await t.call("POST", `/queue/${vendasId}/media-upload`, { token: agentA.token, form: form(png()) })).status).toBe(403);
  });

  test("company B gets 404 ERR_NO_QUEUE_FOUND on company A's queue", async () => {
    for (const [method, path, body] of [
      ["GET", `/queue/${vendasId}`],
      ["PUT", `/queue/${vendasId}`, { name: "Hack" }],
      ["DELETE", `/queue/${vendasId}`],
      ["DELETE", `/queue/${vendasId}/media-upload`],
    ] as const) {
      const r = await t.call(method, path, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
    }
    const up = await t.call("POST", `/queue/${vendasId}/media-upload`, { token: b.admin.token, form: form(png()) });
    expect(up.json).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
    const list = await t.call("GET", "/queue", { token: b.admin.token });
    expect(list.json.map((q: { id: number }) => q.id)).not.toContain(vendasId);
  });

  test("plan queue limit answers ERR_PLAN_LIMIT_QUEUES with the limit", async () => {
    const c = await t.newCompany();
    const planId = (
      await t.db
        .insert(plans)
        .values({
          name: `Mini ${crypto.randomUUID().slice(0, 4)}`,
          users: 5,
          connections: 1,
          queues: 1,
          value: 0,
          createdAt: "2026-01-01",
          updatedAt: "2026-01-01",
        })
        .returning()
    )[0].id;
    const { companies } = await import("../../src/modules/companies/schema");
    await t.db.update(companies).set({ planId }).where(eq(companies.id, c.company.id));
    expect((await t.call("POST", "/queue", { token: c.admin.token, body: { name: "Uma", color: "#111" } })).status).toBe(201);
    const r = await t.call("POST", "/queue", { token: c.admin.token, body: { name: "Duas", color: "#222" } });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ error: "ERR_PLAN_LIMIT_QUEUES", limit: 1 });
  });

  test("media upload: type checked, stored under the company with a generated name, served only to that company", async () => {
    const bad = await t.call("POST", `/queue/${vendasId}/media-upload`, {
      token: a.admin.token,
      form: form(new File(["#!/bin/sh"], "evil.sh", { type: "application/x-sh" })),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("ERR_UPLOAD_TYPE");
    const spoofed = await t.call("POST", `/queue/${vendasId}/media-upload`, {
      token: a.admin.token,
      form: form(new File(["<html>"], "x.png", { type: "text/html" })),
    });
    expect(spoofed.json.error).toBe("ERR_UPLOAD_TYPE");
    const ok = await t.call("POST", `/queue/${vendasId}/media-upload`, { token: a.admin.token, form: form(png()) });
    expect(ok.status).toBe(200);
    expect(ok.json.mediaName).toBe("logo.png");
    expect(ok.json.mediaPath).toMatch(new RegExp(`^${a.company.id}/queues/\\d+-[0-9a-f-]{36}\\.png$`));
    expect(ok.json.mediaUrl).toBe(`/media/${ok.json.mediaPath}`);
    const onDisk = join(t.config.mediaDir, ok.json.mediaPath);
    expect(existsSync(onDisk)).toBe(true);
    const mine = await t.app.handle(new Request(`http://localhost${ok.json.mediaUrl}`, { headers: { authorization: `Bearer ${agentA.token}` } }));
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await mine.arrayBuffer())[1]).toBe(0x50);
    const theirs = await t.call("GET", ok.json.mediaUrl, { token: b.admin.token });
    expect(theirs.status).toBe(404);
    const superUser = await t.superSession();
    expect((await t.call("GET", ok.json.mediaUrl, { token: superUser.token })).status).toBe(404);
    expect((await t.call("GET", ok.json.mediaUrl)).status).toBe(401);
    expect((await t.call("GET", `/media/${a.company.id}/queues/..%2F..%2Fapp.db`, { token: a.admin.token })).status).toBe(404);
    expect((await t.call("GET", `/media/${a.company.id}/../app.db`, { token: a.admin.token })).status).toBe(404);
    const del = await t.call("DELETE", `/queue/${vendasId}/media-upload`, { token: a.admin.token });
    expect(del.json.mediaPath).toBeNull();
    expect(existsSync(onDisk)).toBe(false);
  });

  test("delete removes the queue and its options; realtime delete with queueId", async () => {
    const q = await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Temporária", color: "#999" } });
    await t.call("POST", "/queue-options", { token: a.admin.token, body: { queueId: q.json.id, title: "A", option: "1" } });
    const r = await t.call("DELETE", `/queue/${q.json.id}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(t.events.at(-1)!.frame).toEqual({ channel: "queue", action: "delete", queueId: q.json.id });
    expect((await t.call("GET", `/queue/${q.json.id}`, { token: a.admin.token })).status).toBe(404);
    const opts = await t.call("GET", `/queue-options?queueId=${q.json.id}`, { token: a.admin.token });
    expect(opts.json.error).toBe("ERR_NO_QUEUE_FOUND");
  });
});

describe("queue options", () => {
  let queueId = 0;
  let root1 = 0;
  let child = 0;
  test("an admin builds a two-level tree (root parent -1)", async () => {
    queueId = (await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Chatbot", color: "#0f0f0f" } })).json.id;
    const r1 = await t.call("POST", "/queue-options", {
      token: a.admin.token,
      body: { queueId, parentId: -1, title: "Comercial", message: "Escolha", option: "1" },
    });
    expect(r1.status).toBe(201);
    expect(r1.json).toMatchObject({ queueId, parentId: null, title: "Comercial", option: "1" });
    root1 = r1.json.id;
    await t.call("POST", "/queue-options", { token: a.admin.token, body: { queueId, title: "Suporte", option: 2 } });
    await t.call("POST", "/queue-options", { token: a.admin.token, body: { queueId, title: "Outros", option: "10" } });
    const c = await t.call("POST", "/queue-options", {
      token: a.admin.token,
      body: { queueId, parentId: root1, title: "Planos", message: "Nossos planos", option: "1" },
    });
    child = c.json.id;
    const g = await t.call("POST", "/queue-options", { token: a.admin.token, body: { queueId, parentId: String(child), title: "Plano Ouro", option: "1" } });
    expect(g.json.parentId).toBe(child);
    const roots = await t.call("GET", `/queue-options?queueId=${queueId}&parentId=-1`, { token: agentA.token });
    expect(roots.json.map((o: { title: string }) => o.title)).toEqual(["Comercial", "Suporte", "Outros"]);
    const kids = await t.call("GET", `/queue-options?queueId=${queueId}&parentId=${root1}`, { token: agentA.token });
    expect(kids.json.map((o: { title: string }) => o.title)).toEqual(["Planos"]);
    const all = await t.call("GET", `/queue-options?queueId=${queueId}`, { token: agentA.token });
    expect(all.json.length).toBe(5);
  });

  test("validation and permission", async () => {
    const v = await t.call("POST", "/queue-options", { token: a.admin.token, body: { queueId, title: "" } });
    expect(v.status).toBe(400);
    expect(v.json.fields).toEqual({ title: "validation.required", option: "validation.required" });
    const agent = await t.call("POST", "/queue-options", { token: agentA.token, body: { queueId, title: "X", option: "3" } });
    expect(agent.status).toBe(403);
    expect((await t.call("PUT", `/queue-options/${root1}`, { token: agentA.token, body: { title: "Y" } })).status).toBe(403);
    expect((await t.call("DELETE", `/queue-options/${root1}`, { token: agentA.token })).status).toBe(403);
  });

  test("a parent must be an option of the same queue", async () => {
    const other = (await t.call("POST", "/queue", { token: a.admin.token, body: { name: "Outra fila", color: "#0e0e0e" } })).json.id;
    const r = await t.call("POST", "/queue-options", { token: a.admin.token, body: { queueId: other, parentId: root1, title: "X", option: "1" } });
    expect(r.status).toBe(404);
    expect(r.json.error).toBe("ERR_NO_QUEUE_OPTION_FOUND");
  });

  test("update and media upload", async () => {
    const u = await t.call("PUT", `/queue-options/${child}`, { token: a.admin.token, body: { title: "Planos e preços", option: "5" } });
    expect(u.json).toMatchObject({ title: "Planos e preços", option: "5", message: "Nossos planos" });
    const m = await t.call("POST", `/queue-options/${child}/media-upload`, {
      token: a.admin.token,
      form: form(new File(["%PDF-1.4"], "tabela.pdf", { type: "application/pdf" })),
    });
    expect(m.status).toBe(200);
    expect(m.json.mediaName).toBe("tabela.pdf");
    expect(m.json.mediaPath).toStartWith(`${a.company.id}/queue-options/`);
  });

  test("company B cannot see or change company A's options", async () => {
    for (const [method, path, body] of [
      ["PUT", `/queue-options/${root1}`, { title: "Hack" }],
      ["DELETE", `/queue-options/${root1}`],
    ] as const) {
      const r = await t.call(method, path, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "ERR_NO_QUEUE_OPTION_FOUND" });
    }
    const list = await t.call("GET", `/queue-options?queueId=${queueId}`, { token: b.admin.token });
    expect(list.json).toEqual({ error: "ERR_NO_QUEUE_FOUND" });
    const all = await t.call("GET", "/queue-options", { token: b.admin.token });
    expect(all.json).toEqual([]);
    const create = await t.call("POST", "/queue-options", { token: b.admin.token, body: { queueId, title: "X", option: "1" } });
    expect(create.json.error).toBe("ERR_NO_QUEUE_FOUND");
  });

  test("deleting a node deletes its subtree and its files", async () => {
    const media = (await t.call("GET", `/queue-options?queueId=${queueId}`, { token: a.admin.token })).json.find(
      (o: { id: number }) => o.id === child,
    ).mediaPath;
    expect(existsSync(join(t.config.mediaDir, media))).toBe(true);
    const r = await t.call("DELETE", `/queue-options/${root1}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    const all = await t.call("GET", `/queue-options?queueId=${queueId}`, { token: a.admin.token });
    expect(all.json.map((o: { title: string }) => o.title)).toEqual(["Suporte", "Outros"]);
    expect(existsSync(join(t.config.mediaDir, media))).toBe(false);
  });
});
