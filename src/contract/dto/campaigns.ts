import type { TemplateChoice } from "../templates";
import type { CampaignPauseReason, CampaignStatus } from "../limits";

/** One campaign setting: key and its JSON-encoded value (R-CMP-14). */
export interface CampaignSettingDto {
  key: string;
  value: string;
}

/** Counters of a campaign's shipments (the report and the list's progress). */
export interface CampaignProgressDto {
  /** Shipments created when the campaign started (valid contacts). */
  valid: number;
  delivered: number;
  failed: number;
  /** Not sent: the contact opted out of campaigns. */
  skipped: number;
  confirmationRequested: number;
  confirmed: number;
}

/** What the campaign dialog edits (R-CMP-1): the body of POST/PUT /campaigns. */
export interface CampaignFields {
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  confirmation: boolean;
  scheduledAt: string | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  /** On a Cloud API connection: the message template sent to contacts outside the 24-hour window (or to all when there is no text). */
  template: TemplateChoice | null;
}

/** The wire shape of a campaign (R-CMP-1). */
export interface CampaignDto extends CampaignFields {
  id: number;
  status: CampaignStatus;
  pauseReason: CampaignPauseReason | null;
  completedAt: string | null;
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
  mediaPath: string | null;
  mediaName: string | null;
  companyId: number;
  progress: CampaignProgressDto;
  createdAt: string;
  updatedAt: string;
}

/** One shipment as the report lists it. */
export interface CampaignShippingDto {
  id: number;
  number: string;
  name: string;
  deliveredAt: string | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
  confirmation: boolean | null;
  failedAt: string | null;
  skippedAt: string | null;
  error: string | null;
}
