/**
 * The campaign dispatcher's Cloud API part: which contacts get the campaign's message template
 * instead of its texts (those outside their 24-hour window), with the variables filled for each.
 */
import type { TemplateChoice } from "../../contract/templates";
import { windowOpen } from "../../contract/templates";
import type { Deps } from "../../core/deps";
import { renderTemplate } from "../../lib/template";
import { findConnection } from "../connections";
import type { SendSpec } from "../../core/ports";
import type { CampaignRow, CampaignShippingRow } from "./schema";
import { templateOf } from "./service";
import { campaignSettingsOf } from "./settings";
import { fillVariables } from "./texts";

/** One message of a shipment. */
export interface Part {
  body: string;
  media: SendSpec["media"];
  template?: TemplateChoice;
}

/**
 * On a Cloud API connection with a template: the template (its variables filled for the contact)
 * when the contact is outside the 24-hour window or the campaign has no text; null otherwise (the
 * usual texts go, as on any connection).
 */
export async function templatePart(deps: Deps, c: CampaignRow, ship: CampaignShippingRow, name: string): Promise<Part | null> {
  const choice = templateOf(c.template);
  if (!choice || !c.whatsappId || (await findConnection(deps.db, c.companyId, c.whatsappId))?.channel !== "cloudapi") return null;
  if (ship.message.trim() && windowOpen(await deps.cloudApi.lastInboundAt(c.whatsappId, ship.number), deps.clock.now())) return null;
  const { variables } = await campaignSettingsOf(deps.db, c.companyId);
  const person = { name: ship.name, number: ship.number, email: ship.email };
  const params = choice.params.map((p) => renderTemplate(fillVariables(p, person, variables), { name }, deps.config.timezone, new Date(deps.clock.now())));
  const filled = { ...choice, params };
  try {
    return { body: (await deps.cloudApi.resolveTemplate(c.whatsappId, filled)).text, media: null, template: filled };
  } catch {
    // the template went away (or a value is missing): the send fails visibly with that reason
    return { body: choice.name, media: null, template: filled };
  }
}
