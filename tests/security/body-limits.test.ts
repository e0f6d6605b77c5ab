/**
 * Request bodies are bounded before they are read (issue 10), over a real server: a declared length
 * past the bound answers 413 at once, a chunked body is cut at the bound, and a private route refuses
 * a stranger before reading the body.
 */
import { describe, expect, test } from "bun:test";
import { INPUT_LIMITS } from "../../src/contract/limits";
import { makeLiveApp } from "./helpers";

const t = await makeLiveApp();
const MB = 1024 * 1024;

/** A body stream of `bytes` bytes (no Content-Length: sent chunked), counting what the server pulled. */
function chunked(bytes: number, chunk = 64 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(ctrl) {
      if (sent >= bytes) return ctrl.close();
      const n = Math.min(chunk, bytes - sent);
      sent += n;
      ctrl.enqueue(new Uint8Array(n).fill(0x20));
    },
  });
  return { stream, sent: () => sent };
}

describe("body limits", () => {
  test("an unauthenticated 120 MB JSON body is refused with 413 before it is read", async () => {
    const rssBefore = process.memoryUsage().rss;
    const big = new Uint8Array(120 * MB).fill(0x20);
    const r = await t.http("POST", "/auth/login", { raw: big, headers: { "content-type": "application/json" } });
    expect(r.status).toBe(413);
    expect(r.json.error).toBe("ERR_BODY_TOO_LARGE");
    expect(r.json.limit).toBe(INPUT_LIMITS.jsonBytes);
    // nothing close to the body's size was held on the server's side of this process
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * MB);
  }, 30_000);

  test("a chunked body (no length) is cut at the bound", async () => {
    const body = chunked(8 * MB);
    const res = await fetch(`${t.origin}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body.stream,
      // @ts-expect-error Bun/undici streaming bodies
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("ERR_BODY_TOO_LARGE");
    expect(body.sent()).toBeLessThan(8 * MB);
  }, 30_000);

  test("a private route refuses a stranger before reading the body (401, not 413, not parsed)", async () => {
    const body = chunked(4 * MB);
    const res = await fetch(`${t.origin}/contacts`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: body.stream,
      // @ts-expect-error Bun/undici streaming bodies
      duplex: "half",
    });
    expect(res.status).toBe(401);
    expect(body.sent()).toBeLessThan(4 * MB);
  }, 30_000);

  test("an authenticated JSON body over 1 MB is refused; under it passes through to validation", async () => {
    const c = await t.newCompany();
    const huge = await t.http("POST", "/tags", { token: c.admin.token, body: { name: "x".repeat(2 * MB), color: "#112233" } });
    expect(huge.status).toBe(413);
    expect(huge.json.error).toBe("ERR_BODY_TOO_LARGE");
    const ok = await t.http("POST", "/tags", { token: c.admin.token, body: { name: "Etiqueta normal", color: "#112233" } });
    expect(ok.status).toBe(201);
  }, 30_000);

  test("a spreadsheet upload past its bound is refused with 413 and the limit", async () => {
    const c = await t.newCompany();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(INPUT_LIMITS.spreadsheetBytes + MB)], "contatos.xlsx"));
    const res = await fetch(`${t.origin}/contacts/import`, { method: "POST", headers: { authorization: `Bearer ${c.admin.token}` }, body: form });
    expect(res.status).toBe(413);
    const json = await res.json();
    expect(json.error).toBe("ERR_BODY_TOO_LARGE");
    expect(json.limit).toBe(INPUT_LIMITS.spreadsheetBytes);
  }, 30_000);

  test("the in-process handler (no Content-Length) bounds bodies too", async () => {
    const r = await t.call("POST", "/auth/login", { body: JSON.stringify({ email: "a@b.c", password: "x".repeat(2 * MB) }) });
    expect(r.status).toBe(413);
  }, 30_000);
});
