import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

test("announcements: a super user publishes with an image; another user gets it live; non-super users are sent away", async () => {
  const base = stack().server.url;
  const admin = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  await apiCall(base, "POST", "/users", { name: "Carla Admin", email: "carla.ann@e2e.local", password: "carla-123", profile: "admin" }, admin);

  const viewer = await stack().newPage();
  await signIn(viewer.page, "carla.ann@e2e.local", "carla-123");
  await viewer.page.getByTestId("announcements-menu").click();
  await viewer.page.getByText("Nenhum informativo no momento.").waitFor();
  await viewer.page.keyboard.press("Escape");
  // Not a super user: the page refuses with the spec's notice, then goes to / after a second.
  await viewer.page.goto(`${base}/announcements`);
  await viewer.page.getByText("Sua empresa não tem acesso a esta página. Voltando ao início.").waitFor();
  await viewer.page.waitForURL(`${base}/`);

  const su = await stack().newPage();
  await signIn(su.page, SUPER_EMAIL, SUPER_PASSWORD);
  await su.page.getByRole("navigation").getByRole("link", { name: "Informativos" }).click();
  await su.page.getByText("Nenhum informativo.").waitFor();
  await su.page.getByRole("button", { name: "Adicionar informativo" }).click();
  const dialog = su.page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  expect(await dialog.getByText("Obrigatório").count()).toBe(2);
  await dialog.getByLabel("Título").fill("Nova versão no domingo");
  await dialog.getByLabel("Texto").fill("O sistema ficará fora do ar das 22h às 23h.");
  await dialog.getByRole("button", { name: "Baixa" }).click();
  await su.page.getByRole("option", { name: "Alta" }).click();
  await dialog.getByTestId("announcement-file").setInputFiles({ name: "aviso.png", mimeType: "image/png", buffer: PNG });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await su.page.getByText("Informativo salvo.").waitFor();
  const row = su.page.getByTestId("announcement-row").filter({ hasText: "Nova versão no domingo" });
  await row.getByText("Alta").waitFor();
  await row.getByText("aviso.png").waitFor();

  // The other user, without reloading: a notice, the badge, and the announcement with its public image.
  await viewer.page.getByText("Novo informativo: Nova versão no domingo").waitFor();
  await viewer.page.getByTestId("announcements-count").filter({ hasText: "1" }).waitFor();
  await viewer.page.getByTestId("announcements-menu").click();
  const item = viewer.page.getByTestId("announcement-item").filter({ hasText: "Nova versão no domingo" });
  await item.getByText("O sistema ficará fora do ar das 22h às 23h.").waitFor();
  await viewer.page.waitForFunction(() => (document.querySelector('[data-testid="announcement-item"] img') as HTMLImageElement | null)?.naturalWidth === 1);
  await viewer.page.getByTestId("announcements-count").waitFor({ state: "detached" });

  // Made inactive: it leaves the other user's popover live.
  await row.getByRole("button", { name: "Editar" }).click();
  await dialog.getByRole("switch", { name: "Ativo" }).click();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await item.waitFor({ state: "detached" });
  await su.context.close();
  await viewer.context.close();
}, 60_000);
