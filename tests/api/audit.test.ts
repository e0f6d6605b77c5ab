/**
 * The audit log (issue 28): one scenario per catalogued event, each checked in the right company's
 * log (who, what, which object, from which address, changed fields without secrets or message
 * bodies) and absent from another company's; the /audit page's filters, paging and CSV export; no
 * route edits or deletes an entry; retention; a rolled-back change leaves no entry.
 */
import { describe, expect, test } from "bun:test";
import { rawAll } from "../../src/db/query";
import { sql } from "drizzle-orm";
import * as XLSX from "@e965/xlsx";
import * as OTPAuth from "otpauth";
import { AUDIT_EVENTS, type AuditEvent } from "../../src/contract/audit";
import { zonedToday } from "../../src/contract/zoned";
import { pruneAuditLog } from "../../src/modules/audit/jobs";
import { audit } from "../../src/modules/audit/service";
import { ensureInvoice } from "../../src/modules/invoices/billing";
import { makeTestApp } from "../helpers/app";
import { makeConnection } from "../helpers/channel";
import { SoftAuthenticator } from "../helpers/webauthn";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const root = await t.superSession();
// several sessions per user: the scenarios sign the admin in again without ending the test's own session
await t.call("PUT", "/settings/singleSession", { token: a.admin.token, body: { value: "disabled" } });
const agent = await t.newUser(a.admin.token);
const ADDRESS = "198.51.100.77";
const { connection } = await makeConnection(t, a.company.id, { token: "audit-api-token-123" });

const as = (token: string) => (method: string, path: string, body?: unknown) => t.call(method, path, { token, body, headers: { "x-forwarded-for": ADDRESS } });
const admin = as(a.admin.token);
const sup = as(root.token);
const codeAt = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
const sheet = (rows: unknown[][]) => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "P");
  const f = new FormData();
  f.append("file", new File([XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer], "c.xlsx", { type: XLSX_MIME }));
  return f;
};
const XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const ok = <R extends { status: number; text: string }>(r: R): R => {
  if (r.status >= 300) throw new Error(`${r.status} ${r.text}`);
  return r;
};

/** Which company's log an event lands in: A's (the default), the platform's, or a new company's. */
type Where = "a" | "platform";

let totpSecret = "";
let recovery: string[] = [];
let contactId = 0;
let ticketId = 0;
/** One action per catalogued event; each answers where its entry should be. */
const SCENARIOS: Record<AuditEvent, () => Promise<Where | undefined>> = {
  "auth.signin": async () =>
    void (await t.call("POST", "/auth/login", {
      body: { email: agent.email, password: agent.password },
      headers: { "x-forwarded-for": ADDRESS },
    })) as undefined,
  "auth.signin.failed": async () =>
    void (await t.call("POST", "/auth/login", { body: { email: agent.email, password: "wrong-one" }, headers: { "x-forwarded-for": ADDRESS } })) as undefined,
  "auth.signout": async () => {
    const s = await t.login(agent.email, agent.password);
    await t.call("DELETE", "/auth/logout", { token: s.token, headers: { "x-forwarded-for": ADDRESS } });
    return undefined;
  },
  "auth.password.changed": async () => {
    const s = await t.login(agent.email, agent.password);
    ok(
      await t.call("POST", "/auth/password", {
        token: s.token,
        body: { email: agent.email, currentPassword: agent.password, password: "agent-pass-2" },
        headers: { "x-forwarded-for": ADDRESS },
      }),
    );
    agent.password = "agent-pass-2";
    return undefined;
  },
  "auth.totp.enabled": async () => {
    const setup = ok(await admin("POST", "/auth/totp/setup", { password: a.password }));
    totpSecret = setup.json.secret;
    recovery = ok(await admin("POST", "/auth/totp/confirm", { code: codeAt(totpSecret) })).json.recoveryCodes;
    return undefined;
  },
  "auth.recovery.regenerated": async () => {
    recovery = ok(await admin("POST", "/auth/recovery-codes", { password: a.password })).json.recoveryCodes;
    return undefined;
  },
  "auth.recovery.used": async () => {
    const s = await t.call("POST", "/auth/login", { body: { email: a.email, password: a.password }, headers: { "x-forwarded-for": ADDRESS } });
    ok(
      await t.call("POST", "/auth/second-factor", {
        body: { challenge: s.json.secondFactor.challenge, recoveryCode: recovery[0] },
        headers: { "x-forwarded-for": ADDRESS },
      }),
    );
    return undefined;
  },
  "auth.totp.disabled": async () => void ok(await admin("POST", "/auth/totp/disable", { password: a.password })) as undefined,
  "auth.passkey.added": async () => {
    const start = ok(await admin("POST", "/auth/passkeys/options", { password: a.password }));
    const response = await new SoftAuthenticator().register(start.json.options);
    ok(await admin("POST", "/auth/passkeys", { challenge: start.json.challenge, name: "Chave do escritório", response }));
    return undefined;
  },
  "auth.passkey.removed": async () => {
    const id = (await admin("GET", "/auth/security")).json.passkeys[0].id;
    ok(await t.call("DELETE", `/auth/passkeys/${id}`, { token: a.admin.token, body: { password: a.password }, headers: { "x-forwarded-for": ADDRESS } }));
    return undefined;
  },
  "auth.second-factor.reset": async () => void ok(await admin("POST", `/users/${agent.id}/second-factor/reset`)) as undefined,
  "auth.session.ended": async () => {
    const s = await t.login(agent.email, agent.password);
    const sid = (await t.call("GET", "/auth/sessions", { token: s.token })).json.sessions[0].id;
    ok(await admin("DELETE", `/users/${agent.id}/sessions/${sid}`));
    return undefined;
  },
  "auth.sessions.ended": async () => void ok(await admin("DELETE", `/users/${agent.id}/sessions`)) as undefined,
  "user.created": async () =>
    void ok(await admin("POST", "/users", { name: "Nova Pessoa", email: "nova.pessoa@test.local", password: "nova-pass-1", profile: "user" })) as undefined,
  "user.updated": async () => void ok(await admin("PUT", `/users/${agent.id}`, { profile: "supervisor" })) as undefined,
  "user.deleted": async () => {
    const u = ok(await admin("POST", "/users", { name: "Saindo", email: "saindo@test.local", password: "nova-pass-1", profile: "user" }));
    ok(await admin("DELETE", `/users/${u.json.id}`));
    return undefined;
  },
  "setting.updated": async () => void ok(await admin("PUT", "/settings/userRating", { value: "enabled" })) as undefined,
  "company.signup": async () => void (await t.newCompany("Empresa Registrada")) as undefined,
  "company.created": async () => {
    ok(await sup("POST", "/companies", { name: "Criada Pelo Super", email: "criada@test.local", planId: 1 }));
    return "platform";
  },
  "company.updated": async () => {
    const id = (await sup("GET", "/companies/list")).json.find((c: { name: string }) => c.name === "Criada Pelo Super").id;
    ok(await sup("PUT", `/companies/${id}`, { phone: "5511999990000" }));
    return "platform";
  },
  "company.deleted": async () => {
    const id = (await sup("GET", "/companies/list")).json.find((c: { name: string }) => c.name === "Criada Pelo Super").id;
    ok(await sup("DELETE", `/companies/${id}`));
    return "platform";
  },
  "plan.created": async () => {
    ok(await sup("POST", "/plans", { name: "Plano Auditado", users: 3, connections: 1, queues: 2, value: 10 }));
    return "platform";
  },
  "plan.updated": async () => {
    const id = (await sup("GET", "/plans/all")).json.find((p: { name: string }) => p.name === "Plano Auditado").id;
    ok(await sup("PUT", `/plans/${id}`, { value: 20 }));
    return "platform";
  },
  "plan.deleted": async () => {
    const id = (await sup("GET", "/plans/all")).json.find((p: { name: string }) => p.name === "Plano Auditado").id;
    ok(await sup("DELETE", `/plans/${id}`));
    return "platform";
  },
  "invoice.paid": async () => {
    const inv = (await ensureInvoice(t.db, { id: a.company.id, dueDate: "2031-01-01" }, { name: "Plano", value: 10 })).row;
    ok(await sup("PUT", `/invoices/${inv.id}`, { status: "paid" }));
    return undefined;
  },
  "connection.created": async () => void ok(await admin("POST", "/whatsapp", { name: "Simulador auditado", channel: "sandbox" })) as undefined,
  "connection.updated": async () =>
    void ok(await admin("PUT", `/whatsapp/${await sandboxId()}`, { greetingMessage: "Olá!", token: "novo-token-secreto" })) as undefined,
  "connection.started": async () => void ok(await admin("POST", `/whatsappsession/${await sandboxId()}`)) as undefined,
  "connection.restarted": async () => void ok(await admin("PUT", `/whatsappsession/${await sandboxId()}`, {})) as undefined,
  "connection.disconnected": async () => void ok(await admin("DELETE", `/whatsappsession/${await sandboxId()}`)) as undefined,
  "connection.deleted": async () => void ok(await admin("DELETE", `/whatsapp/${await sandboxId()}`)) as undefined,
  "contact.created": async () => {
    contactId = ok(await admin("POST", "/contacts", { name: "Cliente Auditado", number: "5511977776666" })).json.id;
    return undefined;
  },
  "contact.updated": async () => void ok(await admin("PUT", `/contacts/${contactId}`, { name: "Cliente Renomeado" })) as undefined,
  "contact.opted-out": async () => void ok(await admin("PUT", `/contacts/${contactId}/opt-out`, { optedOut: true })) as undefined,
  "contact.opted-in": async () => void ok(await admin("PUT", `/contacts/${contactId}/opt-out`, { optedOut: false })) as undefined,
  "contacts.imported": async () => {
    ok(
      await t.call("POST", "/contacts/import", {
        token: a.admin.token,
        form: sheet([
          ["nome", "numero"],
          ["Ana", "5511955554444"],
        ]),
        headers: { "x-forwarded-for": ADDRESS },
      }),
    );
    return undefined;
  },
  "contacts.exported": async () => void ok(await admin("GET", "/contacts/export")) as undefined,
  "ticket.transferred": async () => {
    ticketId = ok(await admin("POST", "/tickets", { contactId, status: "open", userId: a.admin.user.id, whatsappId: connection.id })).json.id;
    ok(await admin("PUT", `/tickets/${ticketId}`, { userId: agent.id, status: "open" }));
    return undefined;
  },
  "message.deleted": async () => {
    const ticket = ok(
      await admin("POST", "/tickets", {
        contactId: ok(await admin("POST", "/contacts", { name: "Msg", number: "5511933332222" })).json.id,
        status: "open",
        userId: a.admin.user.id,
        whatsappId: connection.id,
      }),
    ).json.id;
    const sent = ok(await admin("POST", `/messages/${ticket}`, { body: "uma mensagem secreta do atendimento" }));
    const id = (Array.isArray(sent.json) ? sent.json[0] : sent.json).id;
    await Bun.sleep(50);
    ok(await admin("DELETE", `/messages/${id}`));
    return undefined;
  },
  "ticket.deleted": async () => void ok(await admin("DELETE", `/tickets/${ticketId}`)) as undefined,
  "contact.deleted": async () => void ok(await admin("DELETE", `/contacts/${contactId}`)) as undefined,
  "message.sent-by-api": async () => {
    ok(
      await t.call("POST", "/api/messages/send", {
        body: { number: "5511922221111", body: "texto da API" },
        headers: { authorization: "Bearer audit-api-token-123", "x-forwarded-for": ADDRESS },
      }),
    );
    return undefined;
  },
  "queue.created": async () => void ok(await admin("POST", "/queue", { name: "Fila auditada", color: "#123456" })) as undefined,
  "queue.updated": async () => void ok(await admin("PUT", `/queue/${await idOf("/queue", "Fila auditada")}`, { color: "#654321" })) as undefined,
  "queue.deleted": async () => void ok(await admin("DELETE", `/queue/${await idOf("/queue", "Fila auditada")}`)) as undefined,
  "tag.created": async () => void ok(await admin("POST", "/tags", { name: "Etiqueta auditada", color: "#123456" })) as undefined,
  "tag.updated": async () => void ok(await admin("PUT", `/tags/${await idOf("/tags/list", "Etiqueta auditada")}`, { color: "#654321" })) as undefined,
  "tag.deleted": async () => void ok(await admin("DELETE", `/tags/${await idOf("/tags/list", "Etiqueta auditada")}`)) as undefined,
  "quick-message.created": async () => void ok(await admin("POST", "/quick-messages", { shortcode: "auditada", message: "corpo", geral: true })) as undefined,
  "quick-message.updated": async () => void ok(await admin("PUT", `/quick-messages/${await quickId()}`, { message: "outro corpo secreto" })) as undefined,
  "quick-message.deleted": async () => void ok(await admin("DELETE", `/quick-messages/${await quickId()}`)) as undefined,
  "integration.created": async () =>
    void ok(await admin("POST", "/queueIntegration", { type: "webhook", name: "Gancho auditado", urlN8N: "http://127.0.0.1:9/x" })) as undefined,
  "integration.updated": async () =>
    void ok(
      await admin("PUT", `/queueIntegration/${await idOf("/queueIntegration", "Gancho auditado", "queueIntegrations")}`, {
        type: "webhook",
        name: "Gancho auditado",
        urlN8N: "http://127.0.0.1:9/y",
      }),
    ) as undefined,
  "integration.deleted": async () =>
    void ok(await admin("DELETE", `/queueIntegration/${await idOf("/queueIntegration", "Gancho auditado", "queueIntegrations")}`)) as undefined,
  "prompt.created": async () =>
    void ok(
      await admin("POST", "/prompt", {
        name: "Assistente auditado",
        prompt: "Você é a assistente virtual da Loja Exemplo. Responda com educação.",
        apiKey: "sk-secreta-1",
        queueId: await anyQueue(),
      }),
    ) as undefined,
  "prompt.updated": async () =>
    void ok(
      await admin("PUT", `/prompt/${await idOf("/prompt", "Assistente auditado", "prompts")}`, {
        name: "Assistente auditado",
        prompt: "Você é a assistente virtual da Loja Exemplo. Responda com clareza.",
        apiKey: "sk-secreta-2",
        queueId: await anyQueue(),
      }),
    ) as undefined,
  "prompt.deleted": async () => void ok(await admin("DELETE", `/prompt/${await idOf("/prompt", "Assistente auditado", "prompts")}`)) as undefined,
  "campaign.created": async () => {
    const list = ok(await admin("POST", "/contact-lists", { name: "Lista auditada" })).json.id;
    ok(await admin("POST", "/campaigns", { name: "Campanha auditada", message1: "Oi", whatsappId: connection.id, contactListId: list }));
    return undefined;
  },
  "campaign.updated": async () => {
    const c = (await admin("GET", "/campaigns")).json.records[0];
    ok(await admin("PUT", `/campaigns/${c.id}`, { name: "Campanha auditada 2", message1: "Oi", whatsappId: connection.id, contactListId: c.contactListId }));
    return undefined;
  },
  "campaign.started": async () => {
    const list = ok(await admin("POST", "/contact-lists", { name: "Lista iniciada" })).json.id;
    const c = ok(await admin("POST", "/campaigns", { name: "Zeta iniciada agora", message1: "Oi", whatsappId: connection.id, contactListId: list })).json.id;
    ok(await admin("POST", `/campaigns/${c}/start`));
    return undefined;
  },
  "campaign.deleted": async () => void ok(await admin("DELETE", `/campaigns/${(await admin("GET", "/campaigns")).json.records[0].id}`)) as undefined,
  "contact-list.imported": async () => {
    const list = (await admin("GET", "/contact-lists")).json.records[0].id;
    ok(
      await t.call("POST", `/contact-lists/${list}/upload`, {
        token: a.admin.token,
        form: sheet([
          ["nome", "numero"],
          ["Bia", "5511944443333"],
        ]),
        headers: { "x-forwarded-for": ADDRESS },
      }),
    );
    return undefined;
  },
  "backup.created": async () => {
    ok(await sup("POST", "/backups"));
    for (let i = 0; i < 100 && !(await sup("GET", "/backups")).json.backups?.length; i++) await Bun.sleep(100);
    return "platform";
  },
  "backup.downloaded": async () => {
    ok(await sup("POST", `/backups/${await backupName()}/link`));
    return "platform";
  },
  "backup.restore-staged": async () => {
    const name = await backupName();
    ok(await sup("POST", `/backups/${name}/restore`, { confirm: name }));
    await sup("DELETE", "/backups/restore");
    return "platform";
  },
  "backup.deleted": async () => {
    ok(await sup("DELETE", `/backups/${await backupName()}`));
    return "platform";
  },
  "job.run": async () => {
    ok(await sup("POST", "/jobs/audit.prune/run"));
    return "platform";
  },
  "audit.exported": async () => void ok(await admin("GET", "/audit/export")) as undefined,
};

async function sandboxId() {
  return (await admin("GET", "/whatsapp")).json.find((w: { name: string }) => w.name === "Simulador auditado").id;
}
async function idOf(path: string, name: string, key?: string) {
  const j = (await admin("GET", path)).json;
  const list = key ? j[key] : Array.isArray(j) ? j : (j.records ?? j.tags ?? j.queues ?? []);
  return list.find((x: { name: string }) => x.name === name).id;
}
async function quickId() {
  return (await admin("GET", "/quick-messages")).json.records.find((q: { shortcode: string }) => q.shortcode === "auditada").id;
}
async function anyQueue() {
  const q = (await admin("GET", "/queue")).json;
  return q.length ? q[0].id : ok(await admin("POST", "/queue", { name: "Fila do assistente", color: "#0000aa" })).json.id;
}
async function backupName() {
  return (await sup("GET", "/backups")).json.backups[0].name as string;
}

const logOf = async (token: string, query: Record<string, string | number> = {}) =>
  (await t.call("GET", `/audit?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { token })).json;

describe("every catalogued event is recorded in its company's log", () => {
  test("one scenario per event, in order", async () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual([...AUDIT_EVENTS].sort());
    for (const event of Object.keys(SCENARIOS) as AuditEvent[]) {
      // Backup archives are SQLite's: on PostgreSQL they are refused (409 ERR_BACKUP_POSTGRES, tests/ops/boot.test.ts)
      // and there is nothing to record.
      if (t.db.engine === "pg" && event.startsWith("backup.")) continue;
      const where = (await SCENARIOS[event]()) ?? "a";
      const reader = where === "platform" ? root.token : a.admin.token;
      const page = await logOf(reader, { event });
      if (!page.count) throw new Error(`no audit entry for ${event}: ${JSON.stringify(page)}`);
      const entry = page.entries[0];
      expect(entry.event).toBe(event);
      // another company never sees it
      expect((await logOf(b.admin.token, { event })).entries.filter((e: { id: number }) => e.id === entry.id)).toEqual([]);
      if (where === "platform") expect((await logOf(a.admin.token, { event })).entries.filter((e: { id: number }) => e.id === entry.id)).toEqual([]);
    }
  }, 120_000);

  test("who, what, where and the changed fields, without secrets or message bodies", async () => {
    const signin = (await logOf(a.admin.token, { event: "auth.signin.failed" })).entries[0];
    expect(signin).toMatchObject({ actorType: "user", actorId: agent.id, targetType: "user", targetId: String(agent.id), address: ADDRESS });
    const updated = (await logOf(a.admin.token, { event: "user.updated" })).entries[0];
    expect(updated.changes.profile).toEqual(["user", "supervisor"]);
    expect(updated.actorName).toContain(a.email);
    const conn = (await logOf(a.admin.token, { event: "connection.updated" })).entries[0];
    expect(conn.changes.token).toEqual(["•••", "•••"]);
    const quick = (await logOf(a.admin.token, { event: "quick-message.updated" })).entries[0];
    expect(JSON.stringify(quick)).not.toContain("outro corpo secreto");
    const prompt = (await logOf(a.admin.token, { event: "prompt.updated" })).entries[0];
    expect(JSON.stringify(prompt)).not.toContain("sk-secreta");
    const api = (await logOf(a.admin.token, { event: "message.sent-by-api" })).entries[0];
    expect(api).toMatchObject({ actorType: "token", actorId: connection.id });
    expect(JSON.stringify(api)).not.toContain("texto da API");
    const all = JSON.stringify(await logOf(a.admin.token));
    expect(all).not.toContain("uma mensagem secreta");
    expect(all).not.toContain(a.password);
  });
});

describe("the /audit page", () => {
  test("admins only; filters by user, event, object and period; pages; CSV export", async () => {
    expect((await t.call("GET", "/audit", { token: agent.token })).status).toBeGreaterThanOrEqual(401);
    const fresh = await t.login(agent.email, agent.password);
    expect((await t.call("GET", "/audit", { token: fresh.token })).status).toBe(403);
    expect((await t.call("GET", "/audit?event=nope", { token: a.admin.token })).status).toBe(400);
    const byUser = await logOf(a.admin.token, { userId: agent.id });
    expect(byUser.count).toBeGreaterThan(0);
    expect(byUser.entries.every((e: { actorId: number }) => e.actorId === agent.id)).toBe(true);
    const byObject = await logOf(a.admin.token, { targetType: "contact", targetId: contactId });
    expect(byObject.entries.map((e: { event: string }) => e.event)).toEqual([
      "contact.deleted",
      "contact.opted-in",
      "contact.opted-out",
      "contact.updated",
      "contact.created",
    ]);
    // the filter's days are the company's: near midnight UTC the two differ
    const today = zonedToday(t.config.timezone);
    expect((await logOf(a.admin.token, { from: "2020-01-01", to: "2020-01-02" })).count).toBe(0);
    const period = await logOf(a.admin.token, { from: "2020-01-01", to: "2099-12-31" });
    expect(period.count).toBeGreaterThan(50);
    expect(period.entries).toHaveLength(50);
    expect(period.hasMore).toBe(true);
    const page2 = await logOf(a.admin.token, { pageNumber: 2 });
    expect(page2.entries[0].id).toBeLessThan(period.entries[49].id);
    const csv = await t.call("GET", `/audit/export?event=user.updated&from=${today}`, { token: a.admin.token });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = csv.text.trim().split("\r\n");
    expect(lines[0]).toContain("at;actor_type;actor_id;actor;event");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(";user.updated;"))).toBe(true);
  });

  test("no route edits or deletes an entry", async () => {
    const id = (await logOf(a.admin.token)).entries[0].id;
    for (const [method, path] of [
      ["PUT", `/audit/${id}`],
      ["DELETE", `/audit/${id}`],
      ["DELETE", "/audit"],
      ["POST", "/audit"],
    ]) {
      expect((await t.call(method, path, { token: root.token, body: {} })).status).toBe(404);
    }
  });

  test("a rolled-back change leaves no entry; retention prunes old entries only", async () => {
    const count = async () => Number((await rawAll<{ n: number }>(t.db, sql`select count(*) n from audit_log`))[0]!.n);
    const before = await count();
    await expect(
      t.db.transaction(async (tx) => {
        await audit({ db: t.db, companyId: a.company.id, user: a.admin.user }, "tag.created", { type: "tag", id: 1 }, undefined, tx);
        throw new Error("the change fails");
      }),
    ).rejects.toThrow("the change fails");
    expect(await count()).toBe(before);
    await rawAll(t.db, sql`update audit_log set at = ${Date.now() - 400 * 86_400_000} where id in (select id from audit_log order by id limit 3)`);
    const total = await count();
    expect(await pruneAuditLog(t.deps)).toBe(3);
    expect(await count()).toBe(total - 3);
  });
});
