import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const ana = await t.newUser(a.admin.token, { name: "Ana" });
const beto = await t.newUser(a.admin.token, { name: "Beto" });
const caio = await t.newUser(a.admin.token, { name: "Caio" });
const outsider = await t.newUser(b.admin.token, { name: "Fora" });

describe("internal chat", () => {
  let chat = { id: 0, uuid: "" };
  test("a user opens a chat with colleagues; only members' rooms get the frame", async () => {
    const r = await t.call("POST", "/chats", { token: ana.token, body: { title: "Plantão", users: [beto.id] } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ title: "Plantão", ownerId: ana.id, lastMessage: "" });
    expect(r.json.users.map((u: { userId: number; unreads: number }) => [u.userId, u.unreads]).sort()).toEqual([
      [ana.id, 0],
      [beto.id, 0],
    ]);
    chat = r.json;
    const f = t.framesOf("chat").at(-1)!;
    expect(f.rooms.sort()).toEqual([`user-${ana.id}`, `user-${beto.id}`].sort());
    expect(f.frame).toMatchObject({ action: "create", chat: { id: chat.id } });
  });

  test("validation: title and at least one user ('Por favor…' messages), users of the company only", async () => {
    const empty = await t.call("POST", "/chats", { token: ana.token, body: { title: " ", users: [] } });
    expect(empty.status).toBe(400);
    expect(empty.json.fields).toEqual({ title: "validation.chatTitle", users: "validation.chatUsers" });
    const onlyMe = await t.call("POST", "/chats", { token: ana.token, body: { title: "Eu", users: [ana.id] } });
    expect(onlyMe.json.fields).toEqual({ users: "validation.chatUsers" });
    const foreign = await t.call("POST", "/chats", { token: ana.token, body: { title: "Fora", users: [outsider.id] } });
    expect(foreign.json.fields).toEqual({ users: "validation.chatUsers" });
    const blank = await t.call("POST", `/chats/${chat.id}/messages`, { token: ana.token, body: { message: "   " } });
    expect(blank.json.fields).toEqual({ message: "validation.required" });
  });

  test("messages: lastMessage with the sender's name, unreads of the others, frames to members only; read zeroes", async () => {
    const m = await t.call("POST", `/chats/${chat.uuid}/messages`, { token: ana.token, body: { message: "Alguém cobre às 14h?" } });
    expect(m.status).toBe(201);
    expect(m.json).toMatchObject({ message: "Alguém cobre às 14h?", senderId: ana.id, sender: { name: "Ana" } });
    const f = t.framesOf("chat").at(-1)!;
    expect(f.rooms.sort()).toEqual([`user-${ana.id}`, `user-${beto.id}`].sort());
    expect(f.frame).toMatchObject({ action: "new-message", message: { id: m.json.id }, chat: { lastMessage: "Ana: Alguém cobre às 14h?" } });
    const list = await t.call("GET", "/chats", { token: beto.token });
    expect(list.json).toMatchObject({ count: 1, unreadChats: 1 });
    expect(list.json.records[0].users.find((u: { userId: number }) => u.userId === beto.id).unreads).toBe(1);
    const read = await t.call("POST", `/chats/${chat.id}/read`, { token: beto.token, body: { userId: ana.id } });
    expect(read.status).toBe(200);
    expect((await t.call("GET", "/chats", { token: beto.token })).json.unreadChats).toBe(0);
    // Ana's own counter was not touched by Beto's read (the token decides whose).
    expect((await t.call("GET", "/chats", { token: ana.token })).json.unreadChats).toBe(0);
  });

  test("messages are paged (20, newest page first, chronological inside)", async () => {
    for (let i = 1; i <= 25; i++) await t.call("POST", `/chats/${chat.id}/messages`, { token: beto.token, body: { message: `msg ${i}` } });
    const p1 = await t.call("GET", `/chats/${chat.id}/messages`, { token: ana.token });
    expect(p1.json).toMatchObject({ count: 26, hasMore: true });
    expect(p1.json.records).toHaveLength(20);
    expect(p1.json.records.at(-1).message).toBe("msg 25");
    const p2 = await t.call("GET", `/chats/${chat.id}/messages?pageNumber=2`, { token: ana.token });
    expect(p2.json.hasMore).toBe(false);
    expect(p2.json.records.map((m: { message: string }) => m.message)).toEqual(["Alguém cobre às 14h?", "msg 1", "msg 2", "msg 3", "msg 4", "msg 5"]);
    expect((await t.call("GET", "/chats", { token: ana.token })).json.records[0].users.find((u: { userId: number }) => u.userId === ana.id).unreads).toBe(25);
  });

  test("non-members and other companies get 404; only the owner edits or deletes", async () => {
    for (const tk of [caio.token, outsider.token, b.admin.token, a.admin.token]) {
      expect((await t.call("GET", `/chats/${chat.id}/messages`, { token: tk })).status).toBe(404);
      const post = await t.call("POST", `/chats/${chat.uuid}/messages`, { token: tk, body: { message: "intruso" } });
      expect([post.status, post.json.error]).toEqual([404, "ERR_NO_CHAT_FOUND"]);
    }
    expect((await t.call("GET", "/chats", { token: caio.token })).json.count).toBe(0);
    const edit = await t.call("PUT", `/chats/${chat.id}`, { token: beto.token, body: { title: "Meu", users: [ana.id] } });
    expect([edit.status, edit.json.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    expect((await t.call("DELETE", `/chats/${chat.id}`, { token: beto.token })).status).toBe(403);
  });

  test("the owner swaps members: the removed one gets a delete, the new one an update", async () => {
    t.events.length = 0;
    const r = await t.call("PUT", `/chats/${chat.id}`, { token: ana.token, body: { title: "Plantão 2", users: [caio.id] } });
    expect(r.json.users.map((u: { userId: number }) => u.userId).sort()).toEqual([ana.id, caio.id].sort());
    const frames = t.framesOf("chat");
    expect(frames.find((f) => f.frame.action === "delete")!.rooms).toEqual([`user-${beto.id}`]);
    expect(frames.find((f) => f.frame.action === "update")!.rooms.sort()).toEqual([`user-${ana.id}`, `user-${caio.id}`].sort());
    expect((await t.call("GET", `/chats/${chat.id}`, { token: beto.token })).status).toBe(404);
    expect((await t.call("GET", `/chats/${chat.id}`, { token: caio.token })).json.title).toBe("Plantão 2");
  });

  test("the plan's useInternalChat flag gates the routes", async () => {
    const now = new Date().toISOString();
    const plan = (await t.db.insert(plans).values({ name: "Sem Chat", useInternalChat: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));
    try {
      for (const [m, p] of [
        ["GET", "/chats"],
        ["GET", `/chats/${chat.id}/messages`],
        ["POST", "/chats"],
      ] as const) {
        const r = await t.call(m, p, { token: ana.token, body: m === "POST" ? { title: "x", users: [beto.id] } : undefined });
        expect(r.json).toEqual({ error: "ERR_NO_PERMISSION", feature: "useInternalChat" });
      }
    } finally {
      await t.db.update(companies).set({ planId: 1 }).where(eq(companies.id, a.company.id));
    }
  });

  test("the owner deletes the chat; members get the delete frame", async () => {
    const r = await t.call("DELETE", `/chats/${chat.id}`, { token: ana.token });
    expect(r.status).toBe(200);
    const f = t.framesOf("chat").at(-1)!;
    expect(f.frame).toEqual({ channel: "chat", action: "delete", chatId: chat.id });
    expect(f.rooms.sort()).toEqual([`user-${ana.id}`, `user-${caio.id}`].sort());
    expect((await t.call("GET", "/chats", { token: ana.token })).json.count).toBe(0);
  });
});
