import type { ServerFrame } from "@contract/events";
import type { Contact } from "../api/contacts";
import type { Queue } from "../api/queues";
import type { QuickMessage } from "../api/quickMessages";
import type { Tag } from "../api/tags";
import { contactsStore, queuesStore, quickMessagesStore, tagsStore } from "../stores/lists";

type Handler = (frame: ServerFrame) => void;

/**
 * Realtime → list stores of the contacts, queues, tags and quick-messages pages. Updates replace
 * rows in place; creations are added only where the page shows everything (queues) or where the
 * row is certainly wanted (quick messages reach only the users who may see them).
 */
export const LIST_HANDLERS: Partial<Record<ServerFrame["channel"], Handler>> = {
  contact: (f) => {
    if (f.action === "delete") return contactsStore.remove(Number(f.contactId));
    if (f.action === "reload") return contactsStore.reload();
    if (f.contact) contactsStore.upsert(f.contact as Contact, f.action === "create");
  },
  queue: (f) => {
    if (f.action === "delete") return queuesStore.remove(Number(f.queueId));
    if (f.queue) queuesStore.upsert(f.queue as Queue);
  },
  tag: (f) => {
    if (f.action === "delete") return tagsStore.remove(Number(f.tagId));
    if (f.tag) tagsStore.upsert(f.tag as Tag, f.action === "create");
  },
  quickMessage: (f) => {
    if (f.action === "delete") return quickMessagesStore.remove(Number(f.id));
    if (f.record) quickMessagesStore.upsert(f.record as QuickMessage, f.action === "create");
  },
};
