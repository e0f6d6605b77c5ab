import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import type { Deps } from "../../core/deps";
import { LIMITS } from "../../contract/limits";
import { isoNow } from "../../lib/clock";
import { targetItems } from "../contact-lists";
import { skipOptedOut } from "./queries";
import { type CampaignRow, type CampaignShippingRow, campaignShipping, campaigns } from "./schema";
import { campaignSettingsOf } from "./settings";
import { textsFor } from "./texts";

/**
 * Inside the start (or restart) transaction: one shipment per targeted list item (numbers not known
 * to be off WhatsApp), with its texts, before any message goes out. Existing shipments are kept;
 * on a restart, the ones not sent yet take the campaign's current texts (R-CMP-6, R-CMP-11).
 * Contacts who opted out of campaigns get a skipped shipment (the report counts them).
 */
export async function createShipments(deps: Deps, tx: DbOrTx, c: CampaignRow, refreshTexts = false) {
  if (!c.contactListId) return;
  const items = await targetItems(tx, c.companyId, c.contactListId);
  const { variables } = await campaignSettingsOf(tx, c.companyId);
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
    await tx
      .insert(campaignShipping)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing();
  if (refreshTexts) await refreshShipments(tx, c, rows);
  await skipOptedOut(tx, now, { campaignId: c.id, companyId: c.companyId });
}

/** A restart: shipments not sent yet take the current texts; failed and skipped ones are tried again. */
async function refreshShipments(tx: DbOrTx, c: CampaignRow, rows: { number: string; message: string; confirmationMessage: string }[]) {
  for (const r of rows) {
    await tx
      .update(campaignShipping)
      .set({ message: r.message, confirmationMessage: r.confirmationMessage, whatsappId: c.whatsappId })
      .where(
        and(
          eq(campaignShipping.campaignId, c.id),
          eq(campaignShipping.number, r.number),
          isNull(campaignShipping.deliveredAt),
          isNull(campaignShipping.confirmationRequestedAt),
          eq(campaignShipping.sentParts, 0),
        ),
      );
  }
  // the user restarted the campaign: its failed shipments are tried again (and skipped ones are
  // checked again: an admin may have taken a contact back into campaigns)
  await tx
    .update(campaignShipping)
    .set({ failedAt: null, skippedAt: null, error: null })
    .where(and(eq(campaignShipping.campaignId, c.id), isNull(campaignShipping.deliveredAt)));
}

/**
 * A send failed while connected: the shipment is recorded as failed with its error (counted in the
 * report, never sent again unless the campaign is cancelled and restarted), and the campaign's run of
 * failures grows in the same transaction, so a restart of the server neither resends it nor forgets
 * the run. Answers the campaign when LIMITS.campaignFailurePause failures in a row paused it.
 */
export async function recordFailure(deps: Deps, c: CampaignRow, ship: CampaignShippingRow, confirming: boolean, part: number, error: string) {
  const now = isoNow(deps.clock);
  const row = await deps.db.transaction(async (tx) => {
    await tx
      .update(campaignShipping)
      .set(confirming ? { confirmationRequestedAt: null, failedAt: now, error } : { sentParts: part, deliveredAt: null, failedAt: now, error })
      .where(eq(campaignShipping.id, ship.id));
    const counted = (
      await tx
        .update(campaigns)
        .set({ failStreak: sql`${campaigns.failStreak} + 1` })
        .where(eq(campaigns.id, c.id))
        .returning({ failStreak: campaigns.failStreak })
    )[0];
    if (!counted || counted.failStreak < LIMITS.campaignFailurePause) return null;
    return (
      await tx
        .update(campaigns)
        .set({ failStreak: 0, pauseReason: "failures", updatedAt: now })
        .where(and(eq(campaigns.id, c.id), eq(campaigns.status, "EM_ANDAMENTO")))
        .returning()
    )[0];
  });
  return row ?? null;
}
