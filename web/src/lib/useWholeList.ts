import { useEffect, useState } from "react";
import type { ListStore } from "../stores/lists";
import { toastError } from "../stores/toast";

/**
 * Loads a short, unpaged list (queues, connections) into its store on mount and whenever the
 * store asks for a reload; the same shape as `usePagedList` without search or paging.
 */
export function useWholeList<T extends { id: number }>(store: ListStore<T>, fetchAll: () => Promise<T[]>) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    fetchAll()
      .then((all) => store.put(all, false, false), toastError)
      .finally(() => setLoading(false));
  }, [store.reloads.value]);
  return { loading, count: store.items.value.length };
}
