/**
 * Plan features are the plan's (issue 22): the plan grants a feature, only the super user may grant
 * one beyond the plan (per company), and a company setting may only hide one. Checked for every plan
 * flag through one of its routes, in /auth/me and on the super user's companies page.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { PLAN_FLAGS, type PlanFlag } from "../../src/contract/limits";
import { nowIso } from "../../src/lib/dates";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { makeTestApp } from "../helpers/app";
import { makeConnection } from "../helpers/channel";

const t = await makeTestApp();
const root = await t.superSession();
const now = nowIso();
const planOf = async (name: string, on: boolean) =>
  (
    await t.db
      .insert(plans)
      .values({
        name,
        users: 5,
        connections: 5,
        queues: 5,
        value: 10,
        isPublic: true,
        ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, on])),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  )[0];
const bare = await planOf("Básico sem recursos", false);
const full = await planOf("Completo", true);

async function companyOn(planId: number, token: string) {
  const c = await t.newCompany();
  await t.db.update(companies).set({ planId }).where(eq(companies.id, c.company.id));
  await makeConnection(t, c.company.id, { token });
  return c;
}
const a = await companyOn(bare.id, "token-features-a-1");
const b = await companyOn(bare.id, "token-features-b-1");
const f = await companyOn(full.id, "token-features-f-1");

/** One route of each feature, called as the company's admin (the send API with its connection token). */
const ROUTE: Record<PlanFlag, (c: { admin: { token: string } }, apiToken: string) => ReturnType<typeof t.call>> = {
  useCampaigns: (c) => t.call("GET", "/contact-lists", { token: c.admin.token }),
  useSchedules: (c) => t.call("GET", "/schedules", { token: c.admin.token }),
  useInternalChat: (c) => t.call("GET", "/chats", { token: c.admin.token }),
  useExternalApi: (_c, apiToken) =>
    t.call("POST", "/api/messages/send", { body: { number: "5511999990000", body: "oi" }, headers: { authorization: `Bearer ${apiToken}` } }),
  useKanban: (c) => t.call("GET", "/ticket/kanban", { token: c.admin.token }),
  useOpenAi: (c) => t.call("GET", "/prompt", { token: c.admin.token }),
  useIntegrations: (c) => t.call("GET", "/queueIntegration", { token: c.admin.token }),
};
const features = async (token: string) => (await t.call("GET", "/auth/me", { token })).json.company.features as Record<PlanFlag, boolean>;

describe("the plan decides", () => {
  test.each(PLAN_FLAGS)("%s: refused on a plan without it, even with the company's setting on", async (flag) => {
    await t.call("PUT", "/settings/campaignsEnabled", { token: a.admin.token, body: { value: "true" } });
    const r = await ROUTE[flag](a, "token-features-a-1");
    expect(r.status).toBe(403);
    expect(r.json).toEqual({ error: "ERR_NO_PERMISSION", feature: flag });
    expect((await features(a.admin.token))[flag]).toBe(false);
  });
  test.each(PLAN_FLAGS)("%s: allowed on a plan with it", async (flag) => {
    expect((await ROUTE[flag](f, "token-features-f-1")).status).not.toBe(403);
    expect((await features(f.admin.token))[flag]).toBe(true);
  });
  test("sign-up cannot ask for features: campaignsEnabled and featureGrants are ignored", async () => {
    const email = `signup.${crypto.randomUUID().slice(0, 6)}@test.local`;
    const r = await t.call("POST", "/companies/cadastro", {
      body: {
        name: `Cadastro ${crypto.randomUUID().slice(0, 6)}`,
        email,
        password: "secret-123",
        planId: bare.id,
        campaignsEnabled: true,
        featureGrants: [...PLAN_FLAGS],
      },
      headers: { "x-forwarded-for": "10.9.9.9" },
    });
    expect(r.status).toBe(201);
    const s = await t.login(email, "secret-123");
    expect(Object.values(s.user.company.features).some(Boolean)).toBe(false);
    expect((await t.call("GET", "/contact-lists", { token: s.token })).status).toBe(403);
  });
});

describe("a company setting only hides", () => {
  test("campaigns on the plan, hidden by campaignsEnabled false: refused and gone from /auth/me; shown again with true", async () => {
    expect((await t.call("PUT", "/settings/campaignsEnabled", { token: f.admin.token, body: { value: "false" } })).status).toBe(200);
    expect((await ROUTE.useCampaigns(f, "")).json).toEqual({ error: "ERR_NO_PERMISSION", feature: "useCampaigns" });
    expect((await t.call("GET", "/campaigns", { token: f.admin.token })).status).toBe(403);
    const hidden = await features(f.admin.token);
    expect(hidden.useCampaigns).toBe(false);
    expect(hidden.useKanban).toBe(true);
    expect((await t.call("PUT", "/settings/campaignsEnabled", { token: f.admin.token, body: { value: "true" } })).status).toBe(200);
    expect((await ROUTE.useCampaigns(f, "")).status).toBe(200);
  });
});

describe("the super user grants beyond the plan", () => {
  test("a company admin cannot grant: not through the companies route, nor a setting", async () => {
    const put = await t.call("PUT", `/companies/${a.company.id}`, { token: a.admin.token, body: { featureGrants: [...PLAN_FLAGS] } });
    expect(put.status).toBe(403);
    const setting = await t.call("PUT", "/settings/featureGrants", { token: a.admin.token, body: { value: "useCampaigns" } });
    expect([400, 403]).toContain(setting.status);
    expect((await t.db.select().from(companies).where(eq(companies.id, a.company.id)).limit(1))[0]!.featureGrants).toEqual([]);
  });
  test.each(PLAN_FLAGS)("%s granted to one company: allowed there, not in another company on the same plan", async (flag) => {
    const r = await t.call("PUT", `/companies/${a.company.id}`, { token: root.token, body: { featureGrants: [flag] } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ featureGrants: [flag], grantedBeyondPlan: [flag] });
    expect((await ROUTE[flag](a, "token-features-a-1")).status).not.toBe(403);
    const mine = await features(a.admin.token);
    expect(PLAN_FLAGS.filter((x) => mine[x])).toEqual([flag]);
    expect((await ROUTE[flag](b, "token-features-b-1")).status).toBe(403);
    expect((await features(b.admin.token))[flag]).toBe(false);
  });
  test("the companies page lists what is granted beyond the plan; the reference's campaignsEnabled grants campaigns", async () => {
    await t.call("PUT", `/companies/${a.company.id}`, { token: root.token, body: { featureGrants: ["useKanban", "useCampaigns"] } });
    const list = await t.call("GET", `/companies?searchParam=${encodeURIComponent(a.company.name)}`, { token: root.token });
    expect(list.json.companies[0]).toMatchObject({
      featureGrants: ["useCampaigns", "useKanban"],
      grantedBeyondPlan: ["useCampaigns", "useKanban"],
      campaignsEnabled: true,
    });
    const off = await t.call("PUT", `/companies/${a.company.id}`, { token: root.token, body: { campaignsEnabled: false } });
    expect(off.json.featureGrants).toEqual(["useKanban"]);
    expect((await ROUTE.useCampaigns(a, "")).status).toBe(403);
    const on = await t.call("PUT", `/companies/${a.company.id}`, { token: root.token, body: { campaignsEnabled: true } });
    expect(on.json.featureGrants).toEqual(["useKanban", "useCampaigns"]);
    // a grant the company's setting hides stays hidden
    await t.call("PUT", "/settings/campaignsEnabled", { token: a.admin.token, body: { value: "false" } });
    expect((await ROUTE.useCampaigns(a, "")).status).toBe(403);
    await t.call("PUT", "/settings/campaignsEnabled", { token: a.admin.token, body: { value: "true" } });
    expect((await ROUTE.useCampaigns(a, "")).status).toBe(200);
  });
  test("grants are checked: an unknown feature is a field error", async () => {
    const r = await t.call("PUT", `/companies/${a.company.id}`, { token: root.token, body: { featureGrants: ["useEverything"] } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.fields)[0]).toStartWith("featureGrants");
  });
});
