import { LAST_NAMES } from '../../src/server/demo/demo-data';
import type { Call } from './load';

/*
 * The sales list's search and filters (docs/decisions/0021-sales-list-search-and-filters.md): a reservation
 * code, a travel-date range, a supplier and a page sorted by price; and the layout's global search, by
 * surname and by reservation code. Codes and suppliers are read from the seeded data before measuring.
 */

const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** 30 days starting on a random day of the seeded travel dates (three years back, eight months ahead). */
function travelRange(): string {
  const start = new Date(Date.now() - Math.floor(Math.random() * 1200) * 86_400_000);
  const end = new Date(start.getTime() + 29 * 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `travelFrom=${day(start)}&travelTo=${day(end)}`;
}

export async function searchCalls(url: string, admin: string, maxId: number): Promise<Call[]> {
  const codes: string[] = [];
  while (codes.length < 20) {
    const sale = await getJson<{ items: Array<{ reservationCode?: string }> }>(
      `${url}/api/sales/${1 + Math.floor(Math.random() * maxId)}`,
      admin,
    );
    for (const item of sale.items) if (item.reservationCode) codes.push(item.reservationCode);
  }
  // The catalogs reply a bare array, as the original client reads them (decision 0044).
  const suppliers = await getJson<Array<{ id: number }>>(`${url}/api/suppliers?page=1&limit=100`, admin);
  return [
    {
      name: 'Búsqueda: código de reserva',
      path: () => `/api/sales?q=${random(codes)}&page=1&limit=20`,
      token: admin,
    },
    {
      name: 'Filtro: fechas de viaje',
      path: () => `/api/sales?${travelRange()}&page=1&limit=20`,
      token: admin,
    },
    {
      name: 'Filtro: proveedor',
      path: () => `/api/sales?supplierId=${random(suppliers).id}&page=1&limit=20`,
      token: admin,
    },
    {
      name: 'Página ordenada (precio)',
      path: () => '/api/sales?sort=-salePrice&page=3&limit=20',
      token: admin,
    },
    {
      name: 'Búsqueda global: apellido',
      path: () => `/api/search?q=${encodeURIComponent(random(LAST_NAMES))}`,
      token: admin,
    },
    {
      name: 'Búsqueda global: código de reserva',
      path: () => `/api/search?q=${random(codes)}`,
      token: admin,
    },
  ];
}
