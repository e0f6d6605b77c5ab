/**
 * What an upgrade does to connections: a sandbox phone that an earlier version left DISCONNECTED
 * when it stopped (earlier versions recorded every stop) resumes at the next boot; one a person
 * disconnected stays disconnected across restarts.
 */
import { expect, test } from "bun:test";
import { createDeps } from "../../src/app";
import { eq } from "drizzle-orm";
import { whatsapps } from "../../src/modules/connections/schema";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const sandbox = async (name: string) => (await t.call("POST", "/whatsapp", { token: a.admin.token, body: { name, channel: "sandbox" } })).json.id as number;
const statusOf = async (id: number) =>
  (await t.db.select({ status: whatsapps.status, close_reason: whatsapps.closeReason }).from(whatsapps).where(eq(whatsapps.id, id)))[0];

test("at boot, sandbox phones resume unless a person disconnected them", async () => {
  const leftByOldStop = await sandbox("Parado pela versão antiga");
  const byPerson = await sandbox("Desconectado por alguém");
  const running = await sandbox("Conectado");
  for (let i = 0; i < 100 && (await statusOf(running))?.status !== "CONNECTED"; i++) await Bun.sleep(20);
  expect((await t.call("DELETE", `/whatsappsession/${byPerson}`, { token: a.admin.token })).status).toBe(200);
  expect(await statusOf(byPerson)).toEqual({ status: "DISCONNECTED", close_reason: "disconnected" });
  // The stop of an earlier version: every connection recorded DISCONNECTED, reason "stopped".
  await t.deps.sessions.stopAll({ keepState: true });
  await t.db.update(whatsapps).set({ status: "DISCONNECTED", closeReason: "stopped" }).where(eq(whatsapps.id, leftByOldStop));

  // The next boot (the same database, a new process's supervisor).
  const booted = createDeps(t.db, t.config);
  expect(await booted.sessions.startAll()).toBe(2);
  // The start records CONNECTED through the connection's status events (written asynchronously on PostgreSQL).
  for (let i = 0; i < 100 && (await statusOf(leftByOldStop))?.status !== "CONNECTED"; i++) await Bun.sleep(20);
  expect((await statusOf(leftByOldStop))?.status).toBe("CONNECTED");
  expect((await statusOf(running))?.status).toBe("CONNECTED");
  expect(await statusOf(byPerson)).toEqual({ status: "DISCONNECTED", close_reason: "disconnected" });
  await booted.sessions.stopAll({ keepState: true });
});
