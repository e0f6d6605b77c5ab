import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import type { ContactList, ContactListItem } from "../../api/contactLists";
import { byAction } from "../../realtime/exhaustive";
import { listStore } from "../../stores/lists";

export const contactListsStore = listStore<ContactList>();
export const contactListItemsStore = listStore<ContactListItem>();
/** The list whose items page is open (item frames of other lists are ignored). */
export const openListId = signal<number | null>(null);

/** Realtime → the contact lists page (R-RT-8 live updates). */
export const contactListsOnFrame = byAction<"ContactList">({
  create: (f) => contactListsStore.upsert(f.record),
  update: (f) => contactListsStore.upsert(f.record, false),
  delete: (f) => contactListsStore.remove(f.id),
});

const itemRows = byAction<"ContactListItem">({
  create: (f) => contactListItemsStore.upsert(f.record),
  update: (f) => contactListItemsStore.upsert(f.record, false),
  delete: (f) => contactListItemsStore.remove(f.id),
  reload: () => contactListItemsStore.reload(),
});

/** Realtime → the open list's items page; an import or a validity check reloads it. */
export function contactListItemsOnFrame(f: FrameOf<"ContactListItem">) {
  const listId = "record" in f ? f.record.contactListId : f.contactListId;
  if (listId === openListId.value) itemRows(f);
}
