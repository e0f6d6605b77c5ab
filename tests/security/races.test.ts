/**
 * Writes that race (issue 10), with concurrent requests over a real server: one accept wins and the
 * other gets 409 with the owner's name; plan limits (users, connections, queues) hold under parallel
 * creation; parallel sign-ups with one email give one company and clear 409s, never a 500.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import { plans } from "../../src/modules/plans/schema";
import { inbound, makeConnection } from "../helpers/channel";
import { makeLiveApp } from "./helpers";

const t = await makeLiveApp();

/** A company on its own plan with the given limits. */
async function companyWithPlan(limits: { users: number; connections: number; queues: number }) {
  const c = await t.newCompany();
  const now = new Date().toISOString();
  const plan = (
    await t.db
      .insert(plans)
      .values({ name: `Plano ${crypto.randomUUID().slice(0, 6)}`, ...limits, value: 10, createdAt: now, updatedAt: now })
      .returning()
  )[0];
  const su = await t.superSession();
  expect((await t.http("PUT", `/companies/${c.company.id}`, { token: su.token, body: { planId: plan.id } })).status).toBe(200);
  await t.db.update(plans).set(limits).where(eq(plans.id, plan.id));
  return c;
}

const statuses = (rs: { status: number }[]) => rs.map((r) => r.status).sort();

describe("races", () => {
  test("two agents accepting one pending ticket at once: exactly one wins, the other gets 409 with the owner", async () => {
    const c = await t.newCompany();
    const q = await t.http("POST", "/queue", { token: c.admin.token, body: { name: "Suporte", color: "#335577" } });
    const a1 = await t.newUser(c.admin.token, { name: "Agente Um", queueIds: [q.json.id] });
    const a2 = await t.newUser(c.admin.token, { name: "Agente Dois", queueIds: [q.json.id] });
    const { connection } = await makeConnection(t, c.company.id);
    for (let round = 0; round < 5; round++) {
      const res = await handleInbound(t.deps, { id: connection.id, companyId: c.company.id }, inbound(`55119333300${round}0`, "preciso de ajuda"));
      const id = res!.ticket.id;
      await t.http("PUT", `/tickets/${id}`, { token: c.admin.token, body: { queueId: q.json.id, status: "pending" } });
      const [r1, r2] = await Promise.all([
        t.http("PUT", `/tickets/${id}`, { token: a1.token, body: { status: "open", userId: a1.id } }),
        t.http("PUT", `/tickets/${id}`, { token: a2.token, body: { status: "open", userId: a2.id } }),
      ]);
      expect(statuses([r1, r2])).toEqual([200, 409]);
      const lost = r1.status === 409 ? r1 : r2;
      const won = r1.status === 200 ? r1 : r2;
      expect(lost.json.error).toBe("ERR_TICKET_ALREADY_ACCEPTED");
      expect(lost.json.user.name).toBe(won.json.user.name);
      // a close by the loser on a ticket that changed meanwhile is refused too
      const loserToken = lost === r1 ? a1.token : a2.token;
      const close = await t.http("PUT", `/tickets/${id}`, { token: loserToken, body: { status: "closed" } });
      expect(close.status).toBe(409);
      expect(close.json.user.name).toBe(won.json.user.name);
    }
  }, 30_000);

  test("12 parallel user creations on a plan of 10 users give exactly 10 users", async () => {
    const c = await companyWithPlan({ users: 10, connections: 10, queues: 10 });
    const rs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.http("POST", "/users", {
          token: c.admin.token,
          body: { name: `Pessoa ${i}`, email: `p${i}.${crypto.randomUUID().slice(0, 6)}@test.local`, password: "senha-123" },
        }),
      ),
    );
    const created = rs.filter((r) => r.status === 201).length;
    const list = await t.http("GET", "/users/list", { token: c.admin.token });
    expect(list.json).toHaveLength(10);
    expect(created).toBe(9); // the admin is the 10th
    for (const r of rs.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(400);
      expect(r.json.error).toBe("ERR_PLAN_LIMIT_USERS");
      expect(r.json.limit).toBe(10);
    }
  }, 30_000);

  test("parallel connection and queue creations never pass the plan", async () => {
    const c = await companyWithPlan({ users: 10, connections: 2, queues: 3 });
    const conns = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.http("POST", "/whatsapp", { token: c.admin.token, body: { name: `Conexão ${i}`, channel: "sandbox" } })),
    );
    expect(conns.filter((r) => r.status === 201)).toHaveLength(2);
    expect(conns.filter((r) => r.status === 400).every((r) => r.json.error === "ERR_PLAN_LIMIT_CONNECTIONS")).toBe(true);
    const queues = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.http("POST", "/queue", { token: c.admin.token, body: { name: `Fila ${i}`, color: `#00${i}${i}aa` } })),
    );
    expect(queues.filter((r) => r.status === 201)).toHaveLength(3);
    expect(queues.filter((r) => r.status === 400).every((r) => r.json.error === "ERR_PLAN_LIMIT_QUEUES")).toBe(true);
  }, 30_000);

  test("parallel sign-ups with one email: one succeeds, the rest get 409, never a 500", async () => {
    const email = `dup.${crypto.randomUUID().slice(0, 8)}@test.local`;
    const rs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.http("POST", "/companies/cadastro", {
          body: { name: `Empresa Paralela ${i} ${crypto.randomUUID().slice(0, 4)}`, email, password: "senha-123", planId: 1, phone: "" },
          headers: { "x-forwarded-for": `198.18.0.${i + 1}` },
        }),
      ),
    );
    expect(rs.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of rs.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.json.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
    }
  }, 30_000);
});
