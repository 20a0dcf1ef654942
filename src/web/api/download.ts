import type { EndpointShape } from '../../domain/api/endpoint';
import { type CallArgs, fileOf } from './client';

/** The file name the server suggests in Content-Disposition, else the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  const match = header?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/**
 * A plain link would not carry the bearer token, so the file is fetched with it and handed to the
 * browser as a download through an object URL, under the name the server gives it.
 */
export async function downloadFile<E extends EndpointShape>(
  fallbackName: string,
  declared: E,
  ...args: CallArgs<E>
) {
  const response = await fileOf(declared, ...args);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
