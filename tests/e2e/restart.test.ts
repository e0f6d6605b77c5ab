import { afterAll, expect, test } from "bun:test";
import { apiCall, dataFolder, type Server, startServer, SUPER_EMAIL, SUPER_PASSWORD } from "./harness";

/**
 * Issue 5: restarting the server (even kill -9) mid-conversation loses and duplicates nothing:
 * the same ticket, the same messages once each, on the agent's side and on the phone's side.
 */
const dir = dataFolder("balcao-restart-");
let server: Server | null = null;
afterAll(async () => {
  await server?.stop();
});

const login = async (base: string) =>
  (await apiCall<{ token: string }>(base, "POST", "/auth/login", { email: SUPER_EMAIL, password: SUPER_PASSWORD })).data.token;
const CUSTOMER = { number: "5511944445555", name: "Rita Reinício" };

test("kill -9 mid-conversation, restart: nothing lost, nothing duplicated, the conversation goes on", async () => {
  server = await startServer({ DATA_DIR: dir });
  let base = server.url;
  let token = await login(base);
  const conn = await apiCall<{ id: number }>(base, "POST", "/whatsapp", { name: "Sandbox Reinício", channel: "sandbox" }, token);
  expect(conn.status).toBe(201);
  const say = (b: string, tk: string) => apiCall(base, "POST", `/sandbox/${conn.data.id}/messages`, { ...CUSTOMER, type: "text", body: b }, tk);
  for (const b of ["primeira", "segunda", "terceira"]) expect((await say(b, token)).status).toBe(201);
  const list = await apiCall<{ tickets: { id: number; contact: { name: string } }[] }>(base, "GET", "/tickets?status=pending&showAll=true", undefined, token);
  const ticketId = list.data.tickets.find((x) => x.contact.name === CUSTOMER.name)!.id;
  expect((await apiCall(base, "PUT", `/tickets/${ticketId}`, { status: "open" }, token)).status).toBe(200);
  expect((await apiCall(base, "POST", `/messages/${ticketId}`, { body: "resposta antes da queda" }, token)).status).toBe(201);
  const before = await apiCall<{ messages: { body: string }[] }>(base, "GET", `/messages/${ticketId}`, undefined, token);
  type Phone = { messages: { body: string; direction: string }[] };
  const phoneBefore = await apiCall<Phone>(base, "GET", `/sandbox/${conn.data.id}/conversation?number=${CUSTOMER.number}`, undefined, token);

  await server.kill();
  server = await startServer({ DATA_DIR: dir });
  base = server.url;
  token = await login(base);

  const after = await apiCall<{ messages: { body: string }[] }>(base, "GET", `/messages/${ticketId}`, undefined, token);
  expect(after.data.messages.map((m) => m.body)).toEqual(before.data.messages.map((m) => m.body));
  const phoneAfter = await apiCall<Phone>(base, "GET", `/sandbox/${conn.data.id}/conversation?number=${CUSTOMER.number}`, undefined, token);
  const view = (p: Phone) => p.messages.map((m) => `${m.direction}:${m.body}`);
  expect(view(phoneBefore.data)).toContain("out:resposta antes da queda");
  expect(view(phoneAfter.data)).toEqual(view(phoneBefore.data));

  // The sandbox connection resumed by itself; the conversation continues on the same ticket.
  expect((await say("voltei depois da queda", token)).status).toBe(201);
  expect((await apiCall(base, "POST", `/messages/${ticketId}`, { body: "resposta depois da queda" }, token)).status).toBe(201);
  const final = await apiCall<{ messages: { body: string; sendStatus: string | null }[] }>(base, "GET", `/messages/${ticketId}`, undefined, token);
  const bodies = final.data.messages.map((m) => m.body);
  expect(bodies.slice(-2)).toEqual(["voltei depois da queda", "resposta depois da queda"]);
  expect(new Set(bodies).size).toBe(bodies.length);
  expect(final.data.messages.at(-1)?.sendStatus).toBe("sent");
}, 90_000);
