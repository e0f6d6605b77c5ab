import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from "@headlessui/react";
import { Swatch } from "../../../components/Badge";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";

/** A compact multi-select button for list filters (queues, tags, users). */
export function ChipSelect({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: { id: number; name: string; color?: string }[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId?: string;
}) {
  const t = useT();
  const chosen = options.filter((o) => value.includes(o.id));
  const text = chosen.length === 0 ? label : chosen.length === 1 ? chosen[0].name : t("common.selected", { count: chosen.length });
  return (
    <Listbox value={value} onChange={onChange} multiple>
      <ListboxButton
        className={`flex h-8 min-w-0 flex-1 items-center gap-1.5 rounded-lg border px-2.5 text-xs font-medium transition-colors ${chosen.length ? "border-brand-500/50 bg-brand-50 text-brand-800 dark:bg-brand-500/10 dark:text-brand-200" : "border-line bg-surface text-muted hover:text-ink"}`}
        title={label}
        data-testid={testId}
      >
        {chosen.length === 1 && chosen[0].color && <Swatch color={chosen[0].color} className="size-2" />}
        <span className="flex-1 truncate text-left">{text}</span>
        <Icon name="chevronDown" className="size-3.5 shrink-0" />
      </ListboxButton>
      <ListboxOptions
        anchor="bottom start"
        className="z-50 max-h-64 min-w-48 overflow-auto rounded-lg border border-line bg-surface p-1 text-sm shadow-pop [--anchor-gap:4px] focus:outline-none"
      >
        {options.length === 0 && <div className="px-2.5 py-2 text-muted">{t("common.noOptions")}</div>}
        {options.map((o) => (
          <ListboxOption
            key={o.id}
            value={o.id}
            className="group flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-ink data-[focus]:bg-brand-50 dark:data-[focus]:bg-brand-500/10"
          >
            {o.color && <Swatch color={o.color} />}
            <span className="flex-1 truncate">{o.name}</span>
            <Icon name="check" className="invisible size-4 text-brand-600 group-data-[selected]:visible" />
          </ListboxOption>
        ))}
      </ListboxOptions>
    </Listbox>
  );
}
