import { afterAll, beforeAll, expect, test } from "bun:test";
import { FakeWaServer, parseQr } from "../support/fake-wa-server";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

/**
 * The node running a WhatsApp session, on the connections page: on PostgreSQL (several nodes may serve the database)
 * an admin reads which node runs each linked connection; on SQLite (one box) no such line is shown. With SHOTS_DIR
 * set, the page is captured at 1280 and 390 px in the three languages.
 */
const PG = process.env.BALCAO_TEST_ENGINE === "pg";
let wa: FakeWaServer;
beforeAll(() => {
  wa = new FakeWaServer().start();
});
const stack = setupStack(() => ({ WA_WS_URL: wa.url, WA_TEST_ROOT_KEY: wa.rootKeyHex }));
afterAll(() => {
  wa?.stop();
});

test("connections page: the node running a linked WhatsApp connection (PostgreSQL only)", async () => {
  const url = stack().server.url;
  const login = await apiCall<{ token: string }>(url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const token = login.data.token;
  const created = await apiCall<{ id: number }>(url, "POST", "/whatsapp", { name: "Loja Centro" }, token);
  const id = created.data.id;
  let qr = "";
  for (let i = 0; i < 150 && !qr; i++) {
    qr = (await apiCall<{ qrcode: string }>(url, "GET", `/whatsapp/${id}`, undefined, token)).data.qrcode;
    if (!qr) await Bun.sleep(100);
  }
  const { advSecretKey, identityKey } = parseQr(qr);
  wa.last("registration")?.pairSuccess({ advSecretKey, identityKey, jid: wa.me.jid, lid: wa.me.lid });

  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.goto("/connections");
  const row = page.getByTestId("connection-row").filter({ hasText: "Loja Centro" });
  await row.getByText("Conectado", { exact: true }).waitFor({ timeout: 15_000 });
  if (PG) {
    const node = row.getByTestId("connection-node");
    await node.waitFor();
    expect(await node.textContent()).toMatch(/^Roda no servidor .+:\d+:[0-9a-f]{8}$/);
  } else {
    expect(await row.getByTestId("connection-node").count()).toBe(0);
  }
  await context.close();

  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const lang of ["pt-BR", "en", "es"]) {
    for (const width of [1280, 390]) {
      const shot = await stack().newPage({ width, height: 800 });
      await signIn(shot.page, SUPER_EMAIL, SUPER_PASSWORD);
      await shot.page.evaluate((l) => localStorage.setItem("language", l), lang);
      await shot.page.goto("/connections");
      await shot.page.getByTestId("connection-row").first().waitFor();
      await shot.page.waitForTimeout(800);
      await shot.page.screenshot({ path: `${dir}/connections-node-${lang}-${width}.png` });
      await shot.context.close();
    }
  }
});
