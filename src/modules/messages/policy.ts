import type { Ctx } from "../../core/deps";
import { canViewEveryTicket, canViewTicket } from "../tickets";
import { ticketsOfMediaPath } from "./queries";

/**
 * Files of conversations (R-PERM-3): a chat file (area `messages`) is readable when one of the
 * messages that carry it is in a ticket the caller may see; the sandbox phone's files only by those who
 * see every ticket. Files of other areas (queues, quick messages, file lists…) are the company's.
 */
export async function canReadMediaFile(ctx: Ctx, mediaPath: string): Promise<boolean> {
  const area = mediaPath.split("/")[1];
  if (area === "sandbox") return canViewEveryTicket(ctx.user);
  if (area !== "messages" || canViewEveryTicket(ctx.user)) return true;
  return (await ticketsOfMediaPath(ctx.db, ctx.companyId, mediaPath)).some((t) => canViewTicket(ctx.user, t));
}
