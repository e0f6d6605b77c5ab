import { expect, test } from "bun:test";
import { apiCall, signIn, SUPER_EMAIL, SUPER_PASSWORD, setupStack } from "./harness";

const stack = setupStack();

test("kanban: a ticket dragged across lanes keeps exactly one kanban tag; 'Em aberto' removes it; a click opens the ticket", async () => {
  const base = stack().server.url;
  const token = (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
  for (const name of ["Qualificação", "Negociação"]) await apiCall(base, "POST", "/tags", { name, color: "#7c3aed", kanban: 1 }, token);
  await apiCall(base, "POST", "/tags", { name: "Prioridade", color: "#dc2626", kanban: 0 }, token);
  const conn = await apiCall<{ id: number }>(base, "POST", "/whatsapp", { name: "Sandbox Kanban", channel: "sandbox" }, token);
  await apiCall(
    base,
    "POST",
    `/sandbox/${conn.data.id}/messages`,
    { number: "5511966667777", name: "Kátia Kanban", type: "text", body: "Quero um orçamento" },
    token,
  );

  const { page, context } = await stack().newPage();
  await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
  await page.getByRole("navigation").getByRole("link", { name: "Kanban" }).click();
  const lane = (name: string) => page.getByTestId("kanban-lane").filter({ has: page.getByRole("heading", { name }) });
  const card = (name: string) => lane(name).getByTestId("kanban-card").filter({ hasText: "Kátia Kanban" });
  await card("Em aberto").waitFor();
  await card("Em aberto").getByText("Quero um orçamento").waitFor();

  await card("Em aberto").dragTo(lane("Qualificação"));
  await page.getByText("Tag adicionada ao ticket.").waitFor();
  await card("Qualificação").waitFor();
  await card("Qualificação").dragTo(lane("Negociação"));
  await card("Negociação").waitFor();
  const tickets = await apiCall<{ tickets: { id: number; uuid: string; contact: { name: string }; tags: { name: string }[] }[] }>(
    base,
    "GET",
    "/ticket/kanban",
    undefined,
    (await page.evaluate(() => localStorage.getItem("token")))!,
  );
  const mine = tickets.data.tickets.find((x) => x.contact.name === "Kátia Kanban")!;
  expect(mine.tags.map((x) => x.name)).toEqual(["Negociação"]);

  // Without dragging: the card's menu moves it back to the first lane, which only removes the link.
  await card("Negociação").getByRole("button", { name: "Mover cartão" }).click();
  await page.getByRole("menuitem", { name: "Mover para Em aberto" }).click();
  await page.getByText("Tag removida do ticket.").waitFor();
  await card("Em aberto").waitFor();
  expect(await lane("Negociação").getByTestId("kanban-card").count()).toBe(0);

  // Live: a move made elsewhere (here through the API) and a new customer show up without a reload.
  const live = (await page.evaluate(() => localStorage.getItem("token")))!;
  const tagId = (await apiCall<{ lista: { id: number; name: string }[] }>(base, "GET", "/tags/kanban", undefined, live)).data.lista.find(
    (x) => x.name === "Qualificação",
  )!.id;
  expect((await apiCall(base, "PUT", `/ticket-tags/${mine.id}/kanban`, { tagId }, live)).status).toBe(200);
  await card("Qualificação").waitFor();
  expect(await lane("Em aberto").getByTestId("kanban-card").filter({ hasText: "Kátia Kanban" }).count()).toBe(0);
  await apiCall(base, "POST", `/sandbox/${conn.data.id}/messages`, { number: "5511955554444", name: "Lúcio Live", type: "text", body: "Oi" }, live);
  await lane("Em aberto").getByTestId("kanban-card").filter({ hasText: "Lúcio Live" }).waitFor();
  expect(mine.tags.length).toBe(1);
  await card("Qualificação").getByRole("button", { name: "Mover cartão" }).click();
  await page.getByRole("menuitem", { name: "Mover para Em aberto" }).click();
  await card("Em aberto").waitFor();

  await card("Em aberto").getByText("Kátia Kanban").click();
  await page.waitForURL(`${base}/tickets/${mine.uuid}`);
  await context.close();
}, 60_000);
