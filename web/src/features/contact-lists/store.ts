import type { FrameOf } from "@contract/frames";
import { signal } from "@preact/signals-react";
import type { ContactList, ContactListItem } from "../../api/contactLists";
import { listStore } from "../../stores/lists";

export const contactListsStore = listStore<ContactList>();
export const contactListItemsStore = listStore<ContactListItem>();
/** The list whose items page is open (item frames of other lists are ignored). */
export const openListId = signal<number | null>(null);

/** Realtime → the contact lists page (R-RT-8 live updates). */
export function contactListsOnFrame(f: FrameOf<"ContactList">) {
  if (f.action === "delete") return contactListsStore.remove(f.id);
  contactListsStore.upsert(f.record, f.action === "create");
}

/** Realtime → the open list's items page; an import or a validity check reloads it. */
export function contactListItemsOnFrame(f: FrameOf<"ContactListItem">) {
  const listId = "record" in f ? f.record.contactListId : f.contactListId;
  if (listId !== openListId.value) return;
  if (f.action === "reload") return contactListItemsStore.reload();
  if (f.action === "delete") return contactListItemsStore.remove(f.id);
  contactListItemsStore.upsert(f.record, f.action === "create");
}
