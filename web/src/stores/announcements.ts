import { computed, signal } from "@preact/signals-react";
import type { FrameOf } from "@contract/frames";
import { type Announcement, listAnnouncements } from "../api/announcements";
import { t } from "../i18n";
import { load, save } from "../lib/storage";
import { byAction } from "../realtime/exhaustive";
import { announcementsStore } from "./lists";
import { toast } from "./toast";

/** The active announcements shown in the top-bar popover, newest first. */
export const activeAnnouncements = signal<Announcement[]>([]);
/** The newest announcement id the user has seen (opened the popover after it arrived). */
const seenId = signal(Number(load("announcementsSeen") ?? 0) || 0);
/** Active announcements not seen yet (the popover's badge). */
export const unseenAnnouncements = computed(() => activeAnnouncements.value.filter((a) => a.id > seenId.value).length);

/** Loads the first page of active announcements. */
export async function refreshAnnouncements() {
  try {
    const r = await listAnnouncements("", 1);
    activeAnnouncements.value = r.records.filter((a) => a.status);
  } catch {
    // the popover simply stays as it was
  }
}

/** The popover was opened: everything listed counts as seen. */
export function markAnnouncementsSeen() {
  const top = Math.max(0, ...activeAnnouncements.peek().map((a) => a.id));
  if (top > seenId.peek()) {
    seenId.value = top;
    save("announcementsSeen", String(top));
  }
}

/** Realtime: announcements reach every user; a new active one pops up as a notice. */
export const announcementOnFrame = byAction<"announcement">({
  create: putAnnouncement,
  update: putAnnouncement,
  delete: (f) => {
    activeAnnouncements.value = activeAnnouncements.peek().filter((a) => a.id !== f.id);
    announcementsStore.remove(f.id);
  },
});

function putAnnouncement(f: Extract<FrameOf<"announcement">, { record: unknown }>) {
  const rest = activeAnnouncements.peek().filter((a) => a.id !== f.record.id);
  const wasActive = rest.length !== activeAnnouncements.peek().length;
  activeAnnouncements.value = f.record.status ? [f.record, ...rest].sort((x, y) => y.id - x.id) : rest;
  announcementsStore.upsert(f.record, f.action === "create");
  if (f.record.status && (f.action === "create" || !wasActive)) toast("info", t("announcements.popup", { title: f.record.title }));
}
