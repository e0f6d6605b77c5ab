import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileListFiles } from "../../src/modules/files/service";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agent = await t.newUser(a.admin.token);
const jpg = (name = "foto.jpg") => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2])], name, { type: "image/jpeg" });
const pdf = (name = "tabela.pdf") => new File([new TextEncoder().encode("%PDF-1.4\n%test\n")], name, { type: "application/pdf" });
function uploadForm(files: [number, File][]) {
  const f = new FormData();
  f.append("typeArch", "fileList");
  for (const [id, file] of files) {
    f.append("files", file);
    f.append("id", String(id));
  }
  return f;
}

describe("file lists", () => {
  let listId = 0;
  let opt1 = 0;
  let opt2 = 0;
  test("an admin creates a list with options; the frame goes to the company", async () => {
    const r = await t.call("POST", "/files", {
      token: a.admin.token,
      body: { name: "Catálogo", message: "Segue o catálogo", options: [{ name: "Foto" }, { name: "Tabela" }] },
    });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      name: "Catálogo",
      message: "Segue o catálogo",
      options: [
        { name: "Foto", path: null },
        { name: "Tabela", path: null },
      ],
    });
    listId = r.json.id;
    [opt1, opt2] = r.json.options.map((o: { id: number }) => o.id);
    const f = t.framesOf("file").at(-1)!;
    expect(f.rooms).toEqual([`company-${a.company.id}-mainchannel`]);
    expect(f.frame).toMatchObject({ action: "create", files: { id: listId } });
  });

  test("validation: name 3+ ('nome muito curto'), message required, option names, bounded options, unique name", async () => {
    const short = await t.call("POST", "/files", { token: a.admin.token, body: { name: "ab", message: "x" } });
    expect(short.status).toBe(400);
    expect(short.json.fields).toEqual({ name: "validation.nameTooShort" });
    const noMsg = await t.call("POST", "/files", { token: a.admin.token, body: { name: "Lista", message: "  " } });
    expect(noMsg.json.fields).toEqual({ message: "validation.required" });
    const noOptName = await t.call("POST", "/files", { token: a.admin.token, body: { name: "Lista", message: "m", options: [{ name: "" }] } });
    expect(noOptName.json.fields).toEqual({ "options.0.name": "validation.required" });
    const many = await t.call("POST", "/files", {
      token: a.admin.token,
      body: { name: "Lista", message: "m", options: Array.from({ length: 21 }, () => ({ name: "x" })) },
    });
    expect(many.status).toBe(400);
    const dup = await t.call("POST", "/files", { token: a.admin.token, body: { name: "Catálogo", message: "m" } });
    expect(dup.status).toBe(409);
    expect(dup.json.error).toBe("ERR_FILE_LIST_NAME_EXISTS");
  });

  test("uploadList stores each file on its option; bad types are refused before anything is written", async () => {
    const bad = await t.call("POST", `/files/uploadList/${listId}`, {
      token: a.admin.token,
      form: uploadForm([
        [opt1, jpg()],
        [opt2, new File(["<html>"], "x.png", { type: "image/png" })],
      ]),
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe("ERR_UPLOAD_TYPE");
    expect((await t.call("GET", `/files/${listId}`, { token: a.admin.token })).json.options[0].path).toBeNull();
    const foreign = await t.call("POST", `/files/uploadList/${listId}`, { token: a.admin.token, form: uploadForm([[999999, jpg()]]) });
    expect(foreign.status).toBe(400);
    const r = await t.call("POST", `/files/uploadList/${listId}`, {
      token: a.admin.token,
      form: uploadForm([
        [opt1, jpg()],
        [opt2, pdf()],
      ]),
    });
    expect(r.status).toBe(200);
    expect(r.json.options).toMatchObject([
      { name: "Foto", mediaType: "image/jpeg", mediaName: "foto.jpg" },
      { name: "Tabela", mediaType: "application/pdf", mediaName: "tabela.pdf" },
    ]);
    expect(r.json.options[0].path).toStartWith(`${a.company.id}/file-lists/`);
    expect(existsSync(join(t.config.mediaDir, r.json.options[0].path))).toBe(true);
    // served to the company's users only
    expect((await t.call("GET", r.json.options[1].mediaUrl, { token: agent.token })).status).toBe(200);
    expect((await t.call("GET", r.json.options[1].mediaUrl, { token: b.admin.token })).status).toBe(404);
  });

  test("fileListFiles answers the files for sending, and nothing for another company", async () => {
    const files = await fileListFiles(t.deps, a.company.id, listId);
    expect(files.map((f) => [f.name, f.mimetype, f.fileName])).toEqual([
      ["Foto", "image/jpeg", "foto.jpg"],
      ["Tabela", "application/pdf", "tabela.pdf"],
    ]);
    expect(files.every((f) => existsSync(f.path) && f.path.startsWith(t.config.mediaDir))).toBe(true);
    expect(await fileListFiles(t.deps, b.company.id, listId)).toEqual([]);
  });

  test("update renames, removes a file, drops a missing option (and its file) and adds a new one", async () => {
    const before = (await t.call("GET", `/files/${listId}`, { token: a.admin.token })).json;
    const r = await t.call("PUT", `/files/${listId}`, {
      token: a.admin.token,
      body: { name: "Catálogo 2026", message: "Novo", options: [{ id: opt1, name: "Foto nova", removeFile: true }, { name: "Vídeo" }] },
    });
    expect(r.status).toBe(200);
    expect(r.json.options.map((o: { name: string; path: string | null }) => [o.name, o.path])).toEqual([
      ["Foto nova", null],
      ["Vídeo", null],
    ]);
    for (const o of before.options) expect(existsSync(join(t.config.mediaDir, o.path))).toBe(false);
    const wrongOption = await t.call("PUT", `/files/${listId}`, {
      token: a.admin.token,
      body: { name: "Catálogo 2026", message: "m", options: [{ id: 999999, name: "x" }] },
    });
    expect(wrongOption.status).toBe(400);
  });

  test("agents read lists but may not create, edit, upload or delete", async () => {
    expect((await t.call("GET", "/files", { token: agent.token })).json).toMatchObject({ count: 1, hasMore: false, files: [{ id: listId }] });
    expect((await t.call("GET", "/files?searchParam=2026", { token: agent.token })).json.count).toBe(1);
    expect((await t.call("GET", "/files?searchParam=nada", { token: agent.token })).json.count).toBe(0);
    const denied = [
      await t.call("POST", "/files", { token: agent.token, body: { name: "Minha", message: "m" } }),
      await t.call("PUT", `/files/${listId}`, { token: agent.token, body: { name: "Minha", message: "m" } }),
      await t.call("POST", `/files/uploadList/${listId}`, { token: agent.token, form: uploadForm([[opt1, jpg()]]) }),
      await t.call("DELETE", `/files/${listId}`, { token: agent.token }),
    ];
    for (const r of denied) expect([r.status, r.json.error]).toEqual([403, "ERR_NO_PERMISSION"]);
  });

  test("another company gets 404 ERR_NO_FILE_LIST_FOUND and an empty list", async () => {
    for (const [method, path, body] of [
      ["GET", `/files/${listId}`],
      ["PUT", `/files/${listId}`, { name: "Roubada", message: "m" }],
      ["DELETE", `/files/${listId}`],
    ] as const) {
      const r = await t.call(method, path, { token: b.admin.token, body });
      expect([r.status, r.json.error]).toEqual([404, "ERR_NO_FILE_LIST_FOUND"]);
    }
    const up = await t.call("POST", `/files/uploadList/${listId}`, { token: b.admin.token, form: uploadForm([[opt1, jpg()]]) });
    expect(up.status).toBe(404);
    expect((await t.call("GET", "/files", { token: b.admin.token })).json.count).toBe(0);
  });

  test("delete removes the list, its options' files, and announces it", async () => {
    const up = await t.call("POST", `/files/uploadList/${listId}`, { token: a.admin.token, form: uploadForm([[opt1, jpg()]]) });
    const path = up.json.options[0].path as string;
    const r = await t.call("DELETE", `/files/${listId}`, { token: a.admin.token });
    expect(r.status).toBe(200);
    expect(existsSync(join(t.config.mediaDir, path))).toBe(false);
    expect(t.framesOf("file").at(-1)!.frame).toEqual({ channel: "file", action: "delete", fileId: listId });
    expect((await t.call("GET", `/files/${listId}`, { token: a.admin.token })).status).toBe(404);
  });
});
