import type { ChannelAdapter } from "../../core/channel";
import type { Page } from "../../contract/dto/common";
import type { FramePayload } from "../../contract/frames";
import type { ContactDto } from "../../contract/dto/contacts";
import { eq } from "drizzle-orm";
import { LIMITS } from "../../contract/limits";
import type { ContactCreateInput, ContactUpdateInput } from "../../contract/schemas/contacts";
import type { Ctx } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { audit, diffFields } from "../audit";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { connectedConnections, findConnection } from "../connections";
import { canDeleteContact } from "./policy";
import { type ContactRow, fieldsOfContacts, findContact, findContactByNumber, pageContacts, setContactFields } from "./queries";
import { contacts } from "./schema";

const PAGE = LIMITS.contactsPageSize;
const LIST_PAGE = 200;

/** The public shape of a contact; extraInfo only when loaded. */
export function serializeContact(c: ContactRow, extraInfo?: { id: number; name: string; value: string }[]): ContactDto {
  return {
    id: c.id,
    name: c.name,
    number: c.number,
    email: c.email,
    profilePicUrl: c.profilePicUrl,
    uuid: c.uuid,
    isGroup: c.isGroup,
    whatsappId: c.whatsappId,
    lid: c.lid,
    optedOutAt: c.optedOutAt,
    companyId: c.companyId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    ...(extraInfo && { extraInfo }),
  };
}
export type { ContactDto };

async function withFields(ctx: Ctx, c: ContactRow) {
  const fields = (await fieldsOfContacts(ctx.db, [c.id])).get(c.id) ?? [];
  return serializeContact(
    c,
    fields.map((f) => ({ id: f.id, name: f.name, value: f.value })),
  );
}

function publish(ctx: Ctx, frame: FramePayload<"contact">) {
  ctx.hub.publish(rooms.main(ctx.companyId), { channel: "contact", ...frame });
}

/** GET /contacts: page of 30 ordered by name, searching name and number. */
export async function listContacts(ctx: Ctx, search: string, page: number): Promise<Page<"contacts", ContactDto>> {
  const { rows, total } = await pageContacts(ctx.db, ctx.companyId, search, page, PAGE);
  return { contacts: rows.map((r) => serializeContact(r)), count: total, hasMore: total > page * PAGE };
}

/** GET /contacts/list: a lighter list for pickers (200 per page, optional search). */
export async function listContactsForPicker(ctx: Ctx, search: string, page: number) {
  const { rows } = await pageContacts(ctx.db, ctx.companyId, search, page, LIST_PAGE);
  return rows.map((r) => ({ id: r.id, name: r.name, number: r.number, email: r.email, profilePicUrl: r.profilePicUrl, isGroup: r.isGroup }));
}

/** GET /contacts/{id} with its extra info. */
export async function showContact(ctx: Ctx, id: number) {
  const c = await findContact(ctx.db, ctx.companyId, id);
  if (!c) throw notFound("ERR_NO_CONTACT_FOUND");
  return withFields(ctx, c);
}

/** A contact row of the caller's company, or 404 (for other modules: tickets, schedules…). */
export async function getContact(ctx: Ctx, id: number): Promise<ContactRow> {
  const c = await findContact(ctx.db, ctx.companyId, id);
  if (!c) throw notFound("ERR_NO_CONTACT_FOUND");
  return c;
}

async function assertNumberFree(ctx: Ctx, number: string, exceptId?: number) {
  const other = await findContactByNumber(ctx.db, ctx.companyId, number);
  if (other && other.id !== exceptId) throw new AppError("ERR_DUPLICATED_CONTACT", 409, { contactId: other.id });
}

/**
 * POST /contacts (D18): when the company has a connected connection the number is checked on WhatsApp and replaced
 * by its canonical form; without one it is kept as typed (digits).
 */
export async function canonicalNumber(ctx: Ctx, number: string): Promise<string> {
  let adapter: ChannelAdapter | undefined;
  // Several nodes: the session may run on another node, which answers the check.
  for (const w of await connectedConnections(ctx.db, ctx.companyId)) {
    adapter = await ctx.sessions.reach(w.id);
    if (adapter) break;
  }
  if (!adapter) return number;
  let found: Awaited<ReturnType<typeof adapter.checkNumber>>;
  try {
    found = await adapter.checkNumber(number);
  } catch {
    throw new AppError("ERR_WAPP_CHECK_CONTACT", 400);
  }
  if (!found?.exists) throw new AppError("ERR_WAPP_INVALID_CONTACT", 400);
  return found.number || number;
}

async function assertConnection(ctx: Ctx, whatsappId: number | null | undefined) {
  if (whatsappId && !(await findConnection(ctx.db, ctx.companyId, whatsappId))) throw notFound("ERR_NO_WAPP_FOUND");
}

export async function createContact(ctx: Ctx, input: ContactCreateInput) {
  await assertConnection(ctx, input.whatsappId);
  await assertNumberFree(ctx, input.number);
  input = { ...input, number: await canonicalNumber(ctx, input.number) };
  await assertNumberFree(ctx, input.number);
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const created = (
      await tx
        .insert(contacts)
        .values({
          companyId: ctx.companyId,
          name: input.name,
          number: input.number,
          email: input.email ?? "",
          uuid: crypto.randomUUID(),
          whatsappId: input.whatsappId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
    )[0];
    await setContactFields(tx as unknown as Ctx["db"], created.id, input.extraInfo ?? []);
    await audit(
      ctx,
      "contact.created",
      { type: "contact", id: created.id, label: created.name },
      diffFields(null, { name: created.name, number: created.number }),
      tx,
    );
    return created;
  });
  const dto = await withFields(ctx, row);
  publish(ctx, { action: "create", contact: dto });
  return dto;
}

/** PUT /contacts/{id}: extraInfo, when sent, replaces the list. */
export async function updateContact(ctx: Ctx, id: number, input: ContactUpdateInput) {
  const current = await findContact(ctx.db, ctx.companyId, id);
  if (!current) throw notFound("ERR_NO_CONTACT_FOUND");
  await assertConnection(ctx, input.whatsappId);
  if (input.number !== undefined && input.number !== current.number) {
    await assertNumberFree(ctx, input.number, id);
    const number = await canonicalNumber(ctx, input.number);
    await assertNumberFree(ctx, number, id);
    input = { ...input, number };
  }
  const patch: Partial<ContactRow> = {
    updatedAt: nowIso(),
    ...(input.name !== undefined && { name: input.name }),
    ...(input.number !== undefined && { number: input.number }),
    ...(input.email !== undefined && { email: input.email }),
    ...(input.whatsappId !== undefined && { whatsappId: input.whatsappId }),
  };
  const row = await ctx.db.transaction(async (tx) => {
    const updated = (await tx.update(contacts).set(patch).where(eq(contacts.id, id)).returning())[0];
    if (input.extraInfo) await setContactFields(tx as unknown as Ctx["db"], id, input.extraInfo);
    const { updatedAt: _, ...fields } = patch;
    await audit(ctx, "contact.updated", { type: "contact", id, label: updated.name }, diffFields(current, fields), tx);
    return updated;
  });
  const dto = await withFields(ctx, row);
  publish(ctx, { action: "update", contact: dto });
  return dto;
}

/** DELETE /contacts/{id}: `contacts-page:deleteContact` only; tickets of the contact go with it. */
export async function deleteContact(ctx: Ctx, id: number) {
  if (!canDeleteContact(ctx.user)) throw forbidden();
  const current = await findContact(ctx.db, ctx.companyId, id);
  if (!current) throw notFound("ERR_NO_CONTACT_FOUND");
  await ctx.db.transaction(async (tx) => {
    await tx.delete(contacts).where(eq(contacts.id, id));
    await audit(ctx, "contact.deleted", { type: "contact", id, label: current.name }, diffFields(current, { number: null }), tx);
  });
  publish(ctx, { action: "delete", contactId: id });
}
