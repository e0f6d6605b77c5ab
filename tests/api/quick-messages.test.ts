import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agent1 = await t.newUser(a.admin.token);
const agent2 = await t.newUser(a.admin.token);
const form = (file: File) => {
  const f = new FormData();
  f.append("file", file);
  return f;
};
const jpg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], "foto.jpg", { type: "image/jpeg" });

describe("quick messages", () => {
  let personal1 = 0;
  let geralAdmin = 0;
  let geralAgent1 = 0;
  test("create personal and geral messages; personal events go to the author only", async () => {
    const p = await t.call("POST", "/quick-messages", { token: agent1.token, body: { shortcode: "oi", message: "Olá, {{name}}!" } });
    expect(p.status).toBe(201);
    expect(p.json).toMatchObject({ shortcode: "oi", geral: false, status: true, userId: agent1.id, isMedia: false });
    personal1 = p.json.id;
    expect(t.events.at(-1)!.rooms).toEqual([`user-${agent1.id}`]);
    expect(t.events.at(-1)!.frame).toMatchObject({ channel: "quickMessage", action: "create", record: { id: personal1 } });
    const g = await t.call("POST", "/quick-messages", { token: a.admin.token, body: { shortcode: "horario", message: "Das 8h às 18h", geral: true } });
    geralAdmin = g.json.id;
    expect(t.events.at(-1)!.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    const g1 = await t.call("POST", "/quick-messages", { token: agent1.token, body: { shortcode: "pix", message: "Chave pix", geral: "true" } });
    geralAgent1 = g1.json.id;
    expect(g1.json.geral).toBe(true);
  });

  test("shortcode is required and unique per scope", async () => {
    const r = await t.call("POST", "/quick-messages", { token: agent1.token, body: { message: "x" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({ shortcode: "validation.required" });
    const dupPersonal = await t.call("POST", "/quick-messages", { token: agent1.token, body: { shortcode: "oi" } });
    expect(dupPersonal.status).toBe(409);
    expect(dupPersonal.json.error).toBe("ERR_QUICK_MESSAGE_SHORTCODE_EXISTS");
    const dupGeral = await t.call("POST", "/quick-messages", { token: agent2.token, body: { shortcode: "horario", geral: true } });
    expect(dupGeral.json.error).toBe("ERR_QUICK_MESSAGE_SHORTCODE_EXISTS");
    // another user's personal scope is separate, and a personal one may shadow a geral one
    expect((await t.call("POST", "/quick-messages", { token: agent2.token, body: { shortcode: "oi", message: "Oi do 2" } })).status).toBe(201);
    expect((await t.call("POST", "/quick-messages", { token: agent2.token, body: { shortcode: "horario", message: "Meu" } })).status).toBe(201);
  });

  test("an agent sees own personal and every geral message, never another user's personal ones", async () => {
    const list = await t.call("GET", "/quick-messages", { token: agent1.token });
    expect(list.json.records.map((q: { shortcode: string }) => q.shortcode)).toEqual(["horario", "oi", "pix"]);
    expect(list.json.count).toBe(3);
    expect(list.json.hasMore).toBe(false);
    const list2 = await t.call("GET", `/quick-messages/list?companyId=${a.company.id}&userId=${agent1.id}`, { token: agent2.token });
    expect(list2.json.map((q: { shortcode: string; userId: number }) => `${q.shortcode}:${q.userId === agent2.id ? "me" : "other"}`)).toEqual([
      "horario:other",
      "horario:me",
      "oi:me",
      "pix:other",
    ]);
    const search = await t.call("GET", "/quick-messages?searchParam=pix", { token: agent2.token });
    expect(search.json.records.map((q: { id: number }) => q.id)).toEqual([geralAgent1]);
    const peek = await t.call("GET", `/quick-messages/${personal1}`, { token: agent2.token });
    expect(peek.status).toBe(404);
    expect(peek.json).toEqual({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    const adminPeek = await t.call("GET", `/quick-messages/${personal1}`, { token: a.admin.token });
    expect(adminPeek.status).toBe(404);
  });

  test("nobody edits another user's personal messages; a geral one only its author or an admin", async () => {
    expect((await t.call("PUT", `/quick-messages/${personal1}`, { token: agent2.token, body: { message: "hack" } })).status).toBe(404);
    expect((await t.call("DELETE", `/quick-messages/${personal1}`, { token: agent2.token })).status).toBe(404);
    const geralOther = await t.call("PUT", `/quick-messages/${geralAdmin}`, { token: agent2.token, body: { message: "hack" } });
    expect(geralOther.status).toBe(403);
    expect(geralOther.json.error).toBe("ERR_NO_PERMISSION");
    expect((await t.call("DELETE", `/quick-messages/${geralAdmin}`, { token: agent2.token })).status).toBe(403);
    expect((await t.call("POST", `/quick-messages/${geralAdmin}/media-upload`, { token: agent2.token, form: form(jpg()) })).status).toBe(403);
    const own = await t.call("PUT", `/quick-messages/${personal1}`, { token: agent1.token, body: { message: "Olá de novo", status: false } });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ message: "Olá de novo", status: false });
    const admin = await t.call("PUT", `/quick-messages/${geralAgent1}`, { token: a.admin.token, body: { message: "Chave pix: 123" } });
    expect(admin.status).toBe(200);
    const clash = await t.call("PUT", `/quick-messages/${geralAgent1}`, { token: agent1.token, body: { shortcode: "horario" } });
    expect(clash.json.error).toBe("ERR_QUICK_MESSAGE_SHORTCODE_EXISTS");
  });

  test("attachment: upload, serve to the company only, delete", async () => {
    const bad = await t.call("POST", `/quick-messages/${personal1}/media-upload`, {
      token: agent1.token,
      form: form(new File(["MZ"], "setup.exe", { type: "application/x-msdownload" })),
    });
    expect(bad.json.error).toBe("ERR_UPLOAD_TYPE");
    const r = await t.call("POST", `/quick-messages/${personal1}/media-upload`, { token: agent1.token, form: form(jpg()) });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ isMedia: true, mediaName: "foto.jpg" });
    expect(r.json.mediaPath).toStartWith(`${a.company.id}/quick-messages/`);
    expect(r.json.mediaPath).not.toContain("foto");
    expect((await t.call("GET", r.json.mediaUrl, { token: agent2.token })).status).toBe(200);
    expect((await t.call("GET", r.json.mediaUrl, { token: b.admin.token })).status).toBe(404);
    const d = await t.call("DELETE", `/quick-messages/${personal1}/media-upload`, { token: agent1.token });
    expect(d.json.isMedia).toBe(false);
    expect(existsSync(join(t.config.mediaDir, r.json.mediaPath))).toBe(false);
  });

  test("company B gets 404 ERR_NO_QUICK_MESSAGE_FOUND on company A's messages", async () => {
    for (const [method, body] of [["GET"], ["PUT", { message: "x" }], ["DELETE"]] as const) {
      const r = await t.call(method, `/quick-messages/${geralAdmin}`, { token: b.admin.token, body });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    }
    expect((await t.call("GET", "/quick-messages/list", { token: b.admin.token })).json).toEqual([]);
  });

  test("delete own; making a geral message personal hides it from others", async () => {
    const made = await t.call("PUT", `/quick-messages/${geralAgent1}`, { token: agent1.token, body: { geral: false } });
    expect(made.json.geral).toBe(false);
    expect((await t.call("GET", `/quick-messages/${geralAgent1}`, { token: agent2.token })).status).toBe(404);
    const del = await t.call("DELETE", `/quick-messages/${personal1}`, { token: agent1.token });
    expect(del.status).toBe(200);
    expect(t.events.at(-1)!.frame).toEqual({ channel: "quickMessage", action: "delete", id: personal1 });
  });
});
