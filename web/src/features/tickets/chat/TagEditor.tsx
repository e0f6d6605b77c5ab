import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { useEffect, useState } from "react";
import { listAllTags, syncTicketTags, type TagRef, type Ticket } from "../../../api/tickets";
import { Swatch } from "../../../components/Badge";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { toastError } from "../../../stores/toast";
import { upsertTicket } from "../../../stores/tickets";

/** The ticket's tags as chips; the multi-select saves through POST /tags/sync. */
export function TagEditor({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const [all, setAll] = useState<TagRef[]>([]);
  useEffect(() => {
    listAllTags().then(setAll, () => setAll([]));
  }, []);
  const value = ticket.tags.map((x) => x.id);
  const change = async (ids: number[]) => {
    const tags = all.filter((x) => ids.includes(x.id));
    const before = ticket.tags;
    upsertTicket({ ...ticket, tags });
    try {
      await syncTicketTags(ticket.id, ids);
    } catch (err) {
      upsertTicket({ ...ticket, tags: before });
      toastError(err);
    }
  };
  return (
    <Listbox value={value} onChange={change} multiple>
      <ListboxButton
        className="flex min-h-9 w-full items-center gap-1.5 border-b border-line bg-surface px-4 py-1.5 text-left text-sm hover:bg-raised/60"
        data-testid="tag-editor"
      >
        <Icon name="tag" className="size-4 shrink-0 text-subtle" />
        <span className="flex min-w-0 flex-1 flex-wrap gap-1">
          {ticket.tags.length === 0 && <span className="text-subtle">{t("chat.addTags")}</span>}
          {ticket.tags.map((tag) => (
            <span key={tag.id} className="rounded-full px-2 py-0.5 text-xs font-semibold text-white" style={{ backgroundColor: tag.color }}>
              {tag.name}
            </span>
          ))}
        </span>
        <Icon name="chevronDown" className="size-4 shrink-0 text-subtle" />
      </ListboxButton>
      <ListboxOptions
        anchor="bottom start"
        className="z-50 max-h-64 w-(--button-width) max-w-sm overflow-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:4px] focus:outline-none"
      >
        {all.length === 0 && <div className="px-2.5 py-2 text-muted">{t("chat.noTags")}</div>}
        {all.map((tag) => (
          <ListboxOption
            key={tag.id}
            value={tag.id}
            className="group flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-ink data-[focus]:bg-brand-50 dark:data-[focus]:bg-brand-500/10"
          >
            <Swatch color={tag.color} />
            <span className="flex-1 truncate">{tag.name}</span>
            <Icon name="check" className="invisible size-4 text-brand-600 group-data-[selected]:visible" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
