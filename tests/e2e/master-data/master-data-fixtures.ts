import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { rutCheckDigit } from '../../../src/domain/rut';
import { apiLogin, DEMO, mainNav } from '../support/helpers';

// The E2E database lives for the whole run, so every record made here carries this run's suffix.
const RUN = Date.now().toString(36);
let sequence = 0;
export const unique = (prefix: string) => `${prefix} ${RUN}${(sequence++).toString(36)}`;

export const uniqueEmail = (prefix: string) => `${prefix}.${RUN}${(sequence++).toString(36)}@example.com`;

/** A Chilean ID/RUT ("12.345.678-5") with its real check digit, that no other test uses. */
export const uniqueRut = () => {
  const digits = String((Date.now() * 10 + sequence++) % 100_000_000).padStart(8, '1');
  return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5)}-${rutCheckDigit(digits)}`;
};

/** What a user types without accents or capitals; the search must still find the record. */
export const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The texts of each list, written out from docs/product.md#screens rather than imported from the app. */
export const LISTS = {
  clients: {
    menu: 'Clientes',
    placeholder: 'Buscar clientes...',
    deleteTitle: '¿Eliminar cliente?',
    deleteError: 'Error deleting client',
    inUse: 'No se puede eliminar el cliente porque tiene ventas asociadas',
  },
  passengers: {
    menu: 'Pasajeros',
    placeholder: 'Buscar pasajeros...',
    deleteTitle: '¿Eliminar pasajero?',
    deleteError: 'Error deleting passenger',
    inUse: 'No se puede eliminar el pasajero porque figura en ventas',
  },
  suppliers: {
    menu: 'Proveedores',
    placeholder: 'Buscar proveedores...',
    deleteTitle: '¿Eliminar proveedor?',
    deleteError: 'Error deleting supplier',
    inUse: 'No se puede eliminar el proveedor porque tiene ventas o pagos asociados',
  },
  operators: {
    menu: 'Operadores',
    placeholder: 'Buscar operadores...',
    deleteTitle: '¿Eliminar operador?',
    deleteError: 'Error al eliminar operador',
    inUse: 'No se puede eliminar el operador porque tiene ventas asociadas',
  },
  classifications: {
    menu: 'Clasificaciones',
    placeholder: 'Buscar clasificaciones...',
    deleteTitle: '¿Eliminar clasificación?',
    deleteError: 'Error al eliminar clasificación',
    inUse: 'No se puede eliminar la clasificación porque tiene ventas asociadas',
  },
} as const;
export type ListName = keyof typeof LISTS;

export const CATALOGS = [
  {
    ...LISTS.suppliers,
    path: '/suppliers',
    newTitle: 'Nuevo Proveedor',
    editTitle: 'Editar Proveedor',
    empty: 'No se encontraron proveedores',
    nameRequired: 'Name is required',
    createError: 'Error creating supplier',
    duplicate: 'Ya existe un proveedor con ese nombre',
    notFound: 'Proveedor no encontrado',
    toasts: ['Proveedor creado', 'Proveedor actualizado', 'Proveedor eliminado'],
  },
  {
    ...LISTS.operators,
    path: '/operators',
    newTitle: 'Nuevo Operador',
    editTitle: 'Editar Operador',
    empty: 'No se encontraron operadores',
    nameRequired: 'El nombre es requerido',
    createError: 'Error al crear operador',
    duplicate: 'Ya existe un operador con ese nombre',
    notFound: 'Operador no encontrado',
    toasts: ['Operador creado', 'Operador actualizado', 'Operador eliminado'],
  },
  {
    ...LISTS.classifications,
    path: '/classifications',
    newTitle: 'Nueva Clasificación',
    editTitle: 'Editar Clasificación',
    empty: 'No se encontraron clasificaciones',
    nameRequired: 'El nombre es requerido',
    createError: 'Error al crear clasificación',
    duplicate: 'Ya existe una clasificación con ese nombre',
    notFound: 'Clasificación no encontrada',
    toasts: ['Clasificación creada', 'Clasificación actualizada', 'Clasificación eliminada'],
  },
] as const;

/** Opens a list from the sidebar and waits for its rows, not the spinner. */
export async function openFromMenu(page: Page, menu: string) {
  await mainNav(page).getByRole('link', { name: menu, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: menu })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Editar / }).first()).toBeVisible();
}

export async function searchFor(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
}

/** Clicks a row's Eliminar and confirms in the dialog, which is returned (it stays open on a refusal). */
export async function confirmDelete(page: Page, name: string, title: string) {
  await page.getByRole('button', { name: `Eliminar ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Eliminar' }).click();
  return dialog;
}

/** One record of each list, made through the API and tied together by a sale so that none can be deleted. */
export async function createRecordsInUse(request: APIRequestContext): Promise<Record<ListName, string>> {
  const token = await apiLogin(request, DEMO.admin);
  const headers = { Authorization: `Bearer ${token}` };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
  const me = await (await request.get('/api/users/me', { headers })).json();
  const names: Record<ListName, string> = {
    clients: unique('Cliente en uso'),
    passengers: unique('Pasajero en uso'),
    suppliers: unique('Proveedor en uso'),
    operators: unique('Operador en uso'),
    classifications: unique('Clasificación en uso'),
  };
  const { client } = await post('/api/clients', { name: names.clients });
  const { passenger } = await post('/api/passengers', {
    name: names.passengers,
    passengerId: uniqueRut(),
    dateOfBirth: '1985-06-15',
  });
  const { supplier } = await post('/api/suppliers', { name: names.suppliers });
  const { operator } = await post('/api/operators', { name: names.operators });
  const { classification } = await post('/api/classifications', { name: names.classifications });
  await post('/api/sales', {
    saleData: {
      passengerName: names.passengers,
      clientId: client.id,
      travelDate: '2031-01-01',
      saleType: 'individual',
      serviceType: 'package',
      region: 'national',
      passengerCount: 1,
      sellerId: me.user.id,
    },
    items: [
      {
        classificationId: classification.id,
        supplierId: supplier.id,
        operatorId: operator.id,
        passengers: [passenger.id],
        salePrice: 100,
        costPrice: 80,
      },
    ],
  });
  return names;
}
