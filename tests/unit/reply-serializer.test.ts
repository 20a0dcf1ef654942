import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonList, withoutNulls } from '../../src/server/lib/json-text';
import { replySerializerCompiler } from '../../src/server/plugins/reply-serializer';

/** Decision 0059: replies lose their null keys without a replacer; `check` proves `trust` sends the same. */
const schema = z.object({
  id: z.number(),
  name: z.string(),
  note: z.string().nullish(),
  items: z.array(z.object({ code: z.string().nullish() })),
});
const serializerOf = (checks: 'check' | 'trust') =>
  replySerializerCompiler(checks)({ schema, method: 'GET', url: '/api/prueba', httpStatus: '200' });

describe('reply serializer', () => {
  it('drops null and undefined object keys at every depth, keeps array items and dates', () => {
    const when = new Date('2026-11-25T12:00:00Z');
    expect(withoutNulls({ a: null, b: undefined, c: [null, { d: null, e: 1 }], when })).toEqual({
      c: [null, { e: 1 }],
      when,
    });
  });

  it('sends the same bytes in both modes for a reply that matches its schema', () => {
    const reply = { id: 1, name: 'Ana', note: null, items: [{ code: null }, { code: 'X1' }] };
    const sent = serializerOf('check')(reply);
    expect(sent).toBe('{"id":1,"name":"Ana","items":[{},{"code":"X1"}]}');
    expect(serializerOf('trust')(reply)).toBe(sent);
  });

  it('check refuses a field the schema does not declare (trust would send it) and a wrong type', () => {
    const leaking = { id: 1, name: 'Ana', items: [], passwordHash: 'secreto' };
    let refused: unknown;
    try {
      serializerOf('check')(leaking);
    } catch (error) {
      refused = error;
    }
    expect(String((refused as { cause?: Error }).cause?.message)).toMatch(/does not declare or would change/);
    expect(serializerOf('trust')(leaking)).toContain('passwordHash');
    expect(() => serializerOf('check')({ id: '1', name: 'Ana', items: [] })).toThrow();
  });

  it('writes JSON texts in place in both modes, and check parses them against the schema', () => {
    const reply = { id: 1, name: 'Ana', items: jsonList<{ code?: string }>(['{"code":"X1"}', '{}']) };
    const sent = serializerOf('check')(reply);
    expect(sent).toBe('{"id":1,"name":"Ana","items":[{"code":"X1"},{}]}');
    expect(serializerOf('trust')(reply)).toBe(sent);
    // A field the schema lacks, a null the client must not see, a wrong type: each fails the check.
    for (const item of ['{"code":"X1","cost":3}', '{"code":null}', '{"code":7}']) {
      expect(() => serializerOf('check')({ id: 1, name: 'Ana', items: jsonList([item]) })).toThrow();
    }
  });
});
