import { FIRST_NAMES, LAST_NAMES } from '../../src/server/demo/demo-data';
import type { Call } from './load';
import { searchCalls } from './search-calls';

/* The calls the bench measures (docs/performance.md lists them), shared with cpu-cost.ts. */

const random = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;
/** What people type to find a customer: a first name and a surname, with or without accents. */
const NAME_SEARCHES = FIRST_NAMES.flatMap((first, i) => [
  `${first} ${LAST_NAMES[i % LAST_NAMES.length]}`,
  `${first} ${LAST_NAMES[(i * 7) % LAST_NAMES.length]}`.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
]);
/** The worst case: four letters of a common surname match about one sale in seven. */
const FRAGMENT_SEARCHES = LAST_NAMES.map((name) => name.slice(0, 4).toLowerCase());

export async function login(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`No se pudo iniciar sesión como ${email}: HTTP ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export async function hotCalls(url: string): Promise<Call[]> {
  const admin = await login(url, 'admin@viajes-demo.cl', 'admin123');
  const seller = await login(url, 'ventas@viajes-demo.cl', 'ventas123');
  const first = await fetch(`${url}/api/sales?page=1&limit=1`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const { pagination } = (await first.json()) as { pagination: { total: number } };
  // The seed never deletes, so every id up to the count exists.
  const maxId = pagination.total;
  // Page 5,000 read by offset and by keyset (the cursor that page 4,999 hands out).
  const deep = Math.min(5000, Math.floor(maxId / 20));
  const before = await fetch(`${url}/api/sales?page=${deep - 1}&limit=20`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const cursor = ((await before.json()) as { pagination: { nextCursor?: string } }).pagination.nextCursor;
  return [
    { name: 'Lista de ventas (admin, pág. 1)', path: () => '/api/sales?page=1&limit=20', token: admin },
    { name: 'Lista de ventas (admin, pág. 50)', path: () => '/api/sales?page=50&limit=20', token: admin },
    {
      name: `Lista de ventas (pág. ${deep}, offset)`,
      path: () => `/api/sales?page=${deep}&limit=20`,
      token: admin,
    },
    ...(cursor
      ? [
          {
            name: `Lista de ventas (pág. ${deep}, after)`,
            path: () => `/api/sales?after=${cursor}&limit=20`,
            token: admin,
          },
        ]
      : []),
    { name: 'Mis ventas (vendedor)', path: () => '/api/sales/my-sales?page=1&limit=20', token: seller },
    {
      name: 'Detalle de venta',
      path: () => `/api/sales/${1 + Math.floor(Math.random() * maxId)}`,
      token: admin,
    },
    {
      name: 'Búsqueda: nombre y apellido',
      path: () => `/api/sales?q=${encodeURIComponent(random(NAME_SEARCHES))}&page=1&limit=20`,
      token: admin,
    },
    {
      name: 'Búsqueda: 4 letras (peor caso)',
      path: () => `/api/sales?q=${encodeURIComponent(random(FRAGMENT_SEARCHES))}&page=1&limit=20`,
      token: admin,
    },
    ...(await searchCalls(url, admin, maxId)),
    { name: 'Panel: estadísticas', path: () => '/api/sales/stats', token: admin },
    { name: 'Panel: ventas 30 días', path: () => '/api/sales/sales-overview', token: admin },
    { name: 'Proveedores: resúmenes', path: () => '/api/supplier-payments/suppliers/sales', token: admin },
    { name: 'Cobranza (pág. 1)', path: () => '/api/reports/receivables', token: admin },
    { name: 'Vencimientos a proveedores', path: () => '/api/reports/payables', token: admin },
    { name: 'Reporte por mes', path: () => '/api/reports/sales?groupBy=month', token: admin },
    { name: 'Reporte por proveedor', path: () => '/api/reports/sales?groupBy=supplier', token: admin },
    { name: 'Alertas (admin)', path: () => '/api/alerts', token: admin },
    { name: 'Alertas (vendedor)', path: () => '/api/alerts', token: seller },
    {
      name: 'Inicio de sesión',
      method: 'POST',
      path: () => '/api/auth/login',
      body: JSON.stringify({ email: 'finanzas@viajes-demo.cl', password: 'finanzas123' }),
    },
  ];
}
