import { and, eq, isNull } from "drizzle-orm";
import type { Ctx, Deps } from "../../core/deps";
import { forbidden, notFound } from "../../core/errors";
import { isoNow } from "../../lib/clock";
import { rooms } from "../../contract/rooms";
import { audit } from "../audit";
import { canChangeOptOut } from "./policy";
import { findContact, findContactByNumber } from "./queries";
import { type ContactRow, contacts } from "./schema";
import { serializeContact } from "./service";

function announce(deps: Deps, c: ContactRow) {
  deps.hub.publish(rooms.main(c.companyId), { channel: "contact", action: "update", contact: serializeContact(c) });
}

/**
 * The contact said no to campaigns (an opt-out word in answer to one): the flag and its time are set
 * once. Answers the contact when this call set it, null when it was already set (so the caller
 * confirms only once) or the contact is gone.
 */
export async function markOptedOut(deps: Deps, companyId: number, contactId: number): Promise<ContactRow | null> {
  const now = isoNow(deps.clock);
  const row = await deps.db.transaction(async (tx) => {
    const marked = (
      await tx
        .update(contacts)
        .set({ optedOutAt: now, updatedAt: now })
        .where(and(eq(contacts.companyId, companyId), eq(contacts.id, contactId), isNull(contacts.optedOutAt)))
        .returning()
    )[0];
    // the customer's own "no", kept in the company's log (data-protection law expects the proof)
    if (marked)
      await audit(
        { db: tx, companyId, actor: { type: "system", id: null, name: "opt-out" }, clock: deps.clock },
        "contact.opted-out",
        { type: "contact", id: marked.id, label: marked.name },
        { optedOutAt: [null, now] },
        tx,
      );
    return marked;
  });
  if (row) announce(deps, row);
  return row ?? null;
}

/** True when the company's contact with this number opted out of campaigns. */
export const isNumberOptedOut = async (deps: Pick<Deps, "db">, companyId: number, number: string) =>
  !!(await findContactByNumber(deps.db, companyId, number))?.optedOutAt;

/**
 * PUT /contacts/{id}/opt-out `{ optedOut }`: an admin marks a contact out of campaigns (they asked by
 * another way) or back in (they asked again). Agents see the flag but cannot change it.
 */
export async function setContactOptOut(ctx: Ctx, id: number, optedOut: boolean) {
  if (!canChangeOptOut(ctx.user)) throw forbidden();
  const current = await findContact(ctx.db, ctx.companyId, id);
  if (!current) throw notFound("ERR_NO_CONTACT_FOUND");
  if (!!current.optedOutAt === optedOut) return serializeContact(current);
  const now = isoNow(ctx.clock);
  const row = await ctx.db.transaction(async (tx) => {
    const changed = (
      await tx
        .update(contacts)
        .set({ optedOutAt: optedOut ? now : null, updatedAt: now })
        .where(and(eq(contacts.companyId, ctx.companyId), eq(contacts.id, id)))
        .returning()
    )[0];
    await audit(
      ctx,
      optedOut ? "contact.opted-out" : "contact.opted-in",
      { type: "contact", id, label: changed.name },
      { optedOutAt: [current.optedOutAt, changed.optedOutAt] },
      tx,
    );
    return changed;
  });
  announce(ctx, row);
  return serializeContact(row);
}
