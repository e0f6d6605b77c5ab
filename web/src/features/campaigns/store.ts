import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import type { Campaign } from "../../api/campaigns";
import { listStore } from "../../stores/lists";

export const campaignsStore = listStore<Campaign>();
/** The campaign whose report is open (live frames replace it). */
export const reportCampaign = signal<Campaign | null>(null);

/** Realtime → the campaign list and the open report (R-CMP-13, R-RT-8: campaign updates refresh both). */
export function campaignsOnFrame(f: FrameOf<"campaign">) {
  if (f.action === "delete") {
    campaignsStore.remove(f.id);
    return;
  }
  campaignsStore.upsert(f.record, f.action === "create");
  if (reportCampaign.value?.id === f.record.id) reportCampaign.value = f.record;
}
