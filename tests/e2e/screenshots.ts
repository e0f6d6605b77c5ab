/**
 * Not a test: `bun run tests/e2e/screenshots.ts` captures the main screens (light and dark, desktop
 * and 400 px wide) into /tmp/shots for a visual review.
 */
import { mkdirSync } from "node:fs";
import { apiCall, signIn, startStack, SUPER_EMAIL, SUPER_PASSWORD } from "./harness";

const OUT = process.env.SHOTS_DIR ?? "/tmp/shots";
mkdirSync(OUT, { recursive: true });
const stack = await startStack();
try {
  const login = await apiCall<{ token: string }>(stack.server.url, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  const names = ["Ana Souza", "Bruno Lima", "Carla Dias", "Diego Rocha", "Elisa Prado", "Fábio Nunes", "Gabriela Reis"];
  for (const [i, name] of names.entries()) {
    await apiCall(
      stack.server.url,
      "POST",
      "/users",
      { name, email: `user${i}@shots.local`, password: "shots-123", profile: i === 2 ? "admin" : "user" },
      login.data.token,
    );
  }
  for (const [name, color] of [
    ["Vendas", "#16a34a"],
    ["Suporte", "#2563eb"],
    ["Financeiro", "#d97706"],
  ]) {
    await apiCall(stack.server.url, "POST", "/queue", { name, color, greetingMessage: "" }, login.data.token);
  }
  for (const scheme of ["light", "dark"] as const) {
    for (const [label, width] of [
      ["desktop", 1280],
      ["mobile", 400],
    ] as const) {
      const { page, context } = await stack.newPage({ colorScheme: scheme, width, height: 820 });
      const shot = async (name: string) => page.screenshot({ path: `${OUT}/${name}-${scheme}-${label}.png` });
      await page.goto("/login");
      await page.getByRole("heading", { name: "Entrar" }).waitFor();
      await shot("login");
      await page.goto("/signup");
      await page.getByRole("radio").first().waitFor();
      await shot("signup");
      await page.getByRole("button", { name: "Criar conta" }).click();
      await page.getByText("Obrigatório").first().waitFor();
      await page.waitForTimeout(2500);
      await shot("signup-errors");
      await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
      await page.waitForTimeout(3500);
      await shot("home");
      await page.goto("/users");
      await page.getByTestId("user-row").nth(3).waitFor();
      await shot("users");
      await page.getByRole("button", { name: "Adicionar usuário" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Salvar" }).click();
      await page.getByRole("dialog").getByText("Obrigatório").first().waitFor();
      await shot("user-modal");
      const queues = page.getByRole("dialog").getByRole("button", { name: /Filas|Nenhuma/ });
      if (await queues.count()) {
        await queues.first().click();
        await page.getByRole("option", { name: "Vendas" }).click();
        await page.getByRole("option", { name: "Suporte" }).click();
        await shot("user-modal-queues");
        await page.keyboard.press("Escape");
      }
      await page.keyboard.press("Escape");
      await page.waitForTimeout(300);
      if (label === "mobile") {
        await page.getByRole("button", { name: "Abrir menu" }).click();
        await shot("drawer");
      } else {
        await page.getByRole("button", { name: "Recolher menu" }).click();
        await page.waitForTimeout(400);
        await shot("drawer-collapsed");
      }
      await context.close();
    }
  }
  console.log(`screenshots in ${OUT}`);
} finally {
  await stack.stop();
}
