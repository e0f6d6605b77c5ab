import { and, eq, isNull, sql } from "drizzle-orm";
import { prepared } from "../../db/prepared";
import type { DbOrTx } from "../../db/client";
import type { Deps } from "../../http/context";
import { isoNow } from "../../lib/clock";
import { targetItems } from "../contact-lists/queries";
import { type CampaignRow, campaignShipping } from "./schema";
import { campaignSettingsOf } from "./settings";
import { textsFor } from "./texts";

/**
 * Inside the start (or restart) transaction: one shipment per targeted list item (numbers not known
 * to be off WhatsApp), with its texts, before any message goes out. Existing shipments are kept;
 * on a restart, the ones not sent yet take the campaign's current texts (BEHAVIOUR.md §6.4, §6.9).
 */
export function createShipments(deps: Deps, tx: DbOrTx, c: CampaignRow, refreshTexts = false) {
  if (!c.contactListId) return;
  const items = targetItems(tx, c.companyId, c.contactListId);
  const { variables } = campaignSettingsOf(tx, c.companyId);
  const now = isoNow(deps.clock);
  const rows = items.map((item, i) => ({
    companyId: c.companyId,
    campaignId: c.id,
    whatsappId: c.whatsappId,
    contactListItemId: item.id,
    number: item.number,
    name: item.name,
    email: item.email,
    ...textsFor(c, i, item, variables),
    createdAt: now,
  }));
  for (let i = 0; i < rows.length; i += 500)
    tx.insert(campaignShipping)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing()
      .run();
  if (!refreshTexts) return;
  for (const r of rows) {
    tx.update(campaignShipping)
      .set({ message: r.message, confirmationMessage: r.confirmationMessage, whatsappId: c.whatsappId })
      .where(
        and(
          eq(campaignShipping.campaignId, c.id),
          eq(campaignShipping.number, r.number),
          isNull(campaignShipping.deliveredAt),
          isNull(campaignShipping.confirmationRequestedAt),
          eq(campaignShipping.sentParts, 0),
        ),
      )
      .run();
  }
  // a failed shipment is tried again after a restart
  tx.update(campaignShipping)
    .set({ failedAt: null, error: null })
    .where(and(eq(campaignShipping.campaignId, c.id), isNull(campaignShipping.deliveredAt)))
    .run();
}
