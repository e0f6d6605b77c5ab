import { afterAll, expect, test } from "bun:test";
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { apiCall, dataFolder, launchBrowser, ON_POSTGRES, type Server, SUPER_EMAIL, SUPER_PASSWORD, signIn, startServer } from "./harness";

/**
 * The super user's backups page on a real server: create with progress, schedule, download, a
 * staged restore with typed confirmation, then a restart applies it (a tag made after the backup is gone).
 */
const dataDir = dataFolder("balcao-e2e-backups-");
let server: Server | undefined;
let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

async function open(srv: Server) {
  browser ??= await launchBrowser();
  const context = await browser.newContext({ baseURL: srv.url, viewport: { width: 1280, height: 800 }, locale: "pt-BR", acceptDownloads: true });
  const page = await context.newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  const token = (await page.evaluate(() => localStorage.getItem("token"))) as string;
  return { context, page, token };
}

// The archives hold the SQLite database: on PostgreSQL there is none to make (the test below covers that page).
test.skipIf(ON_POSTGRES)(
  "backups: create, schedule, download, stage a restore, and the restart applies it",
  async () => {
    // The daily backup starts switched off here: on by default, it catches up within the first minute of a
    // boot past its time, and its backup would then race this test's manual one.
    mkdirSync(join(dataDir, "backups"), { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, "backups", "schedule.json"), JSON.stringify({ enabled: false }));
    server = await startServer({ DATA_DIR: dataDir, BALLAST_MB: "1" });
    // The boot laid the ballast (kept out of backups).
    expect(statSync(join(dataDir, ".ballast")).size).toBe(1024 * 1024);
    const { context, page, token } = await open(server);
    await apiCall(server.url, "POST", "/tags", { name: "Antes do backup", color: "#123456" }, token);
    await page.getByRole("navigation").getByRole("link", { name: "Backups" }).click();
    await page.getByRole("heading", { name: "Backups" }).waitFor();
    await page.getByText("Nenhum backup ainda").waitFor();

    await page.getByRole("button", { name: "Criar backup" }).click();
    // The manual backup's row (once the schedule below is saved, a scheduled one may join the list).
    const row = page.getByTestId("backup-row").filter({ hasText: "-manual.tar.gz" });
    await row.first().waitFor();
    const name = (await row.first().getByTestId("backup-name").textContent())?.trim() as string;
    expect(name).toMatch(/^balcao-.*-manual\.tar\.gz$/);
    expect(await row.first().textContent()).toContain("Manual");

    await page.getByRole("button", { name: "Agendamento" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("switch", { name: "Backup diário" }).click();
    await dialog.getByLabel("Horário").fill("04:15");
    await dialog.getByLabel("Backups mantidos").fill("3");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await page.getByText("Agendamento salvo.").waitFor();
    await page.getByText(/Backup diário às 04:15 .*mantendo os 3 mais recentes/).waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), row.first().getByRole("button", { name: "Baixar" }).click()]);
    expect(download.suggestedFilename()).toBe(name);

    await apiCall(server.url, "POST", "/tags", { name: "Depois do backup", color: "#654321" }, token);
    await row.first().getByRole("button", { name: "Restaurar" }).click();
    const confirm = page.getByTestId("restore-confirm");
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId("restore-typed").fill("sim");
    expect(await confirm.isDisabled()).toBe(true);
    await page.getByTestId("restore-typed").fill(name);
    await confirm.click();
    await page.getByTestId("restore-pending").waitFor();
    await context.close();

    // The next start applies the staged restore before the database opens.
    await server.stop();
    server = await startServer({ DATA_DIR: dataDir });
    const again = await open(server);
    await again.page.goto("/backups");
    await again.page.getByTestId("restore-last").getByText(`Backup ${name} restaurado`).waitFor();
    expect(await again.page.getByTestId("restore-pending").count()).toBe(0);
    const tags = await apiCall<{ tags: { name: string }[] }>(server.url, "GET", "/tags", undefined, again.token);
    const names = tags.data.tags.map((t) => t.name);
    expect(names).toContain("Antes do backup");
    expect(names).not.toContain("Depois do backup");
    await again.context.close();
  },
  90_000,
);

test.if(ON_POSTGRES)(
  "on PostgreSQL the backups page says to back up with PostgreSQL's tools, and offers nothing to create or schedule",
  async () => {
    server = await startServer({ DATA_DIR: dataDir });
    const { context, page, token } = await open(server);
    await page.getByRole("navigation").getByRole("link", { name: "Backups" }).click();
    await page.getByRole("heading", { name: "Backups" }).waitFor();
    await page
      .getByTestId("backups-postgres")
      .getByText(/O banco de dados é PostgreSQL: faça o backup com as ferramentas do PostgreSQL/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Criar backup" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Agendamento" }).count()).toBe(0);
    expect(await page.getByTestId("backup-row").count()).toBe(0);
    // and the API refuses to make one, with the reason
    const made = await apiCall<{ error: string }>(server.url, "POST", "/backups", {}, token);
    expect(made).toEqual({ status: 409, data: { error: "ERR_BACKUP_POSTGRES" } });
    await context.close();
    await server.stop();
  },
  60_000,
);

test("a low data disk shows a banner to admins", async () => {
  const low = await startServer({ STORAGE_LOW_MB: "999999999" });
  try {
    const { context, page } = await open(low);
    await page.getByTestId("storage-banner").getByText("Pouco espaço livre no disco do servidor").waitFor();
    await context.close();
  } finally {
    await low.stop();
  }
}, 60_000);
