/**
 * The path with its `:name` segments filled in: `/api/payments/:id` with `{ id: 5 }` is `/api/payments/5`.
 * Apart from the declarations (which need zod), so the web's client carries no zod into the first page.
 */
export function pathOf(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`Falta ${name} en ${path}`);
    return encodeURIComponent(String(value));
  });
}
