import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from "@headlessui/react";
import { LIMITS } from "@contract/limits";
import { useEffect, useState } from "react";
import { type Contact, listContacts } from "../../../api/contacts";
import { Field } from "../../../components/Field";
import { Icon } from "../../../components/Icon";
import { Spinner } from "../../../components/Spinner";
import { useT } from "../../../i18n";
import { toastError } from "../../../stores/toast";
import { Avatar } from "../list/Avatar";

type Pick = Contact | { add: string };

/** Contact lookup: starts at 3 characters, 500 ms after typing stops; offers "add contact". The 3-character hint shows until a contact is chosen. */
export function ContactSearch({
  value,
  onValue,
  onAdd,
  error,
}: {
  value: Contact | null;
  onValue: (c: Contact | null) => void;
  /** Offers "add contact" for a name not found; left out, only existing contacts can be picked. */
  onAdd?: (name: string) => void;
  error?: string;
}) {
  const t = useT();
  const [query, setQuery] = useState("");
  const [found, setFound] = useState<Contact[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const q = query.trim();
    if (q.length < LIMITS.searchMinChars) return setFound([]);
    let alive = true;
    setLoading(true);
    const id = setTimeout(() => {
      listContacts(q, 1)
        .then((res) => alive && setFound(res.contacts))
        .catch(toastError)
        .finally(() => alive && setLoading(false));
    }, LIMITS.searchDebounceMs);
    return () => {
      alive = false;
      clearTimeout(id);
      setLoading(false);
    };
  }, [query]);

  const choose = (p: Pick | null) => {
    if (p && "add" in p) onAdd?.(p.add);
    else onValue(p);
  };
  const long = query.trim().length >= LIMITS.searchMinChars;
  return (
    <Field label={t("newTicket.contact")} error={error} hint={value ? undefined : t("newTicket.searchHint")}>
      <Combobox<Pick | null> value={value} onChange={choose} by={(a, b) => !!a && !!b && "id" in a && "id" in b && a.id === b.id}>
        <div className="relative">
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" />
          <ComboboxInput
            className="block h-10 w-full rounded-lg border border-line bg-surface pr-9 pl-9 text-sm text-ink shadow-sm placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
            displayValue={(c: Pick | null) => (c && "name" in c ? `${c.name} (${c.number})` : "")}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t("newTicket.searchPlaceholder")}
            data-testid="contact-search"
            autoFocus
          />
          {loading && <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2 text-brand-600" />}
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-50 max-h-64 w-(--input-width) overflow-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:4px] empty:invisible"
        >
          {found.map((c) => (
            <ComboboxOption
              key={c.id}
              value={c}
              className="flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 data-[focus]:bg-brand-50 dark:data-[focus]:bg-brand-500/10"
            >
              <Avatar name={c.name} url={c.profilePicUrl} size={28} />
              <span className="min-w-0 flex-1 truncate text-ink">{c.name}</span>
              <span className="text-xs text-muted">{c.number}</span>
            </ComboboxOption>
          ))}
          {onAdd && long && !loading && (
            <ComboboxOption
              value={{ add: query.trim() }}
              className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 font-medium text-brand-700 data-[focus]:bg-brand-50 dark:text-brand-300 dark:data-[focus]:bg-brand-500/10"
            >
              <Icon name="plus" className="size-4" />
              {t("newTicket.addContact", { name: query.trim() })}
            </ComboboxOption>
          )}
        </ComboboxOptions>
      </Combobox>
    </Field>
  );
}
