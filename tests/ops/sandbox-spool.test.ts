/**
 * The answer says what happened: a sandbox customer's message that could not be stored (a full disk)
 * but waits in the inbound spool is answered 202 Accepted, never 507 — a client that retries after
 * a 507 would have it stored twice. A retry with the same id is the same message: stored once.
 */
import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../helpers/app";

const t = await makeTestApp();
const a = await t.newCompany();
const created = await t.call("POST", "/whatsapp", { token: a.admin.token, body: { name: "Sandbox", channel: "sandbox" } });
const connId = created.json.id as number;
for (let i = 0; i < 100 && (await t.call("GET", `/whatsapp/${connId}`, { token: a.admin.token })).json.status !== "CONNECTED"; i++) await Bun.sleep(20);

const send = (body: Record<string, unknown>) => t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body });
const stored = (wid: string) => t.db.sqlite.query<{ n: number }, [string]>("SELECT count(*) AS n FROM messages WHERE wid = ?").get(wid)?.n ?? 0;
const onPhone = (wid: string) => t.db.sqlite.query<{ n: number }, [string]>("SELECT count(*) AS n FROM sandbox_messages WHERE wid = ?").get(wid)?.n ?? 0;

/** The disk is full for the inbound path (messages) and for the phone's delivery tick, as it was when 507 was answered. */
function fillDisk() {
  t.db.sqlite.exec("CREATE TEMP TRIGGER full_messages BEFORE INSERT ON main.messages BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
  t.db.sqlite.exec("CREATE TEMP TRIGGER full_ticks BEFORE UPDATE ON main.sandbox_messages BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
}
function freeDisk() {
  t.db.sqlite.exec("DROP TRIGGER IF EXISTS temp.full_messages");
  t.db.sqlite.exec("DROP TRIGGER IF EXISTS temp.full_ticks");
}

describe("a sandbox message on a full disk", () => {
  test("answers 202 with the message's id, is stored once when storage works again; a retry with its id changes nothing", async () => {
    fillDisk();
    try {
      const first = await send({ number: "5511900001111", name: "Cliente", body: "pedido pelo disco cheio", id: "retry-abc-123" });
      expect(first.status).toBe(202);
      expect(first.json).toMatchObject({ wid: "SBXCretry-abc-123", direction: "in", body: "pedido pelo disco cheio" });
      expect(first.json.id).toBeGreaterThan(0);
      expect(stored(first.json.wid)).toBe(0);
      expect(t.deps.inboundSpool.size()).toBe(1);
      // The client retries (it saw no 201): the same message, still waiting.
      const retry = await send({ number: "5511900001111", name: "Cliente", body: "pedido pelo disco cheio", id: "retry-abc-123" });
      expect(retry.status).toBe(202);
      expect(retry.json.id).toBe(first.json.id);
      expect(t.deps.inboundSpool.size()).toBe(1);
      expect(onPhone(first.json.wid)).toBe(1);
    } finally {
      freeDisk();
    }
    await t.deps.inboundSpool.drain();
    expect(t.deps.inboundSpool.size()).toBe(0);
    expect(stored("SBXCretry-abc-123")).toBe(1);
    // A retry once it is stored: 201, and still one message.
    const late = await send({ number: "5511900001111", name: "Cliente", body: "pedido pelo disco cheio", id: "retry-abc-123" });
    expect(late.status).toBe(201);
    expect(stored("SBXCretry-abc-123")).toBe(1);
    expect(onPhone("SBXCretry-abc-123")).toBe(1);
  });

  test("without an id every send is a new message; stored ones answer 201", async () => {
    const r1 = await send({ number: "5511900002222", body: "um" });
    const r2 = await send({ number: "5511900002222", body: "um" });
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(r1.json.wid).not.toBe(r2.json.wid);
    expect(stored(r1.json.wid) + stored(r2.json.wid)).toBe(2);
  });

  test("a malformed id is a field error", async () => {
    const r = await send({ number: "5511900003333", body: "x", id: "../../etc" });
    expect([r.status, r.json.error]).toEqual([400, "ERR_VALIDATION"]);
    expect(r.json.fields?.id ?? r.json.params?.fields?.id).toBeTruthy();
  });
});
