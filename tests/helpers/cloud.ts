import { afterAll, expect } from "bun:test";
import type { ConnectionDto } from "../../src/contract/dto/connections";
import { deliver, type FakeAccount, type FakeGraph, startFakeGraph } from "../support/fake-graph";
import { makeTestApp, type TestApp } from "./app";

/** A test app whose Cloud API calls go to a fake Graph server (both stopped after the file). */
export async function cloudApp() {
  const graph = startFakeGraph();
  afterAll(() => graph.stop());
  const t = await makeTestApp({ env: { CLOUD_API_URL: graph.url } });
  return { graph, t };
}

/** The credentials body of a fake account's first number. */
export const credentialsOf = (a: FakeAccount) => ({ phoneNumberId: a.numbers[0].id, wabaId: a.wabaId, accessToken: a.token, appSecret: a.appSecret });

/** Waits until `check` holds (polls every 10 ms, up to `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await Bun.sleep(10);
  }
}

/** Creates a Cloud API connection through the API and waits until it is connected; answers it as the admin reads it. */
export async function addCloudConnection(t: TestApp, token: string, account: FakeAccount, fields: Record<string, unknown> = {}): Promise<ConnectionDto> {
  const r = await t.call("POST", "/whatsapp", {
    token,
    body: { name: `Oficial ${crypto.randomUUID().slice(0, 6)}`, channel: "cloudapi", cloudApi: credentialsOf(account), ...fields },
  });
  expect(r.status).toBe(201);
  return await rowWhen(t, token, r.json.id, "CONNECTED");
}

/**
 * Waits until the live session of a connection and then its row (as the admin reads it) have a status; answers the row.
 * The row follows the session a moment later (its status event is still being written, longer on PostgreSQL).
 */
export async function rowWhen(t: TestApp, token: string, id: number, status: string): Promise<ConnectionDto> {
  await until(() => t.deps.sessions.get(id)?.status === status);
  const read = async (): Promise<ConnectionDto> => (await t.call("GET", `/whatsapp/${id}`, { token })).json;
  await until(async () => (await read()).status === status);
  return read();
}

/** Posts a webhook delivery to the app as Meta does (signed with `appSecret` unless a signature is given). */
export function webhook(t: TestApp, path: string, payload: unknown, opts: { appSecret?: string; signature?: string | null } = {}) {
  return deliver((p, body, headers) => t.app.handle(new Request(`http://localhost${p}`, { method: "POST", headers, body })), path, payload, opts);
}

/** Waits until the bot answers of a connection's webhook deliveries have run. */
export const answered = (t: TestApp, connectionId: number) => t.deps.sessions.answersSettled(connectionId);

export type { FakeGraph };
