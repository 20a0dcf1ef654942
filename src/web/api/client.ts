import type { CallInput, EndpointShape, FieldError, ReplyOf } from '../../domain/api/endpoint';
import { pathOf } from '../../domain/api/path';
import { connection, REQUEST_TIMEOUT_MS } from './connection';
import { clearStoredSession, TOKEN_KEY } from './stored-credentials';

/** Same origin: the server serves both the web app and /api, so the API base is empty. */
const API_BASE = '';

export type { FieldError };

/** A non-OK response: `message` is the body's, else 'HTTP status: text'; `errors` are per-field messages. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
    /** The whole reply, for errors that carry more than a message (a 409's `existing` record). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** The message of a request that got no answer: the network or the server is gone, or it hung. */
export const CONNECTION_LOST_MESSAGE = 'Se perdió la conexión con el servidor';

/**
 * A request that got no answer at all: no status, so React Query retries it as a network loss
 * (`timedOut` ones excepted: a server that hung for REQUEST_TIMEOUT_MS is not retried at once).
 */
export class ConnectionError extends Error {
  override readonly name = 'ConnectionError';

  constructor(readonly timedOut: boolean) {
    super(CONNECTION_LOST_MESSAGE);
  }
}

export interface RequestOptions {
  /** The login form and the session checks handle their own 401 instead of redirecting to /login. */
  skipAuthRedirect?: boolean;
  signal?: AbortSignal;
  /** Wait as long as the server takes, instead of giving up at REQUEST_TIMEOUT_MS (file downloads). */
  noTimeout?: boolean;
  /** Appended as a query string; undefined and empty values are left out. */
  query?: Record<string, string | number | boolean | undefined | null>;
}

const defaultUnauthorizedHandler = () => window.location.assign('/login');
let unauthorizedHandler: () => void = defaultUnauthorizedHandler;

/**
 * Lets the app navigate inside the router on a 401 instead of reloading the page.
 * Returns a function that restores the default.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = defaultUnauthorizedHandler;
  };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Sends a request with the session's token and turns every non-OK answer into the product's errors
 * (docs/product.md#errors).
 */
async function send(method: string, path: string, body: unknown, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Like axios, the JSON content type goes with a body only: Fastify rejects an empty JSON body. A file
  // (an import's spreadsheet) goes as it is, with its own type.
  const file = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = file ? body.type || 'application/octet-stream' : 'application/json';
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;

  const timeout = new AbortController();
  // A file (an export of every sale, a PDF) may take long to build: it is never given up.
  const timer = options.noTimeout ? undefined : setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const done = connection.track();
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : file ? body : JSON.stringify(body),
      signal: options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal,
    });
  } catch (error) {
    // Cancelled by its caller (React Query dropping a query nobody shows): not a connection problem.
    if (options.signal?.aborted) throw error;
    connection.lost();
    throw new ConnectionError(timeout.signal.aborted);
  } finally {
    clearTimeout(timer);
    done();
  }
  connection.reached();
  if (response.status === 401 && !options.skipAuthRedirect) {
    clearStoredSession();
    unauthorizedHandler();
    throw new ApiError('Unauthorized', 401);
  }
  if (!response.ok) {
    const data = await readJson(response);
    const message =
      isObject(data) && typeof data.message === 'string' && data.message
        ? data.message
        : `HTTP ${response.status}: ${response.statusText}`;
    const errors = isObject(data) && Array.isArray(data.errors) ? (data.errors as FieldError[]) : [];
    throw new ApiError(message, response.status, errors, data);
  }
  return response;
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const data = await readJson(await send(method, path, body, options));
  return (data === undefined ? { message: 'Response processed successfully' } : data) as T;
}

/** What `call` takes after the endpoint: its input, when it has any, then the request's options. */
export type CallArgs<E extends EndpointShape> =
  object extends CallInput<E>
    ? [input?: CallInput<E>, options?: Omit<RequestOptions, 'query'>]
    : [input: CallInput<E>, options?: Omit<RequestOptions, 'query'>];

/**
 * Calls an endpoint of `src/domain/api`: its method and path, the path's values, query and body as its
 * schemas take them, and its success reply's type, so a wrong path or body does not compile.
 */
export function call<E extends EndpointShape>(
  declared: E,
  ...[input, options]: CallArgs<E>
): Promise<ReplyOf<E>> {
  const { path, body, query } = requestOf(declared, input);
  return request<ReplyOf<E>>(declared.method, path, body, { ...options, query });
}

/**
 * Calls an endpoint whose declaration is imported on first use. Declarations carry their zod schemas, and zod
 * is about a quarter of the first page's JavaScript: what every page loads (the session, the connection
 * notice) and /login call their endpoints this way, keeping /login under its 150 KB budget
 * (docs/product.md#quality-bars, scripts/check-login-budget.mjs). A declaration that cannot be fetched is a
 * lost connection, like a request that gets no answer.
 */
export async function lazyCall<E extends EndpointShape>(
  load: () => Promise<E>,
  ...args: CallArgs<E>
): Promise<ReplyOf<E>> {
  let declared: E;
  try {
    declared = await load();
  } catch {
    connection.lost();
    throw new ConnectionError(false);
  }
  return call(declared, ...args);
}

/**
 * The `queryFn` of a React Query read of an endpoint: the request is cancelled with the query (React
 * Query aborts it when the key changes or nobody shows the result any more).
 */
export const queryCall =
  <E extends EndpointShape>(declared: E, ...[input]: CallArgs<E>) =>
  ({ signal }: { signal: AbortSignal }) =>
    call(declared, ...([input, { signal }] as CallArgs<E>));

/** Status of an error from this client, or undefined for network and programming errors. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/** The path, body and query string of a call of `declared` with `input`. */
function requestOf(declared: EndpointShape, input: unknown) {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, unknown>;
    query?: RequestOptions['query'];
    body?: unknown;
  };
  return { path: pathOf(declared.path, params), body, query };
}

/**
 * Sends a file as the raw body of an endpoint that takes one (`upload`, an import's spreadsheet), with the
 * query its schema takes; the reply as `call`'s. Never given up: a big file takes a while to check.
 */
export function uploadFile<E extends EndpointShape>(
  declared: E,
  file: Blob,
  input: { params?: Record<string, string | number>; query?: RequestOptions['query'] },
): Promise<ReplyOf<E>> {
  const { path } = requestOf(declared, { params: input.params } as CallInput<E>);
  return request<ReplyOf<E>>(declared.method, path, file, { query: input.query, noTimeout: true });
}

/** A call whose reply headers matter too: the catalogs send their total in `X-Total-Count`. */
export async function callWithHeaders<E extends EndpointShape>(
  declared: E,
  ...[input, options]: CallArgs<E>
): Promise<{ data: ReplyOf<E>; headers: Headers }> {
  const { path, body, query } = requestOf(declared, input);
  const response = await send(declared.method, path, body, { ...options, query });
  return { data: (await readJson(response)) as ReplyOf<E>, headers: response.headers };
}

/**
 * The file an endpoint sends (an export, a PDF), fetched with the session's token and the same error
 * handling as the rest; never given up, since a big file may take long to build.
 */
export function fileOf<E extends EndpointShape>(
  declared: E,
  ...[input, options]: CallArgs<E>
): Promise<Response> {
  const { path, body, query } = requestOf(declared, input);
  return send(declared.method, path, body, { ...options, query, noTimeout: true });
}
