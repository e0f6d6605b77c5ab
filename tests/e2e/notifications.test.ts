/**
 * Notification settings in the browser: profile menu → Notifications lists the user's devices (browser
 * and last alert) and removes one; the user's choices are saved and survive a reload; an admin sets
 * the company's defaults, which a user without choices of their own then follows.
 */
import { expect, test } from "bun:test";
import { createECDH, randomBytes } from "node:crypto";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

async function addDevice(token: string, deviceId: string, ua: string) {
  const e = createECDH("prime256v1");
  e.generateKeys();
  const r = await fetch(`${stack().server.url}/notifications/devices`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json", "user-agent": ua },
    // a public push service name: saved, never called in this test
    body: JSON.stringify({
      deviceId,
      endpoint: `https://push.example.com/${deviceId}`,
      keys: { p256dh: e.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    }),
  });
  expect(r.status).toBe(201);
}

test("a user lists and removes devices and saves their alerts; an admin's company defaults apply to users without their own", async () => {
  const base = stack().server.url;
  const root = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  const agent = { name: "Ana Alertas", email: "ana.alertas@e2e.local", password: "ana-123", profile: "user" };
  expect((await apiCall(base, "POST", "/users", agent, root)).status).toBe(201);
  // the admin sets the company's defaults: new tickets as sound only
  const admin = await stack().newPage();
  await signIn(admin.page, SUPER_EMAIL, SUPER_PASSWORD);
  await admin.page.getByRole("button", { name: "Minha conta" }).click();
  await admin.page.getByRole("menuitem", { name: "Notificações", exact: true }).click();
  await admin.page.getByRole("tab", { name: "Padrões da empresa" }).click();
  const defaults = admin.page.getByTestId("company-prefs");
  await defaults.getByLabel("Novo ticket nas minhas filas").selectOption("sound");
  await defaults.getByRole("button", { name: "Salvar" }).click();
  await admin.page.getByText("Preferências salvas.").waitFor();
  await admin.context.close();

  const { page, context } = await stack().newPage({ width: 390, height: 820 });
  await signIn(page, agent.email, agent.password);
  const token = await page.evaluate(() => localStorage.getItem("token"));
  await addDevice(token!, "phone-aaaa-0001", "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36");
  await addDevice(token!, "ipad-aaaa-0002", "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1");
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Notificações", exact: true }).click();
  const rows = page.getByTestId("device-row");
  await rows.first().waitFor();
  expect((await rows.allTextContents()).map((s) => s.replace(/Nenhum aviso ainda/, "").trim()).sort()).toEqual(["Chrome · Android", "Safari · iOS"]);
  // an agent sees no connection alerts; she follows the company's defaults
  expect(await page.getByText("Conexão caída por mais de um minuto").count()).toBe(0);
  expect(await page.getByTestId("prefs-source").textContent()).toBe("Você segue os padrões da empresa.");
  const mine = page.getByTestId("my-prefs");
  expect(await mine.getByLabel("Novo ticket nas minhas filas").inputValue()).toBe("sound");
  await rows.filter({ hasText: "Safari · iOS" }).getByRole("button", { name: "Remover aparelho" }).click();
  await page.getByText("Aparelho removido.").waitFor();
  await rows.filter({ hasText: "Safari · iOS" }).waitFor({ state: "detached" });
  expect(await rows.count()).toBe(1);
  // her own choice: messages as notification only, no preview, quiet hours
  await mine.getByLabel("Nova mensagem nos meus tickets").selectOption("notification");
  await mine.getByRole("switch", { name: "Mostrar o texto da mensagem" }).click();
  await mine.getByRole("switch", { name: "Horário de silêncio" }).click();
  await mine.getByRole("button", { name: "Salvar" }).click();
  await page.getByText("Preferências salvas.").first().waitFor();
  await page.reload();
  await page.getByTestId("greeting").waitFor();
  await page.getByRole("button", { name: "Minha conta" }).click();
  await page.getByRole("menuitem", { name: "Notificações", exact: true }).click();
  await page.getByTestId("my-prefs").waitFor();
  expect(await page.getByTestId("prefs-source").textContent()).toBe("Você escolheu os próprios avisos.");
  const saved = await apiCall<{ prefs: unknown; custom: boolean }>(base, "GET", "/notifications/preferences", undefined, token!);
  expect(saved.data).toMatchObject({
    custom: true,
    prefs: { kinds: { newTicket: "sound", newMessage: "notification" }, preview: false, quiet: { start: "22:00", end: "07:00" } },
  });
  await context.close();
});
