/** An error that carries its HTTP status and a message meant for the user (in Spanish). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { path: string; message: string }[],
    /** More of the reply beside `message` (a 409's `existing` record); the route declares its shape. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Recurso no encontrado') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'No tienes permisos para realizar esta acción') =>
  new HttpError(403, message);
export const unauthorized = (message = 'Sesión no válida o expirada') => new HttpError(401, message);
export const badRequest = (message: string, errors?: { path: string; message: string }[]) =>
  new HttpError(400, message, errors);

/** PostgreSQL error codes we turn into 409s instead of letting them surface as 500s. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
