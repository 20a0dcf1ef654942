import type { Database } from '../../src/server/db/client';
import { saleItemPassengers, saleItems, sales } from '../../src/server/db/schema';

/** Writes a sale with one item straight into the database, for tests that need records "in use". */
export async function insertSaleUsing(
  db: Database,
  refs: {
    clientId: number;
    sellerId: number;
    supplierId: number;
    operatorId: number;
    classificationId: number;
    passengerIds?: number[];
  },
) {
  const [sale] = await db
    .insert(sales)
    .values({
      passengerName: 'Venta de prueba',
      clientId: refs.clientId,
      sellerId: refs.sellerId,
      travelDate: '2030-01-15',
      saleType: 'individual',
      serviceType: 'package',
      region: 'national',
      salePrice: '100.00',
      totalCost: '80.00',
    })
    .returning();
  if (!sale) throw new Error('sale insert failed');
  const [item] = await db
    .insert(saleItems)
    .values({
      saleId: sale.id,
      supplierId: refs.supplierId,
      operatorId: refs.operatorId,
      classificationId: refs.classificationId,
      salePrice: '100.00',
      costPrice: '80.00',
      passengerCount: refs.passengerIds?.length || 1,
    })
    .returning();
  if (!item) throw new Error('item insert failed');
  for (const passengerId of refs.passengerIds ?? []) {
    await db.insert(saleItemPassengers).values({ saleItemId: item.id, passengerId });
  }
  return sale;
}
