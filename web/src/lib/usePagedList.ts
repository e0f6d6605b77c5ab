import type { Page } from "@contract/dto/common";
import { LIMITS } from "@contract/limits";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ListStore } from "../stores/lists";
import { toastError } from "../stores/toast";

/** Where a list's rows come from: `paged` (a searchable endpoint, page by page) or `whole` (a short list). */
export interface ListSource<T> {
  fetch: (search: string, page: number) => Promise<{ items: T[]; count: number; hasMore: boolean }>;
  searchable: boolean;
  /** Search text shorter than this lists everything. */
  minChars: number;
}

/**
 * A searchable endpoint answering `Page<key, T>` (its rows under `key`). `minChars` lowers the search
 * threshold for a list that searches as typed.
 */
export function paged<K extends string, T>(
  fetchPage: (search: string, page: number) => Promise<Page<K, T>>,
  key: K,
  minChars: number = LIMITS.searchMinChars,
): ListSource<T> {
  return { fetch: (s, p) => fetchPage(s, p).then((r) => ({ items: r[key], count: r.count, hasMore: r.hasMore })), searchable: true, minChars };
}

/** A short list fetched whole (queues, plans): no search, no paging. */
export function whole<T>(fetchAll: () => Promise<T[]>): ListSource<T> {
  return { fetch: () => fetchAll().then((items) => ({ items, count: items.length, hasMore: false })), searchable: false, minChars: 0 };
}

/**
 * Loads a list into its store: the search is debounced 500 ms and only sent from 3 characters on
 * (R-UI-7; shorter text lists everything), a new search restarts at page 1, `loadMore` fetches the
 * next page, and a store reload (realtime) refetches page 1. A `whole` list has no search, no
 * paging, and counts the rows it holds (frames add and remove them).
 */
export function usePagedList<T extends { id: number }>(store: ListStore<T>, source: ListSource<T>) {
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
      setQuery(q.length >= source.minChars ? q : "");
      setPage(1);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(id);
  }, [search]);

  useEffect(() => {
    const mine = ++request.current;
    setLoading(true);
    source
      .fetch(query, page)
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

  if (!source.searchable) return { loading, count: store.items.value.length, setCount, refresh };
  return { search, setSearch, loading, loadMore, count, setCount, refresh };
}
