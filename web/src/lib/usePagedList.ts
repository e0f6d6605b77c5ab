import { LIMITS } from "@contract/limits";
import { useCallback, useEffect, useRef, useState } from "react";
import { toastError } from "../stores/toast";
import type { ListStore } from "../stores/lists";

/**
 * Loads pages of a searchable list into a list store: the search is debounced 500 ms and only
 * sent from 3 characters on (R-UI-7; shorter text lists everything), a new search restarts at
 * page 1, `loadMore` fetches the next page, and a store reload (realtime) refetches page 1.
 * `minChars` lowers the search threshold for a list that searches as typed.
 */
export function usePagedList<T extends { id: number }>(
  store: ListStore<T>,
  fetchPage: (search: string, page: number) => Promise<{ items: T[]; count: number; hasMore: boolean }>,
  minChars: number = LIMITS.searchMinChars,
) {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [count, setCount] = useState(0);
  const request = useRef(0);
  const reloads = store.reloads.value;

  useEffect(() => {
    const id = setTimeout(() => {
      const q = search.trim();
      setQuery(q.length >= minChars ? q : "");
      setPage(1);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(id);
  }, [search]);

  useEffect(() => {
    const mine = ++request.current;
    setLoading(true);
    fetchPage(query, page)
      .then((res) => {
        if (mine !== request.current) return;
        store.put(res.items, page > 1, res.hasMore);
        setCount(res.count);
      })
      .catch((err) => mine === request.current && toastError(err))
      .finally(() => mine === request.current && setLoading(false));
  }, [query, page, reloads]);

  const loadMore = useCallback(() => {
    if (!loading && store.hasMore.peek()) setPage((p) => p + 1);
  }, [loading]);

  /** Starts over from page 1 (after an import, for instance). */
  const refresh = useCallback(() => {
    if (page === 1) store.reload();
    else setPage(1);
  }, [page]);

  return { search, setSearch, loading, loadMore, count, setCount, refresh };
}
