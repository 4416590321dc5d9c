import { useState } from 'react';

/**
 * The page of a filtered list: any filter changed through `resetting` sends the list back to page 1, so no
 * handler has to remember to do it.
 */
export function usePagedFilter() {
  const [page, setPage] = useState(1);
  const resetting =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return { page, setPage, resetting };
}
