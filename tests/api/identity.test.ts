import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { handleInbound } from "../../src/inbound/receive";
import { applyLidMapping } from "../../src/inbound/identity";
import { contacts } from "../../src/modules/contacts/schema";
import { tickets } from "../../src/modules/tickets/schema";
import { makeTestApp } from "../helpers/app";
import { inbound, makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const a = await t.newCompany();
const { connection, fake } = await makeConnection(t, a.company.id);
const conn = { id: connection.id, companyId: a.company.id };
const contactsOf = async () => await t.db.select().from(contacts).where(eq(contacts.companyId, a.company.id));

describe("WhatsApp identities (LID aliases)", () => {
  test("a sender known only by a LID gets a contact, and replies go to the LID", async () => {
    const res = await handleInbound(t.deps, conn, {
      ...inbound("0", "oi, sou só LID"),
      chat: { number: null, lid: "99887766554433", address: "99887766554433@lid", pushName: "Lia" },
    });
    const c = (await contactsOf()).find((x) => x.lid === "99887766554433")!;
    expect(c).toMatchObject({ name: "Lia", number: "lid:99887766554433" });
    await t.call("PUT", `/tickets/${res!.ticket.id}`, { token: a.admin.token, body: { status: "open" } });
    await t.call("POST", `/messages/${res!.ticket.id}`, { token: a.admin.token, body: { body: "Olá Lia" } });
    expect(fake.sent.at(-1)?.to).toBe("99887766554433@lid");
  });

  test("when the mapping arrives the LID-only contact takes the number; no second contact appears", async () => {
    const id = await applyLidMapping(t.db, a.company.id, "99887766554433", "5511987650000");
    const c = (await t.db.select().from(contacts).where(eq(contacts.id, id!)).limit(1))[0]!;
    expect(c).toMatchObject({ number: "5511987650000", lid: "99887766554433" });
    await handleInbound(t.deps, conn, {
      ...inbound("5511987650000", "agora com número"),
      chat: { number: "5511987650000", lid: "99887766554433", address: "5511987650000@s.whatsapp.net" },
    });
    expect((await contactsOf()).filter((x) => x.name === "Lia").length).toBe(1);
  });

  test("a LID contact and a number contact of the same person are merged, history included", async () => {
    await handleInbound(t.deps, conn, inbound("5511912340000", "pelo número"));
    await handleInbound(t.deps, conn, {
      ...inbound("0", "pelo lid"),
      chat: { number: null, lid: "11112222333344", address: "11112222333344@lid", pushName: "Rui" },
    });
    expect((await contactsOf()).filter((x) => x.number === "5511912340000" || x.lid === "11112222333344").length).toBe(2);
    await handleInbound(t.deps, conn, {
      ...inbound("5511912340000", "com os dois"),
      chat: { number: "5511912340000", lid: "11112222333344", address: "5511912340000@s.whatsapp.net" },
    });
    const same = (await contactsOf()).filter((x) => x.number === "5511912340000" || x.lid === "11112222333344");
    expect(same.length).toBe(1);
    const mine = await t.db.select().from(tickets).where(eq(tickets.contactId, same[0].id));
    const active = mine.filter((x) => x.status !== "closed");
    expect(active.length).toBe(1);
    const history = await t.call("GET", `/messages/${active[0].id}`, { token: a.admin.token });
    expect(history.json.messages.map((m: { body: string }) => m.body)).toContain("com os dois");
  });
});

describe("channel wiring", () => {
  test("an identity event from a channel merges the LID contact into the number", async () => {
    const { FakeChannel } = await import("../helpers/channel");
    const sup = t.deps.sessions;
    let events: import("../../src/core/channel").ChannelEvents | null = null;
    sup.register("fake-identity", ({ events: e }) => {
      events = e;
      return new FakeChannel();
    });
    const { connection: c2 } = await makeConnection(t, a.company.id, { channel: "fake-identity" as "sandbox", isDefault: false });
    await sup.start({ id: c2.id, companyId: a.company.id, channel: "fake-identity" });
    await handleInbound(
      t.deps,
      { id: c2.id, companyId: a.company.id },
      {
        ...inbound("0", "só lid"),
        chat: { number: null, lid: "55554444333322", address: "55554444333322@lid", pushName: "Teo" },
      },
    );
    await (events as unknown as import("../../src/core/channel").ChannelEvents).onIdentity?.({ lid: "55554444333322", number: "5511955443322" });
    const c = (await contactsOf()).find((x) => x.lid === "55554444333322");
    expect(c?.number).toBe("5511955443322");
    await sup.stopAll();
  });
});
