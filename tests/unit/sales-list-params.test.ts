// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { encodeSaleCursor } from '../../src/domain/sale-filters';
import {
  KEYSET_FROM_PAGE,
  pageTarget,
  readListParams,
  writeListParams,
} from '../../src/web/features/sales/list-params';

const cursor = (sort = '-creationDate') => encodeSaleCursor({ sort, key: '2026-11-01T10:00:00Z', id: 4210 });

describe('deep pages of the sales list go by cursor', () => {
  it('reads the next page of a deep one after its cursor, and any other page by number', () => {
    const deep = { page: KEYSET_FROM_PAGE, nextCursor: cursor() };
    expect(pageTarget(deep, KEYSET_FROM_PAGE + 1)).toEqual({ page: KEYSET_FROM_PAGE + 1, after: cursor() });
    // Back, a jump, a shallow page, or no cursor (an empty page): by number.
    expect(pageTarget(deep, KEYSET_FROM_PAGE - 1)).toEqual({ page: KEYSET_FROM_PAGE - 1 });
    expect(pageTarget(deep, KEYSET_FROM_PAGE + 3)).toEqual({ page: KEYSET_FROM_PAGE + 3 });
    expect(pageTarget({ page: 3, nextCursor: cursor() }, 4)).toEqual({ page: 4 });
    expect(pageTarget({ page: KEYSET_FROM_PAGE }, KEYSET_FROM_PAGE + 1)).toEqual({
      page: KEYSET_FROM_PAGE + 1,
    });
  });

  it('keeps the cursor in the URL, so reload and back show the same page', () => {
    const params = readListParams(new URLSearchParams(`page=${KEYSET_FROM_PAGE + 1}&after=${cursor()}`));
    expect(params).toMatchObject({ page: KEYSET_FROM_PAGE + 1, after: cursor() });
    const written = writeListParams(params);
    expect(written.get('after')).toBe(cursor());
    expect(written.get('page')).toBe(String(KEYSET_FROM_PAGE + 1));
  });

  it('drops a cursor on a shallow page, of another sort, or edited by hand', () => {
    expect(readListParams(new URLSearchParams(`page=3&after=${cursor()}`)).after).toBeUndefined();
    const otherSort = `page=${KEYSET_FROM_PAGE + 1}&sort=travelDate&after=${cursor()}`;
    expect(readListParams(new URLSearchParams(otherSort)).after).toBeUndefined();
    const edited = `page=${KEYSET_FROM_PAGE + 1}&after=no-es-un-cursor`;
    expect(readListParams(new URLSearchParams(edited)).after).toBeUndefined();
    expect(writeListParams({ ...readListParams(new URLSearchParams()), after: cursor() }).has('after')).toBe(
      false,
    );
  });
});
