/**
 * What an upgrade does to connections: a sandbox phone that an earlier version left DISCONNECTED
 * when it stopped (earlier versions recorded every stop) resumes at the next boot; one a person
 * disconnected stays disconnected across restarts.
 */
import { expect, test } from "bun:test";
import { createDeps } from "../../src/app";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const sandbox = async (name: string) => (await t.call("POST", "/whatsapp", { token: a.admin.token, body: { name, channel: "sandbox" } })).json.id as number;
const statusOf = (id: number) =>
  t.db.sqlite.query<{ status: string; close_reason: string }, [number]>("SELECT status, close_reason FROM whatsapps WHERE id = ?").get(id);

test("at boot, sandbox phones resume unless a person disconnected them", async () => {
  const leftByOldStop = await sandbox("Parado pela versão antiga");
  const byPerson = await sandbox("Desconectado por alguém");
  const running = await sandbox("Conectado");
  for (let i = 0; i < 100 && statusOf(running)?.status !== "CONNECTED"; i++) await Bun.sleep(20);
  expect((await t.call("DELETE", `/whatsappsession/${byPerson}`, { token: a.admin.token })).status).toBe(200);
  expect(statusOf(byPerson)).toEqual({ status: "DISCONNECTED", close_reason: "disconnected" });
  // The stop of an earlier version: every connection recorded DISCONNECTED, reason "stopped".
  await t.deps.sessions.stopAll({ keepState: true });
  t.db.sqlite.run("UPDATE whatsapps SET status = 'DISCONNECTED', close_reason = 'stopped' WHERE id = ?", [leftByOldStop]);

  // The next boot (the same database, a new process's supervisor).
  const booted = createDeps(t.db, t.config);
  expect(await booted.sessions.startAll()).toBe(2);
  expect(statusOf(leftByOldStop)?.status).toBe("CONNECTED");
  expect(statusOf(running)?.status).toBe("CONNECTED");
  expect(statusOf(byPerson)).toEqual({ status: "DISCONNECTED", close_reason: "disconnected" });
  await booted.sessions.stopAll({ keepState: true });
});
