import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import type { Campaign } from "../../api/campaigns";
import { byAction } from "../../realtime/exhaustive";
import { listStore } from "../../stores/lists";

export const campaignsStore = listStore<Campaign>();
/** The campaign whose report is open (live frames replace it). */
export const reportCampaign = signal<Campaign | null>(null);

/** Realtime → the campaign list and the open report (R-CMP-13, R-RT-8: campaign updates refresh both). */
export const campaignsOnFrame = byAction<"campaign">({ create: putCampaign, update: putCampaign, delete: (f) => campaignsStore.remove(f.id) });

function putCampaign(f: Extract<FrameOf<"campaign">, { record: unknown }>) {
  campaignsStore.upsert(f.record, f.action === "create");
  if (reportCampaign.value?.id === f.record.id) reportCampaign.value = f.record;
}
