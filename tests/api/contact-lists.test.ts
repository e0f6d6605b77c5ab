import { describe, expect, test } from "bun:test";
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { nowIso } from "../../src/lib/dates";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { makeTestApp } from "../helpers/app";
import { makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const b = await t.newCompany();
const agentA = await t.newUser(a.admin.token);

function sheet(rows: unknown[][], name = "lista.xlsx") {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), "Planilha1");
  const bytes = XLSX.write(wb, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
  const f = new FormData();
  f.append("file", new File([bytes], name, { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }));
  return f;
}

describe("contact lists", () => {
  let listId = 0;
  test("admin creates a list; realtime ContactList create to the campaign room", async () => {
    const r = await t.call("POST", "/contact-lists", { token: a.admin.token, body: { name: "Clientes VIP" } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ name: "Clientes VIP", contactsCount: 0 });
    listId = r.json.id;
    const f = t.framesOf("ContactList").at(-1)!;
    expect(f.frame).toMatchObject({ action: "create", record: { id: listId } });
    expect(f.rooms).toEqual([`company-${a.company.id}-campaigns`]);
  });

  test("validation: name 2-50; items name 2-50, number 8-50, email valid", async () => {
    const r = await t.call("POST", "/contact-lists", { token: a.admin.token, body: { name: "x" } });
    expect(r).toMatchObject({ status: 400, json: { fields: { name: "validation.tooShort" } } });
    const i = await t.call("POST", "/contact-list-items", { token: a.admin.token, body: { contactListId: listId, name: "", number: "123", email: "nope" } });
    expect(i.status).toBe(400);
    expect(i.json.fields).toEqual({ name: "validation.required", number: "validation.tooShort", email: "validation.invalidEmail" });
  });

  test("items: add (unchecked without a live connection), duplicate number refused, edit, search, paging, delete", async () => {
    const add = await t.call("POST", "/contact-list-items", {
      token: a.admin.token,
      body: { contactListId: listId, name: "Ana Souza", number: "+55 (11) 98888-0001", email: "ANA@x.com" },
    });
    expect(add.status).toBe(201);
    expect(add.json).toMatchObject({ name: "Ana Souza", number: "5511988880001", email: "ana@x.com", isWhatsappValid: null, contactListId: listId });
    const dup = await t.call("POST", "/contact-list-items", { token: a.admin.token, body: { contactListId: listId, name: "Outra", number: "5511988880001" } });
    expect(dup).toMatchObject({ status: 409, json: { error: "ERR_CONTACT_LIST_ITEM_EXISTS" } });
    const put = await t.call("PUT", `/contact-list-items/${add.json.id}`, { token: a.admin.token, body: { name: "Ana S." } });
    expect(put.json.name).toBe("Ana S.");
    expect(t.framesOf("ContactListItem").at(-1)!.frame).toMatchObject({ action: "update", record: { id: add.json.id } });
    for (let i = 0; i < 21; i++) {
      await t.call("POST", "/contact-list-items", {
        token: a.admin.token,
        body: { contactListId: listId, name: `Lote ${String(i).padStart(2, "0")}`, number: `55119000000${String(i).padStart(2, "0")}` },
      });
    }
    const p1 = await t.call("GET", `/contact-list-items?contactListId=${listId}&pageNumber=1`, { token: a.admin.token });
    expect(p1.json).toMatchObject({ count: 22, hasMore: true });
    expect(p1.json.contacts).toHaveLength(20);
    const p2 = await t.call("GET", `/contact-list-items?contactListId=${listId}&pageNumber=2`, { token: a.admin.token });
    expect(p2.json.hasMore).toBe(false);
    const s = await t.call("GET", `/contact-list-items?contactListId=${listId}&searchParam=ana`, { token: a.admin.token });
    expect(s.json.contacts.map((c: { name: string }) => c.name)).toEqual(["Ana S."]);
    const lists = await t.call("GET", "/contact-lists", { token: a.admin.token });
    expect(lists.json.records[0]).toMatchObject({ id: listId, contactsCount: 22 });
    const del = await t.call("DELETE", `/contact-list-items/${add.json.id}`, { token: a.admin.token });
    expect(del.status).toBe(200);
    expect(t.framesOf("ContactListItem").at(-1)!.frame).toEqual({ channel: "ContactListItem", action: "delete", id: add.json.id, contactListId: listId });
  });

  test("import .xlsx: row-by-row report, upsert by number, reload frame; other files refused", async () => {
    const form = sheet([
      ["Nome", "Número", "E-mail"],
      ["Bruno", "5511977770001", "bruno@x.com"],
      ["Lote 00 renomeado", "5511900000000", ""],
      ["Sem número", "12", ""],
      ["Carla", "5511977770002", "carla@"],
    ]);
    const r = await t.call("POST", `/contact-lists/${listId}/upload`, { token: a.admin.token, form });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      created: 1,
      updated: 1,
      rejected: [
        { row: 4, reason: "ERR_IMPORT_INVALID_NUMBER" },
        { row: 5, reason: "ERR_IMPORT_INVALID_EMAIL" },
      ],
    });
    expect(t.framesOf("ContactListItem").at(-1)!.frame).toEqual({ channel: "ContactListItem", action: "reload", contactListId: listId });
    const s = await t.call("GET", `/contact-list-items?contactListId=${listId}&searchParam=renomeado`, { token: a.admin.token });
    expect(s.json.contacts[0].number).toBe("5511900000000");
    const bad = new FormData();
    bad.append("file", new File(["a;b"], "lista.csv", { type: "text/csv" }));
    expect((await t.call("POST", `/contact-lists/${listId}/upload`, { token: a.admin.token, form: bad })).json.error).toBe("ERR_IMPORT_FILE_TYPE");
  });

  test("the validity job checks unchecked numbers through a live connection and reloads the list", async () => {
    // another company's many unchecked numbers (no connection there) do not hold this company's back
    const bList = (await t.call("POST", "/contact-lists", { token: b.admin.token, body: { name: "Sem conexão" } })).json;
    const many = sheet([["numero"], ...Array.from({ length: 250 }, (_, i) => [`55219${String(10000000 + i)}`])]);
    expect((await t.call("POST", `/contact-lists/${bList.id}/upload`, { token: b.admin.token, form: many })).json.created).toBe(250);
    const { fake } = await makeConnection(t, a.company.id);
    fake.checkNumber = async (n: string) => ({ exists: !n.endsWith("0002"), number: n, address: `${n}@s.whatsapp.net` });
    await Bun.sleep(10);
    expect(await t.deps.jobs.runNow("contact-lists.check-numbers")).toBe(true);
    const all = await t.call("GET", `/contact-list-items?contactListId=${listId}&searchParam=55119777700`, { token: a.admin.token });
    const byNumber = Object.fromEntries(all.json.contacts.map((c: { number: string; isWhatsappValid: boolean }) => [c.number, c.isWhatsappValid]));
    expect(byNumber).toEqual({ "5511977770001": true });
    const bItems = await t.call("GET", `/contact-list-items?contactListId=${bList.id}`, { token: b.admin.token });
    expect(bItems.json.contacts.every((c: { isWhatsappValid: boolean | null }) => c.isWhatsappValid === null)).toBe(true);
    expect(t.framesOf("ContactListItem").at(-1)!.frame).toMatchObject({ action: "reload", contactListId: listId });
    // a new item is checked at once now that a connection is live
    const add = await t.call("POST", "/contact-list-items", { token: a.admin.token, body: { contactListId: listId, name: "Dora", number: "5511977770002" } });
    expect(add.json.isWhatsappValid).toBe(false);
  });

  test("agents are refused (ERR_NO_PERMISSION); another company gets 404", async () => {
    for (const [method, path] of [
      ["GET", "/contact-lists"],
      ["POST", "/contact-lists"],
      ["GET", `/contact-list-items?contactListId=${listId}`],
    ] as const) {
      const r = await t.call(method, path, { token: agentA.token, body: method === "POST" ? { name: "Lista" } : undefined });
      expect(r).toMatchObject({ status: 403, json: { error: "ERR_NO_PERMISSION" } });
    }
    for (const [method, body] of [["GET"], ["PUT", { name: "Invasão" }], ["DELETE"]] as const) {
      const r = await t.call(method, `/contact-lists/${listId}`, { token: b.admin.token, body });
      expect(r).toMatchObject({ status: 404, json: { error: "ERR_NO_CONTACT_LIST_FOUND" } });
    }
    const items = await t.call("GET", `/contact-list-items?contactListId=${listId}`, { token: b.admin.token });
    expect(items.status).toBe(404);
    const one = (await t.call("GET", `/contact-list-items?contactListId=${listId}`, { token: a.admin.token })).json.contacts[0];
    expect((await t.call("DELETE", `/contact-list-items/${one.id}`, { token: b.admin.token })).json.error).toBe("ERR_NO_CONTACT_LIST_ITEM_FOUND");
    expect((await t.call("POST", `/contact-lists/${listId}/upload`, { token: b.admin.token, form: sheet([["numero"], ["5511999990000"]]) })).status).toBe(404);
  });

  test("a plan without campaigns is refused, whatever the company's setting says, until the super user grants them", async () => {
    const now = nowIso();
    const plan = (
      await t.db
        .insert(plans)
        .values({
          name: `Sem campanhas ${crypto.randomUUID().slice(0, 4)}`,
          users: 5,
          connections: 5,
          queues: 5,
          value: 10,
          useCampaigns: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    const c = await t.newCompany();
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, c.company.id));
    const r = await t.call("GET", "/contact-lists", { token: c.admin.token });
    expect(r).toMatchObject({ status: 403, json: { error: "ERR_NO_PERMISSION", feature: "useCampaigns" } });
    expect((await t.call("GET", "/campaign-settings", { token: c.admin.token })).status).toBe(403);
    expect((await t.call("PUT", "/settings/campaignsEnabled", { token: c.admin.token, body: { value: "true" } })).status).toBe(200);
    expect((await t.call("GET", "/contact-lists", { token: c.admin.token })).status).toBe(403);
    const root = await t.superSession();
    expect((await t.call("PUT", `/companies/${c.company.id}`, { token: root.token, body: { featureGrants: ["useCampaigns"] } })).status).toBe(200);
    expect((await t.call("GET", "/contact-lists", { token: c.admin.token })).status).toBe(200);
  });

  test("deleting a list removes its items", async () => {
    expect((await t.call("DELETE", `/contact-lists/${listId}`, { token: a.admin.token })).status).toBe(200);
    expect(t.framesOf("ContactList").at(-1)!.frame).toEqual({ channel: "ContactList", action: "delete", id: listId });
    expect((await t.call("GET", `/contact-list-items?contactListId=${listId}`, { token: a.admin.token })).status).toBe(404);
  });
});

describe("campaign settings", () => {
  test("defaults 20, 20, 60 and no variables", async () => {
    const r = await t.call("GET", "/campaign-settings", { token: a.admin.token });
    expect(r.status).toBe(200);
    const map = Object.fromEntries(r.json.map((s: { key: string; value: string }) => [s.key, JSON.parse(s.value)]));
    expect(map).toMatchObject({ messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] });
  });

  test("save: option lists enforced, unique variable shortcuts, frame to the campaign room; per company", async () => {
    const bad = await t.call("POST", "/campaign-settings", { token: a.admin.token, body: { settings: { messageInterval: 7 } } });
    expect(bad).toMatchObject({ status: 400, json: { fields: { "settings.messageInterval": "validation.invalid" } } });
    const dup = await t.call("POST", "/campaign-settings", {
      token: a.admin.token,
      body: {
        settings: {
          variables: [
            { key: "loja", value: "A" },
            { key: "LOJA", value: "B" },
          ],
        },
      },
    });
    expect(dup).toMatchObject({ status: 400, json: { error: "ERR_CAMPAIGN_VARIABLE_EXISTS" } });
    const ok = await t.call("POST", "/campaign-settings", {
      token: a.admin.token,
      body: { settings: { messageInterval: "5", longerIntervalAfter: 10, greaterInterval: 120, variables: [{ key: "loja", value: "Loja Centro" }] } },
    });
    expect(ok.status).toBe(200);
    const map = Object.fromEntries(ok.json.map((s: { key: string; value: string }) => [s.key, JSON.parse(s.value)]));
    expect(map).toMatchObject({ messageInterval: 5, longerIntervalAfter: 10, greaterInterval: 120, variables: [{ key: "loja", value: "Loja Centro" }] });
    const f = t.framesOf("campaignSettings").at(-1)!;
    expect(f.rooms).toEqual([`company-${a.company.id}-campaigns`]);
    const other = await t.call("GET", "/campaign-settings", { token: b.admin.token });
    expect(JSON.parse(other.json.find((s: { key: string }) => s.key === "messageInterval").value)).toBe(20);
    expect((await t.call("POST", "/campaign-settings", { token: agentA.token, body: { settings: { messageInterval: 5 } } })).status).toBe(403);
  });
});
