import { expect, test } from "bun:test";
import { apiCall, SUPER_EMAIL, SUPER_PASSWORD, setupStack, signIn } from "./harness";

const stack = setupStack();
const SECRET = "e2e-webhook-secret-0123456789";

test("platform: the super user adds a plan; a trial company checks out with Pix and sees the renewal live", async () => {
  const base = stack().server.url;
  const root = await stack().newPage();
  await signIn(root.page, SUPER_EMAIL, SUPER_PASSWORD);
  const rootToken = (await root.page.evaluate(() => localStorage.getItem("token")))!;

  // Settings › Planos: add a plan through the form (validation first).
  await root.page.goto("/settings");
  await root.page.getByRole("tab", { name: "Planos" }).click();
  await root.page.getByRole("button", { name: "Adicionar plano" }).click();
  const dialog = root.page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("P");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Muito curto").waitFor();
  await dialog.getByLabel("Nome").fill("Plano Pro");
  await dialog.getByLabel("Valor (R$)").fill("59,90");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await root.page.getByTestId("plan-row").filter({ hasText: "Plano Pro" }).getByText("R$ 59,90").waitFor();

  // The platform's Pix receiver (Opções tab, super users only).
  await root.page.getByRole("tab", { name: "Opções" }).click();
  const pix = root.page.getByTestId("pix-settings");
  await pix.getByLabel("Chave Pix").fill("pix@balcao.test");
  await pix.getByLabel("Nome do recebedor").fill("Balcao Plataforma");
  await pix.getByLabel("Cidade do recebedor").fill("Recife");
  await pix.getByLabel("Segredo do webhook").fill(SECRET);
  await pix.getByRole("button", { name: "Salvar" }).click();
  await root.page.getByText("Configuração salva.").first().waitFor();

  // A visitor signs up (trial) and opens the subscription page.
  const plans = await apiCall<{ id: number; name: string }[]>(base, "GET", "/plans/list");
  const pro = plans.data.find((p) => p.name === "Plano Pro")!;
  const signup = await apiCall<{ id: number; dueDate: string }>(base, "POST", "/companies/cadastro", {
    name: "Loja Teste",
    email: "loja@e2e.local",
    password: "loja-123",
    planId: plans.data.find((p) => p.name !== "Plano Pro")!.id,
  });
  expect(signup.status).toBe(201);
  const admin = await stack().newPage();
  await signIn(admin.page, "loja@e2e.local", "loja-123");
  await admin.page.getByRole("navigation").getByRole("link", { name: "Financeiro" }).click();
  // the trial's first invoice exists from the sign-up on (no wait for the hourly job)
  await admin.page.getByTestId("invoice-row").filter({ hasText: "Em Aberto" }).waitFor();
  await admin.page.getByRole("button", { name: "Assinatura" }).click();
  expect(await admin.page.getByLabel("Período de teste").inputValue()).toContain("7 dias");

  // Checkout: Dados (the spec's messages), Personalizar (choosing advances), Revisar, Pagar.
  await admin.page.getByTestId("subscribe").click();
  const checkout = admin.page.getByRole("dialog");
  await checkout.getByRole("button", { name: "Próximo" }).click();
  await checkout.getByText("O endereço é obrigatório").waitFor();
  await checkout.getByText("O CEP é obrigatório").waitFor();
  await checkout.getByLabel("Endereço").fill("Rua das Flores, 10");
  await checkout.getByLabel("Cidade").fill("Recife");
  await checkout.getByLabel("CEP").fill("123");
  await checkout.getByRole("button", { name: "Próximo" }).click();
  await checkout.getByText("Formato de CEP inválido").waitFor();
  await checkout.getByLabel("CEP").fill("50000-000");
  await checkout.getByRole("button", { name: "Próximo" }).click();
  await checkout.getByTestId("checkout-plan").filter({ hasText: "Plano Pro" }).click();
  await checkout.getByTestId("checkout-review").getByText("R$ 59,90/mês").waitFor();
  await checkout.getByRole("button", { name: "Pagar" }).click();
  await admin.page.getByText("Assinatura criada. Aguardando o pagamento.").waitFor();
  const code = await checkout.getByTestId("pix-code").inputValue();
  expect(code).toStartWith("000201");
  expect(code).toContain("540559.90");
  expect(code).toContain("pix@balcao.test");
  await checkout.getByRole("button", { name: "Copiar código" }).click();
  await checkout.getByRole("button", { name: "Código copiado." }).waitFor();
  await checkout.getByRole("button", { name: "Copiar código" }).waitFor({ timeout: 3000 });

  // The PSP notifies the payment: the company's browser shows the renewal and goes to / after 4 s.
  const txid = /62\d{2}05(\d{2})([A-Z0-9]+)/.exec(code)!;
  const id = txid[2].slice(0, Number(txid[1]));
  const res = await fetch(`${base}/subscription/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-secret": SECRET },
    body: JSON.stringify({ pix: [{ txid: id, valor: "59.90" }] }),
  });
  expect(await res.json()).toEqual({ ok: true, confirmed: 1 });
  const [y, m, d] = signup.data.dueDate.split("-").map(Number);
  const next = new Date(Date.UTC(y, m, Math.min(d, new Date(Date.UTC(y, m + 1, 0)).getUTCDate())));
  const shown = `${String(next.getUTCDate()).padStart(2, "0")}/${String(next.getUTCMonth() + 1).padStart(2, "0")}/${next.getUTCFullYear()}`;
  await admin.page.getByText(`Licença renovada até ${shown}.`).waitFor();
  await admin.page.waitForURL((u) => u.pathname === "/", { timeout: 6000 });
  await admin.page.goto("/financeiro");
  await admin.page.getByTestId("invoice-row").filter({ hasText: "Pago" }).filter({ hasText: "Plano Pro" }).waitFor();

  // The super user sees the company on its new plan and due date.
  await root.page.getByRole("tab", { name: "Empresas" }).click();
  await root.page.getByTestId("company-row").filter({ hasText: "Loja Teste" }).getByText(shown).waitFor();
  expect((await apiCall(base, "GET", "/companies/list", undefined, rootToken)).status).toBe(200);
  await admin.context.close();
  await root.context.close();
}, 60_000);

test("platform: help videos from Settings › Ajuda reach every company; the admin's dashboard draws its figures", async () => {
  const root = await stack().newPage();
  await signIn(root.page, SUPER_EMAIL, SUPER_PASSWORD);
  await root.page.getByRole("navigation").getByRole("link", { name: "Ajuda" }).click();
  await root.page.getByText("Nenhum vídeo de ajuda ainda.").waitFor();
  await root.page.goto("/settings");
  await root.page.getByRole("tab", { name: "Ajuda" }).click();
  await root.page.getByText("Adicione um vídeo do YouTube").waitFor();
  await root.page.getByRole("button", { name: "Adicionar vídeo" }).click();
  const dialog = root.page.getByRole("dialog");
  await dialog.getByLabel("Título").fill("Primeiros passos");
  await dialog.getByLabel("Código do vídeo").fill("https://vimeo.com/1");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await dialog.getByText("Inválido").waitFor();
  await dialog.getByLabel("Código do vídeo").fill("https://youtu.be/dQw4w9WgXcQ");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await root.page.getByTestId("help-row").filter({ hasText: "dQw4w9WgXcQ" }).waitFor();
  await root.context.close();

  const admin = await stack().newPage();
  await signIn(admin.page, "loja@e2e.local", "loja-123");
  // The dashboard: counters, the hourly chart (uPlot, loaded on demand) and the attendants.
  await admin.page.getByTestId("counter-supportPending").getByText("0").waitFor();
  await admin.page.locator('[data-testid="hourly-chart"] canvas').waitFor();
  await admin.page.getByTestId("attendant-row").filter({ hasText: "Loja Teste" }).getByText("Online").waitFor();
  await admin.page
    .getByRole("combobox")
    .or(admin.page.getByRole("button", { name: "Filtro por data" }))
    .first()
    .click();
  await admin.page.getByRole("option", { name: "Filtro por período" }).click();
  await admin.page.getByRole("button", { name: "Filtrar" }).click();
  await admin.page.getByText("Escolha as datas ou um período").waitFor();
  await admin.page.getByRole("navigation").getByRole("link", { name: "Ajuda" }).click();
  await admin.page.getByTestId("help-card").filter({ hasText: "Primeiros passos" }).click();
  const frame = admin.page.getByRole("dialog").locator("iframe");
  expect(await frame.getAttribute("src")).toContain("youtube-nocookie.com/embed/dQw4w9WgXcQ");
  await admin.context.close();
}, 60_000);
