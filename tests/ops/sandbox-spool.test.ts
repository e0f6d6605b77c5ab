/**
 * The answer says what happened: a sandbox customer's message that could not be stored (a full disk)
 * but waits in the inbound spool is answered 202 Accepted, never 507 — a client that retries after
 * a 507 would have it stored twice. A retry with the same id is the same message: stored once.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { messages } from "../../src/modules/messages/schema";
import { sandboxMessages } from "../../src/channels/sandbox/schema";
import { makeTestApp } from "../helpers/app";
import { failWrites } from "../support/fail-writes";

const t = await makeTestApp();
const a = await t.newCompany();
const created = await t.call("POST", "/whatsapp", { token: a.admin.token, body: { name: "Sandbox", channel: "sandbox" } });
const connId = created.json.id as number;
for (let i = 0; i < 100 && (await t.call("GET", `/whatsapp/${connId}`, { token: a.admin.token })).json.status !== "CONNECTED"; i++) await Bun.sleep(20);

const send = (body: Record<string, unknown>) => t.call("POST", `/sandbox/${connId}/messages`, { token: a.admin.token, body });
const stored = async (wid: string) => (await t.db.select({ id: messages.id }).from(messages).where(eq(messages.wid, wid))).length;
const onPhone = async (wid: string) => (await t.db.select({ id: sandboxMessages.id }).from(sandboxMessages).where(eq(sandboxMessages.wid, wid))).length;

/** The disk is full for the inbound path (messages) and for the phone's delivery tick, as it was when 507 was answered. */
async function fillDisk() {
  const undo = [await failWrites(t.db, "messages", "INSERT"), await failWrites(t.db, "sandbox_messages", "UPDATE")];
  return async () => {
    for (const u of undo) await u();
  };
}

describe("a sandbox message on a full disk", () => {
  test("answers 202 with the message's id, is stored once when storage works again; a retry with its id changes nothing", async () => {
    const freeDisk = await fillDisk();
    try {
      const first = await send({ number: "5511900001111", name: "Cliente", body: "pedido pelo disco cheio", id: "retry-abc-123" });
      expect(first.status).toBe(202);
      expect(first.json).toMatchObject({ wid: "SBXCretry-abc-123", direction: "in", body: "pedido pelo disco cheio" });
      expect(first.json.id).toBeGreaterThan(0);
      expect(await stored(first.json.wid)).toBe(0);
      expect(t.deps.inboundSpool.size()).toBe(1);
      // The client retries (it saw no 201): the same message, still waiting.
      const retry = await send({ number: "5511900001111", name: "Cliente", body: "pedido pelo disco cheio", id: "retry-abc-123" });
      expect(retry.status).toBe(202);
      expect(retry.json.id).toBe(first.json.id);
      expect(t.deps.inboundSpool.size()).toBe(1);
      expect(await onPhone(first.json.wid)).toBe(1);
    } finally {
      await freeDisk();
    }
    await t.deps.inboundSpool.drain();
    expect(t.deps.inboundSpool.size()).toBe(0);
    expect(await stored("SBXCretry-abc-123")).toBe(1);
    // A retry once it is stored: 201, and still one message.
    const late = await send({ number: "5511900001111", name: "Cliente", body: "pedido pelo disco cheio", id: "retry-abc-123" });
    expect(late.status).toBe(201);
    expect(await stored("SBXCretry-abc-123")).toBe(1);
    expect(await onPhone("SBXCretry-abc-123")).toBe(1);
  });

  test("without an id every send is a new message; stored ones answer 201", async () => {
    const r1 = await send({ number: "5511900002222", body: "um" });
    const r2 = await send({ number: "5511900002222", body: "um" });
    expect([r1.status, r2.status]).toEqual([201, 201]);
    expect(r1.json.wid).not.toBe(r2.json.wid);
    expect((await stored(r1.json.wid)) + (await stored(r2.json.wid))).toBe(2);
  });

  test("a malformed id is a field error", async () => {
    const r = await send({ number: "5511900003333", body: "x", id: "../../etc" });
    expect([r.status, r.json.error]).toEqual([400, "ERR_VALIDATION"]);
    expect(r.json.fields?.id ?? r.json.params?.fields?.id).toBeTruthy();
  });
});
