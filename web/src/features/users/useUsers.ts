import { LIMITS } from "@contract/limits";
import { useCallback, useEffect, useRef, useState } from "react";
import { listUsers } from "../../api/users";
import { putUsers, usersHasMore } from "../../stores/users";
import { toastError } from "../../stores/toast";

/**
 * Loads /users pages into the users store: the search is debounced 500 ms and restarts at page 1;
 * `loadMore` fetches the next page (infinite scroll). Stale answers of older searches are dropped.
 */
export function useUsers() {
  const [search, setSearch] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [count, setCount] = useState(0);
  const request = useRef(0);

  useEffect(() => {
    const id = setTimeout(() => {
      setQuery(search.trim());
      setPage(1);
    }, LIMITS.searchDebounceMs);
    return () => clearTimeout(id);
  }, [search]);

  useEffect(() => {
    const mine = ++request.current;
    setLoading(true);
    listUsers(query, page)
      .then((res) => {
        if (mine !== request.current) return;
        putUsers(res.users, page > 1, res.hasMore);
        setCount(res.count);
      })
      .catch((err) => mine === request.current && toastError(err))
      .finally(() => mine === request.current && setLoading(false));
  }, [query, page]);

  const loadMore = useCallback(() => {
    if (!loading && usersHasMore.peek()) setPage((p) => p + 1);
  }, [loading]);

  return { search, setSearch, loading, loadMore, count, setCount };
}
