import { LIMITS } from "@contract/limits";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { listAllTags, listAllUsers, type TagRef } from "../../../api/tickets";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";
import { allowed } from "../../../stores/session";
import { searchFilters } from "../../../stores/tickets";
import { ChipSelect } from "./ChipSelect";

/** Search tab: text (500 ms debounce), tag filter and, for admins, a user filter. */
export function SearchFilters() {
  useSignals();
  const t = useT();
  const [text, setText] = useState(searchFilters.peek().text);
  const [tags, setTags] = useState<TagRef[]>([]);
  const [users, setUsers] = useState<{ id: number; name: string }[]>([]);
  const userFilter = allowed("tickets:userFilter");
  const f = searchFilters.value;

  useEffect(() => {
    listAllTags().then(setTags, () => setTags([]));
    if (userFilter) listAllUsers().then(setUsers, () => setUsers([]));
  }, []);
  useEffect(() => {
    const id = setTimeout(() => {
      if (text.trim() !== searchFilters.peek().text) searchFilters.value = { ...searchFilters.peek(), text: text.trim() };
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(id);
  }, [text]);

  return (
    <div className="flex flex-col gap-2 border-b border-line px-3 py-2.5">
      <label className="relative">
        <span className="sr-only">{t("common.search")}</span>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-subtle" />
        <input
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t("tickets.searchPlaceholder")}
          data-testid="ticket-search"
          className="h-9 w-full rounded-lg border border-line bg-canvas pr-3 pl-9 text-sm text-ink placeholder:text-subtle focus:border-brand-500 focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
        />
      </label>
      <div className="flex gap-2">
        <ChipSelect
          label={t("tickets.filterTags")}
          options={tags}
          value={f.tags}
          onChange={(ids) => (searchFilters.value = { ...searchFilters.peek(), tags: ids })}
        />
        {userFilter && (
          <ChipSelect
            label={t("tickets.filterUsers")}
            options={users}
            value={f.users}
            onChange={(ids) => (searchFilters.value = { ...searchFilters.peek(), users: ids })}
          />
        )}
      </div>
    </div>
  );
}
