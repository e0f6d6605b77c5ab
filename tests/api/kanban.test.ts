import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { ingestMessage } from "../../src/inbound/receive";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const { connection } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };
const tok = a.admin.token;
const lane = async (name: string, kanban = 1) => (await t.call("POST", "/tags", { token: tok, body: { name, color: "#aa3300", kanban } })).json.id as number;
const novo = await lane("Novo lead");
const proposta = await lane("Proposta");
const vip = await lane("Cliente VIP", 0);
const queue = (await t.call("POST", "/queue", { token: tok, body: { name: "Vendas", color: "#22aa55" } })).json.id as number;
const outsider = await t.newUser(tok, { name: "Sem fila" });
const ticketId = (await ingestMessage(t.deps, conn, inbound("5511933334444", "quero um orçamento")))!.ticket.id;
const tagNames = async () => ((await t.call("GET", `/tickets/${ticketId}`, { token: tok })).json.tags as { name: string }[]).map((x) => x.name).sort();

describe("kanban move", () => {
  test("moving across lanes keeps exactly one kanban tag and the other tags; one ticket frame per move", async () => {
    await t.call("POST", "/tags/sync", { token: tok, body: { ticketId, tags: [vip] } });
    const r1 = await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: { tagId: novo } });
    expect(r1.status).toBe(200);
    expect(await tagNames()).toEqual(["Cliente VIP", "Novo lead"]);
    t.events.length = 0;
    await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: { tagId: proposta } });
    expect(await tagNames()).toEqual(["Cliente VIP", "Proposta"]);
    expect(t.framesOf("ticket").filter((f) => f.frame.action === "update")).toHaveLength(1);
    // Back to the first lane ("Em aberto"): the kanban link goes, VIP stays.
    await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: { tagId: null } });
    expect(await tagNames()).toEqual(["Cliente VIP"]);
    const board = await t.call("GET", "/ticket/kanban", { token: tok });
    expect(board.json.tickets.find((x: { id: number }) => x.id === ticketId).tags.map((x: { name: string }) => x.name)).toEqual(["Cliente VIP"]);
  });

  test("validation: a non-kanban or unknown tag is refused; the body needs tagId", async () => {
    const notLane = await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: { tagId: vip } });
    expect([notLane.status, notLane.json.error]).toEqual([404, "ERR_NO_TAG_FOUND"]);
    expect((await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: {} })).status).toBe(400);
    expect((await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: { tagId: "x" } })).status).toBe(400);
    expect(await tagNames()).toEqual(["Cliente VIP"]);
  });

  test("visibility and tenancy: a ticket the user may not see is refused, another company's is 404", async () => {
    // Put the ticket in a queue the agent does not belong to.
    await t.call("PUT", `/tickets/${ticketId}`, { token: tok, body: { queueId: queue } });
    const hidden = await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: outsider.token, body: { tagId: novo } });
    expect([hidden.status, hidden.json.error]).toEqual([403, "ERR_NO_PERMISSION"]);
    const foreign = await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: b.admin.token, body: { tagId: novo } });
    expect([foreign.status, foreign.json.error]).toEqual([404, "ERR_NO_TICKET_FOUND"]);
    expect(await tagNames()).toEqual(["Cliente VIP"]);
  });

  test("the plan's useKanban flag gates the move", async () => {
    const now = new Date().toISOString();
    const plan = (await t.db.insert(plans).values({ name: "Sem Kanban 2", useKanban: false, createdAt: now, updatedAt: now }).returning())[0];
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));
    try {
      const r = await t.call("PUT", `/ticket-tags/${ticketId}/kanban`, { token: tok, body: { tagId: novo } });
      expect(r.json).toEqual({ error: "ERR_NO_PERMISSION", feature: "useKanban" });
    } finally {
      await t.db.update(companies).set({ planId: 1 }).where(eq(companies.id, a.company.id));
    }
  });
});
