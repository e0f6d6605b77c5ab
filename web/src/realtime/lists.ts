import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import { contactsStore, fileListsStore, integrationsStore, promptsStore, queuesStore, quickMessagesStore, schedulesStore, tagsStore } from "../stores/lists";

/**
 * Realtime → list stores of the contacts, queues, tags and quick-messages pages. Updates replace
 * rows in place; creations are added only where the page shows everything (queues) or where the
 * row is certainly wanted (quick messages reach only the users who may see them).
 */
export function contactsOnFrame(f: FrameOf<"contact">) {
  if (f.action === "delete") return contactsStore.remove(f.contactId);
  if (f.action === "reload") return contactsStore.reload();
  contactsStore.upsert(f.contact, f.action === "create");
}

export function queuesOnFrame(f: FrameOf<"queue">) {
  if (f.action === "delete") return queuesStore.remove(f.queueId);
  queuesStore.upsert(f.queue);
}

export function tagsOnFrame(f: FrameOf<"tag">) {
  if (f.action === "delete") return tagsStore.remove(f.tagId);
  tagsStore.upsert(f.tag, f.action === "create");
}

export function quickMessagesOnFrame(f: FrameOf<"quickMessage">) {
  if (f.action === "delete") return quickMessagesStore.remove(f.id);
  quickMessagesStore.upsert(f.record, f.action === "create");
}

export function fileListsOnFrame(f: FrameOf<"file">) {
  if (f.action === "delete") return fileListsStore.remove(f.fileId);
  fileListsStore.upsert(f.files, f.action === "create");
}

/** Schedule changes: rows in place; a new one makes the open list reload (its place depends on the order and filters). */
export function schedulesOnFrame(f: FrameOf<"schedule">) {
  if (f.action === "delete") schedulesStore.remove(f.scheduleId);
  else if (f.action === "update") schedulesStore.upsert(f.schedule, false);
  else schedulesStore.reload();
  scheduleCalendarVersion.value++;
}

/** Bumped on every schedule change: the month calendar refetches its counts. */
export const scheduleCalendarVersion = signal(0);

export function integrationsOnFrame(f: FrameOf<"queueIntegration">) {
  if (f.action === "delete") return integrationsStore.remove(f.integrationId);
  if (f.action === "testSession") return;
  integrationsStore.upsert(f.queueIntegration, f.action === "create");
}

export function promptsOnFrame(f: FrameOf<"prompt">) {
  if (f.action === "delete") return promptsStore.remove(f.promptId);
  promptsStore.upsert(f.prompt);
}
