import { useParams } from 'react-router';

// The largest id a PostgreSQL integer column holds: a longer number in the address cannot be a record.
const MAX_ID = 2_147_483_647;

/** An id from the address (a path segment or a query parameter) as a positive integer, or null. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_ID ? id : null;
}

/** The route's `:param` as a record id, or null when it cannot be one (the page shows "not found"). */
export function useRouteId(param = 'id'): number | null {
  return parseId(useParams()[param]);
}
