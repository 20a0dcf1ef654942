import type { FastifyReply } from 'fastify';

/**
 * A catalog list asked for without `page` and `limit` sends the whole list, up to this many rows: the
 * catalogs are small (the demo has a dozen suppliers), and the cap keeps one call bounded if one grows.
 * `X-Total-Count` still says how many there are, and `Link` how to page through the rest.
 */
export const WHOLE_LIST_CAP = 1000;

/**
 * Paging in standard headers instead of the body, for lists that reply a bare array (the catalogs, as
 * the original client reads them): `X-Total-Count` and a `Link` with first, prev, next and last, relative
 * to the list's own path and keeping its other query parameters (the search).
 */
export function sendPagingHeaders(
  reply: FastifyReply,
  path: string,
  query: Record<string, string | number | undefined>,
  page: number,
  limit: number,
  total: number,
): void {
  const last = Math.max(1, Math.ceil(total / limit));
  const link = (target: number, rel: string) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && key !== 'page' && key !== 'limit') params.set(key, String(value));
    }
    params.set('page', String(target));
    params.set('limit', String(limit));
    return `<${path}?${params}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page > 1) links.push(link(Math.min(page - 1, last), 'prev'));
  if (page < last) links.push(link(page + 1, 'next'));
  links.push(link(last, 'last'));
  reply.header('X-Total-Count', String(total)).header('Link', links.join(', '));
}
