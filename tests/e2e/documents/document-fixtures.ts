import { type APIRequestContext, expect } from '@playwright/test';
import { firstId } from '../sales/sales-fixtures';

// Set-up of the documents' specs (documents.spec.ts, send-documents.spec.ts), through the API.

export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** One API call as `token`'s user, expected to succeed; its JSON reply. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  data?: object,
) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * A draft of US$ 812.35 for a client of its own (with `email` when given), sold by `token`'s user:
 * these tests are about its documents.
 */
export async function draftSale(
  request: APIRequestContext,
  token: string,
  clientName: string,
  email?: string,
) {
  const { client } = await api<{ client: { id: number } }>(request, token, 'POST', '/api/clients', {
    name: clientName,
    ...(email && { email }),
  });
  const [classificationId, supplierId, operatorId, passengerId] = await Promise.all(
    ['/api/classifications', '/api/suppliers', '/api/operators', '/api/passengers'].map(
      async (p) => (await firstId(request, token, p)).id,
    ),
  );
  const { user } = await api<{ user: { id: number } }>(request, token, 'GET', '/api/users/me');
  const { sale } = await api<{ sale: { id: number } }>(request, token, 'POST', '/api/sales', {
    saleData: {
      passengerName: clientName,
      clientId: client.id,
      travelDate: '2031-06-20',
      saleType: 'individual',
      serviceType: 'package',
      region: 'national',
      passengerCount: 1,
      sellerId: user.id,
      status: 'draft',
    },
    items: [
      {
        classificationId: String(classificationId),
        supplierId: String(supplierId),
        operatorId: String(operatorId),
        passengers: [passengerId],
        description: 'Tour Valle del Elqui',
        dateIn: '2031-06-20',
        dateOut: '2031-06-23',
        salePrice: 812.35,
        costPrice: 600,
      },
    ],
  });
  return { saleId: sale.id, clientId: client.id };
}
