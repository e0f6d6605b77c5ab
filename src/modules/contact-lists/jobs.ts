import { eq } from "drizzle-orm";
import { rooms } from "../../contract/rooms";
import type { Deps } from "../../core/deps";
import { isoNow } from "../../lib/clock";
import { companiesWithUnchecked, uncheckedItems } from "./queries";
import { contactListItems } from "./schema";
import { checkNumberOn, liveAdapter } from "./validity";

/** Numbers checked per run of the validity job (the job runs every few seconds: a bounded rate). */
const CHECKS_PER_RUN = 40;

/**
 * contact-lists.check-numbers: for each company with a live connection, checks a bounded batch of
 * its unchecked list items (the job runs every few seconds: a bounded rate per company), and tells
 * the open lists to reload. Items of companies without a live connection stay unchecked (they are
 * still targeted; the send itself tells).
 */
export async function checkListNumbers(deps: Deps) {
  for (const companyId of await companiesWithUnchecked(deps.db)) {
    if (!(await liveAdapter(deps, companyId))) continue;
    const lists = new Set<number>();
    for (const item of await uncheckedItems(deps.db, companyId, CHECKS_PER_RUN)) {
      const r = await checkNumberOn(deps, companyId, item.number);
      if (!r) break;
      await deps.db
        .update(contactListItems)
        .set({ isWhatsappValid: r.exists, checkedAt: isoNow(deps.clock) })
        .where(eq(contactListItems.id, item.id));
      lists.add(item.contactListId);
    }
    for (const listId of lists) deps.hub.publish(rooms.campaigns(companyId), { channel: "ContactListItem", action: "reload", contactListId: listId });
  }
}
