import { eq, sql } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { ContactListDto, ContactListImportDto, ContactListItemDto } from "../../contract/dto/contactLists";
import type { FramePayload } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import type { ContactListInput, ContactListItemCreateInput, ContactListItemUpdateInput } from "../../contract/schemas/contactLists";
import { audit } from "../audit";
import type { Ctx } from "../../core/deps";
import { AppError, notFound } from "../../core/errors";
import { checkUpload } from "../media";
import { isoNow } from "../../lib/clock";
import { rooms } from "../../contract/rooms";
import { parseSheetOffThread } from "../contacts";
import {
  allContactLists,
  type ContactListItemRow,
  type ContactListRow,
  findContactList,
  findItem,
  itemCounts,
  itemWithNumber,
  numbersInList,
  pageContactLists,
  pageItems,
} from "./queries";
import { contactListItems, contactLists } from "./schema";
import { checkNumberOn } from "./validity";

const PAGE = LIMITS.pageSize;

export function serializeList(l: ContactListRow, contactsCount = 0): ContactListDto {
  return { id: l.id, name: l.name, contactsCount, companyId: l.companyId, createdAt: l.createdAt, updatedAt: l.updatedAt };
}

export function serializeItem(i: ContactListItemRow): ContactListItemDto {
  return {
    id: i.id,
    name: i.name,
    number: i.number,
    email: i.email,
    isWhatsappValid: i.isWhatsappValid,
    companyId: i.companyId,
    contactListId: i.contactListId,
  };
}

async function withCounts(ctx: Ctx, rows: ContactListRow[]) {
  const counts = await itemCounts(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => serializeList(r, counts.get(r.id) ?? 0));
}

function publishList(ctx: Ctx, frame: FramePayload<"ContactList">) {
  ctx.hub.publish(rooms.campaigns(ctx.companyId), { channel: "ContactList", ...frame });
}
function publishItem(ctx: Ctx, frame: FramePayload<"ContactListItem">) {
  ctx.hub.publish(rooms.campaigns(ctx.companyId), { channel: "ContactListItem", ...frame });
}

/** A list of the caller's company, or 404 ERR_NO_CONTACT_LIST_FOUND (campaigns use it too). */
export async function getContactList(ctx: Ctx, id: number): Promise<ContactListRow> {
  const l = await findContactList(ctx.db, ctx.companyId, id);
  if (!l) throw notFound("ERR_NO_CONTACT_LIST_FOUND");
  return l;
}

/** GET /contact-lists: a page ordered by name with item counts. */
export async function listContactLists(ctx: Ctx, search: string, page: number): Promise<Page<"records", ContactListDto>> {
  const { rows, total } = await pageContactLists(ctx.db, ctx.companyId, search, page, PAGE);
  return { records: await withCounts(ctx, rows), count: total, hasMore: total > page * PAGE };
}

/** GET /contact-lists/list: every list (pickers). */
export const pickContactLists = async (ctx: Ctx) => withCounts(ctx, await allContactLists(ctx.db, ctx.companyId));

/** GET /contact-lists/{id}. */
export const showContactList = async (ctx: Ctx, id: number) => (await withCounts(ctx, [await getContactList(ctx, id)]))[0];

/** POST /contact-lists. */
export async function createContactList(ctx: Ctx, input: ContactListInput): Promise<ContactListDto> {
  const now = isoNow(ctx.clock);
  const row = (await ctx.db.insert(contactLists).values({ companyId: ctx.companyId, name: input.name, createdAt: now, updatedAt: now }).returning())[0];
  const record = serializeList(row);
  publishList(ctx, { action: "create", record });
  return record;
}

/** PUT /contact-lists/{id}. */
export async function updateContactList(ctx: Ctx, id: number, input: ContactListInput): Promise<ContactListDto> {
  await getContactList(ctx, id);
  const row = (
    await ctx.db
      .update(contactLists)
      .set({ name: input.name, updatedAt: isoNow(ctx.clock) })
      .where(eq(contactLists.id, id))
      .returning()
  )[0];
  const record = (await withCounts(ctx, [row]))[0];
  publishList(ctx, { action: "update", record });
  return record;
}

/** DELETE /contact-lists/{id}: its items go with it; campaigns keep their shipments. */
export async function deleteContactList(ctx: Ctx, id: number) {
  await getContactList(ctx, id);
  await ctx.db.delete(contactLists).where(eq(contactLists.id, id));
  publishList(ctx, { action: "delete", id });
}

/**
 * A new list holding the given people (a campaign aimed at a tag, R-CMP-4). They come
 * from the company's contacts, so they count as valid.
 */
export async function createListOf(ctx: Ctx, name: string, people: { name: string; number: string; email: string }[]): Promise<ContactListRow> {
  const now = isoNow(ctx.clock);
  return ctx.db.transaction(async (tx) => {
    const list = (
      await tx
        .insert(contactLists)
        .values({ companyId: ctx.companyId, name: name.slice(0, 200), createdAt: now, updatedAt: now })
        .returning()
    )[0];
    for (let i = 0; i < people.length; i += 500) {
      const values = people.slice(i, i + 500).map((p) => ({
        companyId: ctx.companyId,
        contactListId: list.id,
        name: (p.name || p.number).slice(0, LIMITS.nameMax),
        number: p.number,
        email: p.email ?? "",
        isWhatsappValid: true,
        checkedAt: now,
        createdAt: now,
        updatedAt: now,
      }));
      if (values.length) await tx.insert(contactListItems).values(values).onConflictDoNothing();
    }
    return list;
  });
}

/** GET /contact-list-items: a page (20) of one list's items, searching name, number and email. */
export async function listItems(ctx: Ctx, listId: number, search: string, page: number): Promise<Page<"contacts", ContactListItemDto>> {
  await getContactList(ctx, listId);
  const { rows, total } = await pageItems(ctx.db, listId, search, page, PAGE);
  return { contacts: rows.map(serializeItem), count: total, hasMore: total > page * PAGE };
}

async function getItem(ctx: Ctx, id: number) {
  const i = await findItem(ctx.db, ctx.companyId, id);
  if (!i) throw notFound("ERR_NO_CONTACT_LIST_ITEM_FOUND");
  return i;
}

/** GET /contact-list-items/{id}. */
export const showItem = async (ctx: Ctx, id: number) => serializeItem(await getItem(ctx, id));

async function assertRoom(ctx: Ctx, listId: number, adding: number) {
  const n = (await itemCounts(ctx.db, [listId])).get(listId) ?? 0;
  if (n + adding > LIMITS.contactListMaxItems) throw new AppError("ERR_CONTACT_LIST_FULL", 400, { limit: LIMITS.contactListMaxItems });
}

/** The checked number and its validity (unchecked while the company has no live connection). */
async function checked(ctx: Ctx, number: string) {
  const r = await checkNumberOn(ctx, ctx.companyId, number);
  return r ? { number: r.number, isWhatsappValid: r.exists, checkedAt: isoNow(ctx.clock) } : { number, isWhatsappValid: null, checkedAt: null };
}

/** POST /contact-list-items: the number is checked on WhatsApp when a connection is live. */
export async function createItem(ctx: Ctx, input: ContactListItemCreateInput): Promise<ContactListItemDto> {
  await getContactList(ctx, input.contactListId);
  await assertRoom(ctx, input.contactListId, 1);
  const check = await checked(ctx, input.number);
  if (await itemWithNumber(ctx.db, input.contactListId, check.number)) throw new AppError("ERR_CONTACT_LIST_ITEM_EXISTS", 409);
  const now = isoNow(ctx.clock);
  const row = (
    await ctx.db
      .insert(contactListItems)
      .values({
        companyId: ctx.companyId,
        contactListId: input.contactListId,
        name: input.name,
        email: input.email ?? "",
        ...check,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
  )[0];
  const record = serializeItem(row);
  publishItem(ctx, { action: "create", record });
  return record;
}

/** PUT /contact-list-items/{id}: a changed number is checked again. */
export async function updateItem(ctx: Ctx, id: number, input: ContactListItemUpdateInput): Promise<ContactListItemDto> {
  const current = await getItem(ctx, id);
  const check = input.number !== undefined && input.number !== current.number ? await checked(ctx, input.number) : null;
  if (check && (await itemWithNumber(ctx.db, current.contactListId, check.number, id))) throw new AppError("ERR_CONTACT_LIST_ITEM_EXISTS", 409);
  const row = (
    await ctx.db
      .update(contactListItems)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.email !== undefined && { email: input.email }),
        ...(check ?? {}),
        updatedAt: isoNow(ctx.clock),
      })
      .where(eq(contactListItems.id, id))
      .returning()
  )[0];
  const record = serializeItem(row);
  publishItem(ctx, { action: "update", record });
  return record;
}

/** DELETE /contact-list-items/{id}. */
export async function deleteItem(ctx: Ctx, id: number) {
  const current = await getItem(ctx, id);
  await ctx.db.delete(contactListItems).where(eq(contactListItems.id, id));
  publishItem(ctx, { action: "delete", id, contactListId: current.contactListId });
}

/**
 * POST /contact-lists/{id}/upload: .xls/.xlsx only (the contacts import's parser: first sheet,
 * name/number/email headers in pt, en or es). Upserts by number in one transaction and answers a
 * row-by-row report; new numbers are checked on WhatsApp later by the validity job.
 */
export async function importItems(ctx: Ctx, listId: number, file: unknown): Promise<ContactListImportDto> {
  const list = await getContactList(ctx, listId);
  const upload = checkUpload(ctx, file, "spreadsheet", "ERR_IMPORT_FILE_TYPE");
  const { rows, rejected } = await parseSheetOffThread(new Uint8Array(await upload.file.arrayBuffer()), upload.ext);
  const unique = [...new Map(rows.map((r) => [r.number, r])).values()];
  const existing = await numbersInList(
    ctx.db,
    listId,
    unique.map((r) => r.number),
  );
  await assertRoom(ctx, listId, unique.length - existing.size);
  const now = isoNow(ctx.clock);
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < unique.length; i += 500) {
      const values = unique.slice(i, i + 500).map((r) => ({
        companyId: ctx.companyId,
        contactListId: listId,
        name: r.name,
        number: r.number,
        email: r.email,
        createdAt: now,
        updatedAt: now,
      }));
      await tx
        .insert(contactListItems)
        .values(values)
        .onConflictDoUpdate({
          target: [contactListItems.contactListId, contactListItems.number],
          set: { name: sql.raw("excluded.name"), email: sql.raw("excluded.email"), updatedAt: now },
        });
    }
    await audit(
      ctx,
      "contact-list.imported",
      { type: "contact-list", id: listId, label: list.name },
      { created: [null, unique.length - existing.size], updated: [null, existing.size], rejected: [null, rejected.length] },
      tx,
    );
  });
  publishItem(ctx, { action: "reload", contactListId: listId });
  return { created: unique.length - existing.size, updated: existing.size, rejected };
}
