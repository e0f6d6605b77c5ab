import type { QuickMessageDto } from "@contract/dto/quick-messages";
import { listPage, mediaOf, resource } from "./resource";

export type QuickMessage = QuickMessageDto;

export interface QuickMessageInput {
  shortcode: string;
  message: string;
  geral: boolean;
  status: boolean;
}

/** GET /quick-messages: own and geral, a page ordered by shortcode. */
export const listQuickMessages = listPage<"records", QuickMessage>("/quick-messages");
/** A quick message's own calls and its one attachment. */
export const quickMessagesApi = resource<QuickMessage, QuickMessageInput>("/quick-messages");
export const quickMessageMedia = mediaOf<QuickMessage>("/quick-messages");
