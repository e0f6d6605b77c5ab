import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("messages API: the page documents the call; its forms and a curl-style call reach the sandbox phone", async () => {
  const { page } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const base = stack().server.url;
  const session = (await page.evaluate(() => localStorage.getItem("token")))!;
  const conn = await apiCall<{ id: number }>(base, "POST", "/whatsapp", { name: "API fone", channel: "sandbox", token: "api-e2e-token" }, session);
  expect(conn.status).toBe(201);

  await page.getByRole("navigation").getByRole("link", { name: "API" }).click();
  await page.getByRole("heading", { name: "Documentação para envio de mensagens" }).waitFor();
  expect(await page.getByTestId("curl").first().textContent()).toContain(`${base}/api/messages/send`);

  // Text form: required fields, a wrong token, then the right one.
  const textForm = page.getByTestId("api-text");
  await textForm.getByRole("button", { name: "Enviar" }).click();
  expect(await textForm.getByText("Obrigatório").count()).toBe(3);
  await textForm.getByLabel("Token cadastrado").fill("wrong-token");
  await textForm.getByLabel("Número").fill("5511987650002");
  await textForm.getByLabel("Mensagem").fill("Pedido 42 saiu para entrega");
  await textForm.getByRole("button", { name: "Enviar" }).click();
  await page.getByText("Acesso não permitido").waitFor();
  await textForm.getByLabel("Token cadastrado").fill("api-e2e-token");
  await textForm.getByRole("button", { name: "Enviar" }).click();
  await page.getByText("Mensagem enviada.").first().waitFor();

  // Media form: a PNG with a caption.
  const png = join(tmpdir(), `api-e2e-${Date.now()}.png`);
  writeFileSync(
    png,
    await sharp({ create: { width: 40, height: 30, channels: 3, background: "#cc3366" } })
      .png()
      .toBuffer(),
  );
  const mediaForm = page.getByTestId("api-media");
  await mediaForm.getByLabel("Token cadastrado").fill("api-e2e-token");
  await mediaForm.getByLabel("Número").fill("5511987650002");
  await mediaForm.getByLabel("Legenda (opcional)").fill("Nota fiscal");
  await mediaForm.locator('input[type="file"]').setInputFiles(png);
  await mediaForm.getByRole("button", { name: "Enviar" }).click();
  // the form clears its file once the API answered
  await page.waitForFunction(() => (document.querySelector('[data-testid="api-media"] input[type="file"]') as HTMLInputElement).files?.length === 0);
  await page.getByText("Mensagem enviada.").first().waitFor();

  // What a script does (curl): bad token and bad number get clear errors; a good call arrives.
  const raw = (token: string, body: unknown) =>
    fetch(`${base}/api/messages/send`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  expect((await raw("nope", { number: "5511987650002", body: "x" })).status).toBe(401);
  const bad = await raw("api-e2e-token", { number: "11-9876", body: "x" });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { fields: Record<string, string> }).fields.number).toBe("validation.phoneDigits");
  expect((await raw("api-e2e-token", { number: "5511987650002", body: "Via script" })).status).toBe(200);

  const conv = await apiCall<{ messages: { direction: string; body: string; type: string; mimetype: string | null }[] }>(
    base,
    "GET",
    `/sandbox/${conn.data.id}/conversation?number=5511987650002`,
    undefined,
    session,
  );
  const out = conv.data.messages.filter((m) => m.direction === "out");
  expect(out.map((m) => m.body)).toEqual(["Pedido 42 saiu para entrega", "Nota fiscal", "Via script"]);
  expect(out[1].mimetype).toBe("image/png");

  // The OpenAPI document describes the call.
  const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as { paths: Record<string, unknown> };
  expect(doc.paths["/api/messages/send"]).toBeTruthy();
}, 60_000);
