import { randomBytes } from 'node:crypto';

/**
 * JSON text that PostgreSQL already built in the reply's shape (a page of the sales list), sent as it
 * is: Node then neither maps, copies nor stringifies the rows (docs/decisions/0073). The reply
 * serializer writes it where the value stands; in tests it is parsed and checked against the route's
 * schema like any other reply.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

/** A JSON text typed as the value the route's schema declares; only the serializer sees the difference. */
export function jsonValue<T>(text: string): T {
  return new JsonText(text) as unknown as T;
}

/**
 * A list whose items are JSON texts, typed as the list the route's schema declares: the handler's
 * reply keeps its type, and only the serializer sees the difference.
 */
export function jsonList<T>(items: readonly string[]): T[] {
  return new JsonText(`[${items.join(',')}]`) as unknown as T[];
}

/** A stand-in string for a JsonText inside JSON.stringify's output; the nonce keeps data from forging it. */
const MARK = `json-text-${randomBytes(8).toString('hex')}-`;
const MARKED = new RegExp(`"${MARK}(\\d+)"`, 'g');

/**
 * A copy without the object keys whose value is null or undefined (array items are kept): the original
 * client reads an absent key, never a null (src/domain/replies.ts, absentWhenNull). Doing it before
 * `JSON.stringify` keeps V8's fast serialiser, which a replacer function turns off. A JsonText becomes
 * the stand-in string of its index in `texts`.
 */
export function withoutNulls(value: unknown, texts: Map<string, string> = new Map()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof JsonText) {
    const index = String(texts.size);
    texts.set(index, value.text);
    return `${MARK}${index}`;
  }
  if (Array.isArray(value)) return value.map((item) => withoutNulls(item, texts));
  const prototype = Object.getPrototypeOf(value);
  // Dates and other objects with their own JSON form are left to JSON.stringify.
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = {};
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== null && field !== undefined) copy[key] = withoutNulls(field, texts);
  }
  return copy;
}

/** The reply as JSON: nulls left out, each JsonText written in as it is. */
export function replyJson(payload: unknown): string {
  const texts = new Map<string, string>();
  const json = JSON.stringify(withoutNulls(payload, texts));
  return texts.size ? json.replace(MARKED, (_, index: string) => texts.get(index) ?? 'null') : json;
}

/** The value with each JsonText replaced by what its text holds, nulls kept: what a schema checks. */
export function parsedJsonTexts(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof JsonText) return JSON.parse(value.text);
  if (Array.isArray(value)) return value.map(parsedJsonTexts);
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, parsedJsonTexts(field)]));
}
