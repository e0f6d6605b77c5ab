import { beforeEach, describe, expect, test } from "bun:test";
import { holdFetch } from "../helpers/held-fetch";
import type { Message } from "../../web/src/api/messages";
import type { Ticket } from "../../web/src/api/tickets";
import type { SessionUser } from "../../web/src/api/types";
import { user } from "../../web/src/stores/session";
import {
  currentTicket,
  lists,
  loadList,
  messages,
  messagesHasMore,
  onContactFrame,
  onMessageFrame,
  onTicketFrame,
  removedCurrent,
  selectedQueueIds,
  showAll,
} from "../../web/src/stores/tickets";

const ME = 7;
const ticket = (id: number, patch: Partial<Ticket> = {}): Ticket => ({
  id,
  uuid: `uuid-${id}`,
  status: "pending",
  contactId: 100 + id,
  contact: { id: 100 + id, name: `C${id}`, number: "5511900000000", email: "", profilePicUrl: "", isGroup: false },
  userId: null,
  user: null,
  queueId: 1,
  queue: { id: 1, name: "Vendas", color: "#0a0" },
  whatsappId: null,
  whatsapp: null,
  tags: [],
  lastMessage: "",
  unreadMessages: 0,
  isGroup: false,
  companyId: 1,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  awaitingRating: false,
  createdAt: "2026-01-01T00:00:00Z",
  updatedAt: "2026-01-01T00:00:00Z",
  ...patch,
});
const ids = (key: keyof typeof lists) => lists[key].value.tickets.map((t) => t.id);
const fill = (key: keyof typeof lists, tickets: Ticket[]) => {
  lists[key].value = { tickets, count: tickets.length, hasMore: false, page: 1, loading: false };
};

beforeEach(() => {
  user.value = { id: ME, profile: "user", queues: [{ id: 1, name: "Vendas", color: "#0a0" }], allTicket: "disabled" } as unknown as SessionUser;
  selectedQueueIds.value = [1];
  showAll.value = false;
  for (const key of ["open", "pending", "closed", "search"] as const) fill(key, []);
  currentTicket.value = null;
  messages.value = [];
  messagesHasMore.value = false;
});

describe("ticket lists under realtime frames", () => {
  test("a ticket's older state arriving after a newer one is dropped (two servers' frames in either order)", () => {
    fill("pending", [ticket(1, { updatedAt: "2026-01-01T10:00:00.000Z" })]);
    currentTicket.value = ticket(1, { updatedAt: "2026-01-01T10:00:00.000Z" });
    // accepted on another server a moment later: now open and mine
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(1, { status: "open", userId: ME, updatedAt: "2026-01-01T10:00:01.000Z" }) });
    expect(ids("open")).toEqual([1]);
    // the frame of the earlier change (a queue move on a third server) arrives last: the newer state stays
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(1, { status: "pending", updatedAt: "2026-01-01T10:00:00.500Z" }) });
    expect(ids("open")).toEqual([1]);
    expect(ids("pending")).toEqual([]);
    expect(currentTicket.value?.status).toBe("open");
    // the same instant is not older: a tag change keeps its ticket's time and still shows
    onTicketFrame({
      channel: "ticket",
      action: "update",
      ticket: ticket(1, { status: "open", userId: ME, updatedAt: "2026-01-01T10:00:01.000Z", lastMessage: "oi" }),
    });
    expect(currentTicket.value?.lastMessage).toBe("oi");
  });

  test("an update moves a ticket between lists by status, owner and queue", () => {
    fill("pending", [ticket(1), ticket(2)]);
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(1, { status: "open", userId: ME }) });
    expect(ids("pending")).toEqual([2]);
    expect(ids("open")).toEqual([1]);
    expect(lists.pending.value.count).toBe(1);
    // Someone else's open ticket does not enter my open list (no show-all).
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(2, { status: "open", userId: 99 }) });
    expect(ids("open")).toEqual([1]);
    expect(ids("pending")).toEqual([]);
    // A pending ticket of a queue outside my filter is not listed.
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(3, { queueId: 5, queue: { id: 5, name: "X", color: "#000" } }) });
    expect(ids("pending")).toEqual([]);
    // No queue: everyone's.
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(4, { queueId: null, queue: null }) });
    expect(ids("pending")).toEqual([4]);
  });

  test("a new message moves its ticket to the top and appends to the open chat", () => {
    fill("open", [ticket(1, { status: "open", userId: ME }), ticket(2, { status: "open", userId: ME })]);
    currentTicket.value = lists.open.value.tickets[1];
    const m = { id: 50, ticketId: 2, body: "oi", fromMe: true } as Message;
    const t2 = ticket(2, { status: "open", userId: ME, lastMessage: "oi", updatedAt: "2026-01-01T00:00:05Z" });
    onMessageFrame({ channel: "appMessage", action: "create", message: m, ticket: t2, contact: t2.contact });
    expect(ids("open")).toEqual([2, 1]);
    expect(lists.open.value.tickets[0].lastMessage).toBe("oi");
    expect(messages.value.map((x) => x.id)).toEqual([50]);
    onMessageFrame({ channel: "appMessage", action: "update", message: { ...m, ack: 3 } });
    expect(messages.value).toHaveLength(1);
    expect(messages.value[0].ack).toBe(3);
  });

  test("a message published twice (a node died, another published its last messages again) changes nothing the second time", () => {
    fill("open", [ticket(1, { status: "open", userId: ME }), ticket(2, { status: "open", userId: ME })]);
    currentTicket.value = lists.open.value.tickets[1];
    const t2 = ticket(2, { status: "open", userId: ME, lastMessage: "b", updatedAt: "2026-01-01T00:00:05Z" });
    const t1 = ticket(1, { status: "open", userId: ME, lastMessage: "z", updatedAt: "2026-01-01T00:00:06Z" });
    const a = { id: 50, ticketId: 2, body: "a", fromMe: true } as Message;
    const b = { id: 51, ticketId: 2, body: "b", fromMe: true } as Message;
    onMessageFrame({ channel: "appMessage", action: "create", message: a, ticket: t2, contact: t2.contact });
    onMessageFrame({ channel: "appMessage", action: "create", message: b, ticket: t2, contact: t2.contact });
    onMessageFrame({ channel: "appMessage", action: "create", message: { id: 60, ticketId: 1, fromMe: true } as Message, ticket: t1, contact: t1.contact });
    expect(ids("open")).toEqual([1, 2]);
    // the replay: the same messages with the same ticket state, after newer news of ticket 1
    onMessageFrame({ channel: "appMessage", action: "create", message: a, ticket: t2, contact: t2.contact });
    onMessageFrame({ channel: "appMessage", action: "create", message: b, ticket: t2, contact: t2.contact });
    expect(ids("open")).toEqual([1, 2]);
    expect(messages.value.map((x) => x.id)).toEqual([50, 51]);
  });

  test("a message missed live and published later takes its place by id; one older than the loaded page waits for that page", () => {
    fill("open", [ticket(2, { status: "open", userId: ME })]);
    currentTicket.value = lists.open.value.tickets[0];
    const t2 = ticket(2, { status: "open", userId: ME, updatedAt: "2026-01-01T00:00:05Z" });
    messages.value = [{ id: 40, ticketId: 2 } as Message, { id: 52, ticketId: 2 } as Message];
    onMessageFrame({ channel: "appMessage", action: "create", message: { id: 51, ticketId: 2, fromMe: true } as Message, ticket: t2, contact: t2.contact });
    expect(messages.value.map((x) => x.id)).toEqual([40, 51, 52]);
    messagesHasMore.value = true;
    onMessageFrame({ channel: "appMessage", action: "create", message: { id: 30, ticketId: 2, fromMe: true } as Message, ticket: t2, contact: t2.contact });
    expect(messages.value.map((x) => x.id)).toEqual([40, 51, 52]);
    messagesHasMore.value = false;
    onMessageFrame({ channel: "appMessage", action: "create", message: { id: 30, ticketId: 2, fromMe: true } as Message, ticket: t2, contact: t2.contact });
    expect(messages.value.map((x) => x.id)).toEqual([30, 40, 51, 52]);
  });

  test("delete, updateUnread and contact frames", () => {
    fill("open", [ticket(1, { status: "open", userId: ME, unreadMessages: 4 })]);
    currentTicket.value = lists.open.value.tickets[0];
    onTicketFrame({ channel: "ticket", action: "updateUnread", ticketId: 1 });
    expect(lists.open.value.tickets[0].unreadMessages).toBe(0);
    const contact = {
      ...ticket(1).contact,
      id: 101,
      name: "Novo Nome",
      uuid: "c-101",
      whatsappId: null,
      lid: null,
      optedOutAt: null,
      companyId: 1,
      createdAt: "",
      updatedAt: "",
    };
    onContactFrame({ channel: "contact", action: "update", contact });
    expect(lists.open.value.tickets[0].contact.name).toBe("Novo Nome");
    expect(currentTicket.value?.contact.name).toBe("Novo Nome");
    onTicketFrame({ channel: "ticket", action: "delete", ticketId: 1 });
    expect(ids("open")).toEqual([]);
    expect(removedCurrent.value).toBe(1);
  });

  test("search results are only refreshed, never extended by frames", () => {
    fill("search", [ticket(1)]);
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(1, { lastMessage: "novo" }) });
    onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(9) });
    expect(ids("search")).toEqual([1]);
    expect(lists.search.value.tickets[0].lastMessage).toBe("novo");
  });

  test("what frames bring while a list's first page loads is laid over the answer, which may be older", async () => {
    const held = holdFetch();
    try {
      const later = "2026-01-01T00:00:09Z";
      const loading = loadList("pending");
      // While the request is out: a new ticket arrives, one is taken by an agent elsewhere, one is deleted, one is renamed.
      onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(5, { updatedAt: later }) });
      onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(2, { status: "open", userId: 99, updatedAt: later }) });
      onTicketFrame({ channel: "ticket", action: "delete", ticketId: 3 });
      onTicketFrame({ channel: "ticket", action: "update", ticket: ticket(4, { lastMessage: "novo", updatedAt: later }) });
      // The answer was read before all of that (ticket 1 had no frame: it stays as loaded).
      held.answer({ tickets: [ticket(1), ticket(2), ticket(3), ticket(4)], count: 4, hasMore: false });
      await loading;
      expect(ids("pending")).toEqual([5, 1, 4]);
      expect(lists.pending.value.count).toBe(3);
      expect(lists.pending.value.tickets.find((t) => t.id === 4)?.lastMessage).toBe("novo");
      // Afterwards frames apply to the list itself again.
      onTicketFrame({ channel: "ticket", action: "delete", ticketId: 5 });
      expect(ids("pending")).toEqual([1, 4]);
    } finally {
      held.restore();
    }
  });

  test("a reload of the list on screen (the socket came up) keeps it there until the answer; another filter starts empty", async () => {
    const held = holdFetch();
    try {
      let loading = loadList("pending");
      held.answer({ tickets: [ticket(1), ticket(2)], count: 2, hasMore: false });
      await loading;
      loading = loadList("pending");
      expect(ids("pending")).toEqual([1, 2]);
      expect(lists.pending.value.loading).toBe(true);
      held.answer({ tickets: [ticket(2)], count: 1, hasMore: false });
      await loading;
      expect(ids("pending")).toEqual([2]);
      showAll.value = true;
      loading = loadList("pending");
      expect(ids("pending")).toEqual([]);
      held.answer({ tickets: [ticket(3)], count: 1, hasMore: false });
      await loading;
      expect(ids("pending")).toEqual([3]);
    } finally {
      held.restore();
    }
  });
});
