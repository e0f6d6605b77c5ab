import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const root = await t.superSession();
const a = await t.newCompany();
const agentA = await t.newUser(a.admin.token);

describe("help videos", () => {
  let id = 0;
  test("a super user adds a video by id or link; everyone lists them", async () => {
    const r = await t.call("POST", "/helps", {
      token: root.token,
      body: { title: "Primeiros passos", description: "Conecte seu WhatsApp", video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10" },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ title: "Primeiros passos", video: "dQw4w9WgXcQ" });
    id = r.json.id;
    await t.call("POST", "/helps", { token: root.token, body: { title: "Filas e chatbot", video: "https://youtu.be/aBcDeFgHiJk" } });
    const list = await t.call("GET", "/helps/list", { token: agentA.token });
    expect(list.json.map((h: { title: string }) => h.title)).toEqual(["Filas e chatbot", "Primeiros passos"]);
    const page = await t.call("GET", "/helps?searchParam=whats", { token: agentA.token });
    expect(page.json).toMatchObject({ count: 1, hasMore: false });
    expect(page.json.helps[0].id).toBe(id);
  });

  test("validation: title and a YouTube video", async () => {
    const r = await t.call("POST", "/helps", { token: root.token, body: { title: "x", video: "https://vimeo.com/123" } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({ title: "validation.tooShort", video: "validation.invalid" });
    const empty = await t.call("POST", "/helps", { token: root.token, body: {} });
    expect(empty.json.fields).toEqual({ title: "validation.required", video: "validation.required" });
  });

  test("only super users add, edit and delete", async () => {
    for (const [method, path, body] of [
      ["POST", "/helps", { title: "Hack", video: "dQw4w9WgXcQ" }],
      ["PUT", `/helps/${id}`, { title: "Hack" }],
      ["DELETE", `/helps/${id}`],
    ] as const) {
      const r = await t.call(method, path, { token: a.admin.token, body });
      expect(r.status).toBe(403);
    }
    expect((await t.call("GET", "/helps/list")).status).toBe(401);
  });

  test("edit and delete; unknown ids are 404", async () => {
    const up = await t.call("PUT", `/helps/${id}`, { token: root.token, body: { title: "Comece aqui" } });
    expect(up.json).toMatchObject({ title: "Comece aqui", video: "dQw4w9WgXcQ" });
    expect((await t.call("DELETE", `/helps/${id}`, { token: root.token })).status).toBe(200);
    const gone = await t.call("GET", `/helps/${id}`, { token: agentA.token });
    expect(gone.status).toBe(404);
    expect(gone.json.error).toBe("ERR_NO_HELP_FOUND");
  });
});
