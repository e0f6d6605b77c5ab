import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { companies } from "../../src/modules/companies/schema";
import { plans } from "../../src/modules/plans/schema";
import { addCloudConnection, cloudApp, credentialsOf, rowWhen, until } from "../helpers/cloud";

const { graph, t } = await cloudApp();

const create = (token: string, body: Record<string, unknown>) =>
  t.call("POST", "/whatsapp", { token, body: { name: "Número oficial", channel: "cloudapi", ...body } });

describe("adding a Cloud API connection", () => {
  test("the credentials are checked with Meta, then saved; secrets come back masked, the webhook only to admins", async () => {
    const { admin } = await t.newCompany();
    const account = graph.addAccount();
    const before = graph.calls.length;
    const w = await addCloudConnection(t, admin.token, account);
    expect(graph.calls.slice(before)[0]).toEqual({ method: "GET", path: `/v21.0/${account.wabaId}/phone_numbers` });
    expect(w.channel).toBe("cloudapi");
    expect(w.status).toBe("CONNECTED");
    expect(w.cloudApi?.phoneNumberId).toBe(account.numbers[0].id);
    expect(w.cloudApi?.displayPhoneNumber).toBe(account.numbers[0].display_phone_number);
    expect(w.cloudApi?.webhookPath).toMatch(/^\/cloudapi\/webhook\/[\w-]{24,}$/);
    expect(w.cloudApi?.verifyToken?.length).toBeGreaterThanOrEqual(20);
    // The token and the app secret never travel back whole, to anyone.
    const list = await t.call("GET", "/whatsapp", { token: admin.token });
    const agent = await t.newUser(admin.token);
    const shown = await t.call("GET", `/whatsapp/${w.id}`, { token: agent.token });
    for (const r of [list, shown]) {
      expect(r.text).not.toContain(account.token);
      expect(r.text).not.toContain(account.appSecret);
    }
    expect(JSON.stringify(w)).not.toContain(account.token);
    expect(w.cloudApi?.accessToken).toContain("••");
    // Agents and lists never see what to paste into Meta (the verify token, the webhook's key).
    expect(shown.json.cloudApi.verifyToken).toBeNull();
    expect(shown.json.cloudApi.webhookPath).toBeNull();
    expect(list.json[0].cloudApi.verifyToken).toBeNull();
    const frames = t.framesOf("whatsapp").filter((f) => f.frame.action === "update" && "whatsapp" in f.frame && f.frame.whatsapp.id === w.id);
    expect(frames.length).toBeGreaterThan(0);
    expect(JSON.stringify(frames)).not.toContain(w.cloudApi!.verifyToken!);
  });

  test("each refusal has its own code and field, and nothing is saved", async () => {
    const { admin } = await t.newCompany();
    const account = graph.addAccount();
    const other = graph.addAccount();
    const locked = graph.addAccount({ permitted: false });
    const good = credentialsOf(account);
    const cases: [Record<string, string>, string, string | null][] = [
      [{ ...good, accessToken: "EAAGnotatokenwemetbefore" }, "ERR_CLOUD_TOKEN_INVALID", "cloudApi.accessToken"],
      [{ ...good, wabaId: other.wabaId }, "ERR_CLOUD_ACCOUNT_NOT_FOUND", "cloudApi.wabaId"],
      [{ ...good, phoneNumberId: other.numbers[0].id }, "ERR_CLOUD_NUMBER_NOT_FOUND", "cloudApi.phoneNumberId"],
      [credentialsOf(locked), "ERR_CLOUD_NO_PERMISSION", "cloudApi.accessToken"],
      [{ ...good, appSecret: "0123456789abcdef0123456789abcdef" }, "ERR_CLOUD_APP_SECRET_INVALID", "cloudApi.appSecret"],
    ];
    for (const [cloudApi, code, field] of cases) {
      const r = await create(admin.token, { cloudApi });
      expect(r.status).toBe(400);
      expect(r.json.error).toBe(code);
      if (field) expect(r.json.fields[field]).toBeTruthy();
    }
    const missing = await create(admin.token, {});
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json.fields).sort()).toEqual(["cloudApi.accessToken", "cloudApi.appSecret", "cloudApi.phoneNumberId", "cloudApi.wabaId"]);
    expect((await t.call("GET", "/whatsapp", { token: admin.token })).json).toEqual([]);
  });

  test("Meta out of reach answers ERR_CLOUD_UNREACHABLE (502), never a 500", async () => {
    const { admin } = await t.newCompany();
    const account = graph.addAccount();
    const saved = t.config.cloudApiUrl;
    t.config.cloudApiUrl = "http://127.0.0.1:9/v21.0";
    try {
      const r = await create(admin.token, { cloudApi: credentialsOf(account) });
      expect(r.status).toBe(502);
      expect(r.json.error).toBe("ERR_CLOUD_UNREACHABLE");
    } finally {
      t.config.cloudApiUrl = saved;
    }
  });

  test("a number already connected (in any company) is refused; the plan counts Cloud API connections", async () => {
    const a = await t.newCompany();
    const b = await t.newCompany();
    const account = graph.addAccount();
    await addCloudConnection(t, a.admin.token, account);
    const again = await create(b.admin.token, { cloudApi: credentialsOf(account) });
    expect(again.status).toBe(409);
    expect(again.json.error).toBe("ERR_CLOUD_NUMBER_IN_USE");
    const plan = (
      await t.db
        .insert(plans)
        .values({ name: `P1 ${Date.now()}`, users: 5, connections: 1, queues: 5, value: 1, createdAt: "", updatedAt: "" })
        .returning()
    )[0];
    await t.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));
    const over = await create(a.admin.token, { cloudApi: credentialsOf(graph.addAccount()) });
    expect(over.status).toBe(400);
    expect(over.json.error).toBe("ERR_PLAN_LIMIT_CONNECTIONS");
  });

  test("agents cannot add one (403 before any field error)", async () => {
    const { admin } = await t.newCompany();
    const agent = await t.newUser(admin.token);
    const r = await create(agent.token, {});
    expect(r.status).toBe(403);
  });
});

describe("editing a Cloud API connection", () => {
  test("masked secrets sent back keep the stored ones without a new check; a new token is checked first", async () => {
    const { admin } = await t.newCompany();
    const account = graph.addAccount();
    const w = await addCloudConnection(t, admin.token, account);
    const calls = graph.calls.length;
    const same = await t.call("PUT", `/whatsapp/${w.id}`, {
      token: admin.token,
      body: { name: "Renomeada", cloudApi: { ...credentialsOf(account), accessToken: w.cloudApi!.accessToken, appSecret: w.cloudApi!.appSecret } },
    });
    expect(same.status).toBe(200);
    expect(same.json.name).toBe("Renomeada");
    expect(graph.calls.length).toBe(calls);
    const bad = await t.call("PUT", `/whatsapp/${w.id}`, {
      token: admin.token,
      body: { cloudApi: { ...credentialsOf(account), accessToken: "EAAGsomethingelseentirely" } },
    });
    expect(bad.json.error).toBe("ERR_CLOUD_TOKEN_INVALID");
    account.token = `EAAGrotated${Date.now()}`;
    const rotated = await t.call("PUT", `/whatsapp/${w.id}`, { token: admin.token, body: { cloudApi: credentialsOf(account) } });
    expect(rotated.status).toBe(200);
    await until(() => t.deps.sessions.get(w.id)?.status === "CONNECTED");
    // the verify token and webhook stay the same: nothing to paste again at Meta
    expect(rotated.json.cloudApi.webhookPath).toBe(w.cloudApi!.webhookPath);
  });

  test("the kind of a connection does not change to or from Cloud API", async () => {
    const { admin } = await t.newCompany();
    const w = await addCloudConnection(t, admin.token, graph.addAccount());
    const r = await t.call("PUT", `/whatsapp/${w.id}`, { token: admin.token, body: { channel: "sandbox" } });
    expect(r.status).toBe(400);
    expect(r.json.fields.channel).toBe("validation.channelFixed");
  });

  test("a revoked token takes the connection down with a reason, 'try again' checks again", async () => {
    const { admin } = await t.newCompany();
    const account = graph.addAccount();
    const w = await addCloudConnection(t, admin.token, account);
    account.token = "EAAGrevoked";
    expect((await t.call("POST", `/whatsappsession/${w.id}`, { token: admin.token })).status).toBe(200);
    const row = await rowWhen(t, admin.token, w.id, "DISCONNECTED");
    expect(row.closeReason).toBe("cloud_token_invalid");
    expect(row.cloudApi!.errorsLastHour).toBeGreaterThan(0);
  });
});

describe("Meta's webhook check and the templates", () => {
  test("GET answers the challenge for the connection's verify token only", async () => {
    const { admin } = await t.newCompany();
    const w = await addCloudConnection(t, admin.token, graph.addAccount());
    const path = w.cloudApi!.webhookPath!;
    const q = (token: string) => `${path}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444`;
    const ok = await t.call("GET", q(w.cloudApi!.verifyToken!));
    expect(ok.status).toBe(200);
    expect(ok.text).toBe("1158201444");
    expect((await t.call("GET", q("wrong-token"))).status).toBe(403);
    expect((await t.call("GET", q(w.cloudApi!.verifyToken!).replace(/webhook\/[\w-]+/, "webhook/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"))).status).toBe(403);
  });

  test("agents list the approved templates; admins refresh; another company gets 404", async () => {
    const { admin } = await t.newCompany();
    const account = graph.addAccount({
      templates: [
        { name: "boas_vindas", language: "pt_BR", status: "APPROVED", category: "UTILITY", components: [{ type: "BODY", text: "Olá {{1}}, tudo bem?" }] },
        { name: "promo", language: "pt_BR", status: "PENDING", category: "MARKETING", components: [{ type: "BODY", text: "Oferta" }] },
        {
          name: "com_imagem",
          language: "pt_BR",
          status: "APPROVED",
          category: "MARKETING",
          components: [
            { type: "HEADER", format: "IMAGE" },
            { type: "BODY", text: "Veja" },
          ],
        },
      ],
    });
    const w = await addCloudConnection(t, admin.token, account);
    const agent = await t.newUser(admin.token);
    const r = await t.call("GET", `/whatsapp/${w.id}/templates`, { token: agent.token });
    expect(r.status).toBe(200);
    expect(r.json.templates.map((x: { name: string }) => x.name)).toEqual(["boas_vindas", "com_imagem"]);
    expect(r.json.templates[0].variables).toEqual([{ component: "body", key: "1" }]);
    expect(r.json.templates[1].supported).toBe(false);
    expect((await t.call("POST", `/whatsapp/${w.id}/templates/refresh`, { token: agent.token })).status).toBe(403);
    account.templates.push({ name: "novo", language: "en_US", status: "APPROVED", components: [{ type: "BODY", text: "Hi" }] });
    const refreshed = await t.call("POST", `/whatsapp/${w.id}/templates/refresh`, { token: admin.token });
    expect(refreshed.json.templates).toHaveLength(3);
    const stranger = await t.newCompany();
    expect((await t.call("GET", `/whatsapp/${w.id}/templates`, { token: stranger.admin.token })).status).toBe(404);
  });
});
