import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import { contactsStore, fileListsStore, integrationsStore, promptsStore, queuesStore, quickMessagesStore, schedulesStore, tagsStore } from "../stores/lists";
import { byAction, nothingToShow } from "./exhaustive";

/**
 * Realtime → list stores of the contacts, queues, tags and quick-messages pages. Updates replace
 * rows in place; creations are added only where the page shows everything (queues) or where the
 * row is certainly wanted (quick messages reach only the users who may see them).
 */
export const contactsOnFrame = byAction<"contact">({
  create: (f) => contactsStore.upsert(f.contact),
  update: (f) => contactsStore.upsert(f.contact, false),
  delete: (f) => contactsStore.remove(f.contactId),
  reload: () => contactsStore.reload(),
});

export const queuesOnFrame = byAction<"queue">({
  update: (f) => queuesStore.upsert(f.queue),
  delete: (f) => queuesStore.remove(f.queueId),
});

export const tagsOnFrame = byAction<"tag">({
  create: (f) => tagsStore.upsert(f.tag),
  update: (f) => tagsStore.upsert(f.tag, false),
  delete: (f) => tagsStore.remove(f.tagId),
});

export const quickMessagesOnFrame = byAction<"quickMessage">({
  create: (f) => quickMessagesStore.upsert(f.record),
  update: (f) => quickMessagesStore.upsert(f.record, false),
  delete: (f) => quickMessagesStore.remove(f.id),
});

export const fileListsOnFrame = byAction<"file">({
  create: (f) => fileListsStore.upsert(f.files),
  update: (f) => fileListsStore.upsert(f.files, false),
  delete: (f) => fileListsStore.remove(f.fileId),
});

/** Bumped on every schedule change: the month calendar refetches its counts. */
export const scheduleCalendarVersion = signal(0);

const scheduleRows = byAction<"schedule">({
  // a new one makes the open list reload (its place depends on the order and filters)
  create: () => schedulesStore.reload(),
  update: (f) => schedulesStore.upsert(f.schedule, false),
  delete: (f) => schedulesStore.remove(f.scheduleId),
});

/** Schedule changes: the rows, and the month calendar's counts. */
export function schedulesOnFrame(f: FrameOf<"schedule">) {
  scheduleRows(f);
  scheduleCalendarVersion.value++;
}

export const integrationsOnFrame = byAction<"queueIntegration">({
  create: (f) => integrationsStore.upsert(f.queueIntegration),
  update: (f) => integrationsStore.upsert(f.queueIntegration, false),
  delete: (f) => integrationsStore.remove(f.integrationId),
  // the admin who ran the test sees its answer in their dialog (the HTTP answer); the list shows nothing of tests
  testSession: nothingToShow,
});

export const promptsOnFrame = byAction<"prompt">({
  update: (f) => promptsStore.upsert(f.prompt),
  delete: (f) => promptsStore.remove(f.promptId),
});
