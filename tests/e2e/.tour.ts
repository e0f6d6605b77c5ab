// scratch, not committed
import { apiCall, signIn, startStack, SUPER_EMAIL, SUPER_PASSWORD } from "./harness";
const OUT = process.env.SHOTS_DIR ?? "/tmp/tour";
const WIDTHS = (process.env.WIDTHS ?? "1280,390").split(",").map(Number);
const LANGS = (process.env.LANGS ?? "pt-BR").split(",");
const SCREENS = (process.env.SCREENS ?? "tickets,chat,chats,kanban,dashboard,connections,schedules,queues,campaigns,helps,sandbox,transfer").split(",");
const TZ = process.env.BROWSER_TZ ?? "America/Sao_Paulo";
const stack = await startStack({ env: { TZ: "America/Sao_Paulo" } });
const base = stack.server.url;
const login = async () => (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
const tok = await login();
const call = <T = any>(m: string, p: string, b?: unknown) => apiCall<T>(base, m, p, b, tok);
const vendas = await call<{ id: number }>("POST", "/queue", { name: "Vendas", color: "#16a34a", greetingMessage: "Olá!" });
await call("POST", "/queue", { name: "Suporte", color: "#2563eb" });
await call("POST", "/users", { name: "Beto Chat", email: "beto@x.local", password: "beto-123", profile: "user", queueIds: [vendas.data.id] });
await call("POST", "/tags", { name: "VIP", color: "#9333ea" });
const conn = await call<{ id: number }>("POST", "/whatsapp", { name: "Loja Sandbox", channel: "sandbox", queueIds: [vendas.data.id] });
const customers = [
  ["5511900000001", "Rui Venâncio de Albuquerque Filho"],
  ["5511900000002", "Joana Lima"],
  ["5511900000003", "Carlos Pereira"],
  ["5511900000004", "Ana Beatriz"],
  ["5511900000005", "Marcos Dias"],
];
for (const [number, name] of customers)
  await call("POST", `/sandbox/${conn.data.id}/messages`, { number, name, type: "text", body: `Olá, sou ${name} e preciso de *ajuda* com meu pedido` });
await Bun.sleep(1500);
const pend = await call<{ tickets: { id: number; uuid: string; contact: { name: string } }[] }>("GET", "/tickets?status=pending&showAll=true");
const rui = pend.data.tickets.find((t) => t.contact.name.startsWith("Rui"))!;
const joana = pend.data.tickets.find((t) => t.contact.name.startsWith("Joana"))!;
for (const t of [rui, joana]) await call("PUT", `/tickets/${t.id}`, { status: "open" });
await call("POST", `/messages/${rui.id}`, { body: "Bom dia! Como posso ajudar?" });
await call("POST", `/ticket-notes`, { note: "Cliente VIP", ticketId: rui.id, contactId: 0 });
const users = await call<{ users: { id: number; name: string }[] }>("GET", "/users");
const beto = users.data.users.find((u) => u.name === "Beto Chat")!;
const chat = await call<{ id: number; uuid: string }>("POST", "/chats", { title: "Escala de sábado", users: [beto.id] });
await call("POST", `/chats/${chat.data.id}/messages`, { message: "Você cobre o sábado?" });
await call("POST", "/schedules", { body: "Lembrete do pedido", sendAt: new Date(Date.now() + 86400000).toISOString(), contactId: 1 });
await call("POST", "/helps", { title: "Primeiros passos", description: "Como começar", video: "https://youtu.be/dQw4w9WgXcQ" });
const browser = stack.browser;
for (const lang of LANGS)
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: base, viewport: { width, height: width < 600 ? 844 : 800 }, locale: "pt-BR", timezoneId: TZ });
    await context.addInitScript((l) => localStorage.setItem("language", l), lang);
    const page = await context.newPage();
    page.on("pageerror", (e) => console.log("pageerror", e.message));
    await signIn(page, SUPER_EMAIL, SUPER_PASSWORD);
    const shot = async (n: string) => {
      await page.waitForTimeout(700);
      await page.screenshot({ path: `${OUT}/${n}-${lang}-${width}.png` });
    };
    for (const s of SCREENS) {
      try {
        if (s === "tickets") {
          await page.goto("/tickets");
          await page.getByTestId("tickets-manager").waitFor();
          await shot("tickets");
        }
        if (s === "chat") {
          await page.goto(`/tickets/${rui.uuid}`);
          await page.waitForTimeout(1000);
          await shot("chat");
        }
        if (s === "transfer") {
          await page.goto(`/tickets/${rui.uuid}`);
          await page.waitForTimeout(1000);
          await page
            .getByRole("button", { name: /Transferir|Transfer/ })
            .first()
            .click();
          await shot("transfer");
        }
        if (s === "chats") {
          await page.goto(`/chats/${chat.data.uuid}`);
          await page.waitForTimeout(800);
          await shot("chats");
        }
        if (s === "kanban") {
          await page.goto("/kanban");
          await shot("kanban");
        }
        if (s === "dashboard") {
          await page.goto("/");
          await page.waitForTimeout(800);
          await shot("dashboard");
        }
        if (s === "connections") {
          await page.goto("/connections");
          await shot("connections");
        }
        if (s === "schedules") {
          await page.goto("/schedules");
          await shot("schedules");
        }
        if (s === "queues") {
          await page.goto("/queues");
          await shot("queues");
        }
        if (s === "campaigns") {
          await page.goto("/campaigns");
          await shot("campaigns");
        }
        if (s === "helps") {
          await page.goto("/helps");
          await page.getByTestId("help-card").first().click();
          await shot("helps");
        }
        if (s === "sandbox") {
          await page.goto(`/sandbox/${conn.data.id}`);
          await page.waitForTimeout(500);
          await page
            .getByTestId("sandbox-customer")
            .first()
            .click()
            .catch(() => {});
          await shot("sandbox");
        }
        if (s === "menu") {
          if (width < 600) await page.getByRole("button", { name: /menu/i }).first().click();
          await shot("menu");
        }
      } catch (e) {
        console.log(s, lang, width, String(e).slice(0, 200));
      }
    }
    await context.close();
  }
console.log("done", OUT);
await stack.stop();
