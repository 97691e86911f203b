import { useEffect, useState } from 'react';

/** Typing pauses this long before a search is sent, so a list does not reload on every key. */
const SEARCH_DELAY_MS = 300;

/**
 * The search box and page of a server-paged list: `search` follows `searchInput` after a pause,
 * and a new search starts again at page 1.
 */
export function usePagedSearch() {
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchInput.trim());
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  return { searchInput, setSearchInput, search, page, setPage };
}
