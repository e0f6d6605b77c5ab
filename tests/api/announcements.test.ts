import { describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { announcementFile, announcementsDir } from "../../src/modules/announcements/service";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentB = await t.newUser(b.admin.token);
const root = await t.superSession();
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])], "aviso.png", { type: "image/png" });
const form = (file: File) => {
  const f = new FormData();
  f.append("file", file);
  return f;
};

/** A socket of a signed-in user of each company, recording what the hub writes to it. */
function listen(userId: number, companyId: number) {
  const got: { channel: string; action: string }[] = [];
  const ws = { id: crypto.randomUUID(), send: (d: string) => void got.push(...(d.startsWith("[") ? JSON.parse(d) : [JSON.parse(d)])), close() {} };
  t.deps.hub.add(ws, { id: userId, companyId, name: "x", email: "", profile: "user", super: false, whatsappId: null, allTicket: "disabled", queueIds: [] });
  return got;
}

describe("announcements", () => {
  let id = 0;
  test("a super user publishes; every company's sockets get it live", async () => {
    const inA = listen(a.admin.user.id, a.company.id);
    const inB = listen(agentB.id, b.company.id);
    const r = await t.call("POST", "/announcements", { token: root.token, body: { title: "Manutenção", text: "Domingo às 22h" } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ title: "Manutenção", priority: 3, status: true, mediaUrl: null });
    id = r.json.id;
    await Bun.sleep(30);
    for (const got of [inA, inB]) expect(got.some((f) => f.channel === "announcement" && f.action === "create")).toBe(true);
  });

  test("validation: title and text required, priority 1-3", async () => {
    const r = await t.call("POST", "/announcements", { token: root.token, body: { title: "", priority: 9 } });
    expect(r.status).toBe(400);
    expect(r.json.fields).toEqual({ title: "validation.required", text: "validation.required", priority: "validation.invalid" });
  });

  test("only super users create, edit, upload or delete", async () => {
    for (const [m, p, body] of [
      ["POST", "/announcements", { title: "x", text: "y" }],
      ["PUT", `/announcements/${id}`, { title: "x" }],
      ["DELETE", `/announcements/${id}`],
    ] as const) {
      const r = await t.call(m, p, { token: a.admin.token, body });
      expect([r.status, r.json.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    }
    const up = await t.call("POST", `/announcements/${id}/media-upload`, { token: a.admin.token, form: form(png()) });
    expect(up.status).toBe(403);
  });

  test("everyone lists the active ones (paged, title search); inactive ones only super users see", async () => {
    await t.call("POST", "/announcements", { token: root.token, body: { title: "Rascunho", text: "ainda não", status: false, priority: 1 } });
    const agent = await t.call("GET", "/announcements", { token: agentB.token });
    expect(agent.json).toMatchObject({ count: 1, hasMore: false, records: [{ id, title: "Manutenção" }] });
    expect((await t.call("GET", "/announcements", { token: root.token })).json.count).toBe(2);
    expect((await t.call("GET", "/announcements?searchParam=manut", { token: agentB.token })).json.count).toBe(1);
    const draft = (await t.call("GET", "/announcements?searchParam=rascunho", { token: root.token })).json.records[0];
    expect((await t.call("GET", `/announcements/${draft.id}`, { token: agentB.token })).status).toBe(404);
  });

  test("image: png/jpg only, served publicly by its generated name; traversal and other names are 404", async () => {
    const bad = await t.call("POST", `/announcements/${id}/media-upload`, {
      token: root.token,
      form: form(new File(["<svg/>"], "x.svg", { type: "image/svg+xml" })),
    });
    expect(bad.json.error).toBe("ERR_UPLOAD_TYPE");
    const fake = await t.call("POST", `/announcements/${id}/media-upload`, {
      token: root.token,
      form: form(new File(["<html>"], "x.png", { type: "image/png" })),
    });
    expect(fake.json.error).toBe("ERR_UPLOAD_TYPE");
    const r = await t.call("POST", `/announcements/${id}/media-upload`, { token: root.token, form: form(png()) });
    expect(r.json).toMatchObject({ mediaName: "aviso.png" });
    expect(r.json.mediaUrl).toMatch(/^\/public\/announcements\/\d+-[0-9a-f-]{36}\.png$/);
    const res = await t.app.handle(new Request(`http://localhost${r.json.mediaUrl}`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");

    // A secret next to the data folder, and files we did not generate, are never served.
    writeFileSync(join(t.dir, "secret.txt"), "top secret");
    writeFileSync(join(announcementsDir(t.config.dataDir), "planted.png"), "x");
    for (const path of [
      "/public/announcements/../../secret.txt",
      "/public/announcements/..%2F..%2Fsecret.txt",
      "/public/announcements/%2e%2e%2f%2e%2e%2fsecret.txt",
      "/public/announcements/planted.png",
      "/public/announcements/",
      "/public/secret.txt",
      "/public/announcements/x/../../../secret.txt",
      "/public/../app.db",
      `/public/announcements/${r.json.mediaPath}/..`,
    ]) {
      const res2 = await t.app.handle(new Request(`http://localhost${path}`));
      expect([path, res2.status]).toEqual([path, 404]);
      expect(await res2.text()).not.toContain("top secret");
    }
    expect(announcementFile(t.config.dataDir, "../../secret.txt")).toBeNull();
    expect(announcementFile(t.config.dataDir, "1700000000000-00000000-0000-0000-0000-000000000000.png/../x")).toBeNull();

    const d = await t.call("DELETE", `/announcements/${id}/media-upload`, { token: root.token });
    expect(d.json.mediaUrl).toBeNull();
    expect(existsSync(join(announcementsDir(t.config.dataDir), r.json.mediaPath))).toBe(false);
  });

  test("update and delete reach everyone live", async () => {
    const inB = listen(agentB.id, b.company.id);
    const u = await t.call("PUT", `/announcements/${id}`, { token: root.token, body: { priority: 1 } });
    expect(u.json.priority).toBe(1);
    expect((await t.call("DELETE", `/announcements/${id}`, { token: root.token })).status).toBe(200);
    await Bun.sleep(30);
    expect(inB.filter((f) => f.channel === "announcement").map((f) => f.action)).toEqual(["update", "delete"]);
    expect((await t.call("GET", `/announcements/${id}`, { token: root.token })).status).toBe(404);
  });
});
