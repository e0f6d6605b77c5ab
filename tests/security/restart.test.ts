/**
 * A clean stop is not a disconnect (issue 10): after SIGTERM (docker stop) the connection that was
 * connected is still CONNECTED at the next boot, resumes by itself, and a message written afterwards
 * reaches the customer's phone (not ERR_WAPP_NOT_INITIALIZED).
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startRealServer } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "balcao-sigterm-"));
const env = { ADMIN_EMAIL: "root@restart.local", ADMIN_PASSWORD: "root-pass-123" };
let stop: (() => Promise<void>) | null = null;
afterAll(async () => {
  await stop?.();
  rmSync(dir, { recursive: true, force: true });
});

async function api<T = any>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, json: (await res.json().catch(() => null)) as T };
}

async function until<T>(fn: () => Promise<T | null | undefined | false>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await Bun.sleep(100);
  }
}

test("SIGTERM keeps the connection connected; after the boot it resumes and sends", async () => {
  let server = await startRealServer(dir, env);
  stop = server.stop;
  let token = (await api(server.url, "POST", "/auth/login", { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })).json.token;
  const conn = await api(server.url, "POST", "/whatsapp", { name: "Sandbox Parada", channel: "sandbox" }, token);
  expect(conn.status).toBe(201);
  const id = conn.json.id;
  await until(async () => (await api(server.url, "GET", `/whatsapp/${id}`, undefined, token)).json.status === "CONNECTED");
  const number = "5511977770001";
  expect((await api(server.url, "POST", `/sandbox/${id}/messages`, { number, name: "Cliente", type: "text", body: "oi" }, token)).status).toBe(201);

  await server.stop();
  server = await startRealServer(dir, env);
  stop = server.stop;
  const base = server.url;
  token = (await api(base, "POST", "/auth/login", { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD })).json.token;
  expect((await api(base, "GET", `/whatsapp/${id}`, undefined, token)).json.status).toBe("CONNECTED");
  const tickets = await api(base, "GET", "/tickets?showAll=true&status=pending", undefined, token);
  const ticketId = tickets.json.tickets[0].id;
  expect((await api(base, "PUT", `/tickets/${ticketId}`, { status: "open" }, token)).status).toBe(200);
  const sent = await api(base, "POST", `/messages/${ticketId}`, { body: "depois do reinício" }, token);
  expect(sent.status).toBe(201);
  const phone = await until(async () => {
    const conv = await api(base, "GET", `/sandbox/${id}/conversation?number=${number}`, undefined, token);
    return conv.json.messages.find((m: { body: string; direction: string }) => m.direction === "out" && m.body === "depois do reinício");
  });
  expect(phone).toBeTruthy();
}, 90_000);
