import { signal } from "@preact/signals-react";
import type { Announcement } from "../api/announcements";
import type { Contact } from "../api/contacts";
import type { FileList } from "../api/fileLists";
import type { QueueIntegration } from "../api/integrations";
import type { Prompt } from "../api/prompts";
import type { Queue } from "../api/queues";
import type { QuickMessage } from "../api/quickMessages";
import type { Schedule } from "../api/schedules";
import type { Tag } from "../api/tags";
import type { User } from "../api/types";

/**
 * A live list of one page area (contacts, queues, tags, quick messages, users): the page fills it, realtime
 * frames update it, and `reloads` bumps when the server asks open lists to reload (contact import).
 */
export function listStore<T extends { id: number }>() {
  const items = signal<T[]>([]);
  const hasMore = signal(false);
  const reloads = signal(0);
  return {
    items,
    hasMore,
    reloads,
    /** Replaces the list (page 1) or appends a page, skipping ids already shown. */
    put(page: T[], append: boolean, more: boolean) {
      if (!append) items.value = page;
      else {
        const seen = new Set(items.value.map((x) => x.id));
        items.value = [...items.value, ...page.filter((x) => !seen.has(x.id))];
      }
      hasMore.value = more;
    },
    /** Replaces an item in place, or adds it first when `addNew` (only pages that show everything). */
    upsert(item: T, addNew = true) {
      const i = items.value.findIndex((x) => x.id === item.id);
      if (i !== -1) items.value = items.value.map((x) => (x.id === item.id ? item : x));
      else if (addNew) items.value = [item, ...items.value];
    },
    remove(id: number) {
      items.value = items.value.filter((x) => x.id !== id);
    },
    reload() {
      reloads.value++;
    },
  };
}
export type ListStore<T extends { id: number }> = ReturnType<typeof listStore<T>>;

export const contactsStore = listStore<Contact>();
export const queuesStore = listStore<Queue>();
export const tagsStore = listStore<Tag>();
export const quickMessagesStore = listStore<QuickMessage>();
export const usersStore = listStore<User>();
export const fileListsStore = listStore<FileList>();
export const integrationsStore = listStore<QueueIntegration>();
export const promptsStore = listStore<Prompt>();
export const schedulesStore = listStore<Schedule>();
export const announcementsStore = listStore<Announcement>();
