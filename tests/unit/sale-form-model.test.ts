// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  addPassenger,
  emptySaleForm,
  formFromSale,
  type ItemDraft,
  itemTotals,
  placeServerErrors,
  toItemPayload,
  uniquePassengers,
} from '../../src/web/features/sales/form-model';

const ana = { id: 1, name: 'Ana', passengerId: '1-9' };
const beto = { id: 2, name: 'Beto', passengerId: '2-7' };

function draft(overrides: Partial<ItemDraft> = {}): ItemDraft {
  return {
    key: 'k1',
    classificationId: 3,
    supplierId: 4,
    operatorId: 5,
    classificationName: 'Aéreo',
    supplierName: 'LATAM',
    operatorName: 'Op',
    dateIn: '2031-01-02',
    dateOut: null,
    description: null,
    salePrice: '100.10',
    costPrice: '80.05',
    reservationCode: null,
    paymentDate: null,
    passengers: [ana, beto],
    ...overrides,
  };
}

describe('sale form model', () => {
  it('starts with the documented defaults and the signed-in seller', () => {
    expect(emptySaleForm(7)).toEqual({
      passengerName: '',
      clientId: '',
      travelDate: '',
      saleType: 'individual',
      serviceType: 'package',
      region: 'national',
      passengerCount: 1,
      sellerId: 7,
    });
  });

  it('sums item prices exactly, in cents', () => {
    const items = [
      draft({ salePrice: '0.10', costPrice: '0.20' }),
      draft({ salePrice: '0.20', costPrice: '0.10' }),
    ];
    expect(itemTotals(items)).toEqual({ totalSale: 0.3, totalCost: 0.3 });
    expect(itemTotals([])).toEqual({ totalSale: 0, totalCost: 0 });
  });

  it('sends ids as strings and passengers as ids, without a passenger count', () => {
    expect(toItemPayload(draft())).toEqual({
      classificationId: '3',
      supplierId: '4',
      operatorId: '5',
      passengers: [1, 2],
      dateIn: '2031-01-02',
      dateOut: null,
      description: null,
      salePrice: '100.10',
      costPrice: '80.05',
      reservationCode: null,
      paymentDate: null,
    });
  });

  it('loads a stored sale for editing, prices with two decimals', () => {
    const { values, items } = formFromSale({
      passengerName: 'Ana',
      clientId: 9,
      travelDate: '2031-05-20',
      saleType: 'group',
      serviceType: 'hotel',
      region: 'regional',
      passengerCount: 3,
      sellerId: 2,
      items: [
        {
          classificationId: 3,
          supplierId: 4,
          operatorId: 5,
          classificationName: 'Aéreo',
          supplierName: 'LATAM',
          operatorName: 'Op',
          dateIn: null,
          dateOut: null,
          description: 'Vuelo',
          salePrice: 100.1,
          costPrice: 80,
          reservationCode: 'R1',
          paymentDate: '2031-04-01',
          passengers: [{ ...ana, email: null, dateOfBirth: '1990-01-01' } as typeof ana],
        },
      ],
    });
    expect(values).toEqual({
      passengerName: 'Ana',
      clientId: 9,
      travelDate: '2031-05-20',
      saleType: 'group',
      serviceType: 'hotel',
      region: 'regional',
      passengerCount: 3,
      sellerId: 2,
    });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ salePrice: '100.10', costPrice: '80.00', passengers: [ana] });
    expect(items[0]?.passengers[0]).toEqual(ana);
  });

  it('never adds a passenger twice', () => {
    expect(addPassenger([ana], beto)).toEqual([ana, beto]);
    expect(addPassenger([ana, beto], { ...ana })).toEqual([ana, beto]);
  });

  it('lists each passenger of a sale once, across items', () => {
    expect(uniquePassengers([{ passengers: [ana, beto] }, { passengers: [beto] }])).toEqual([ana, beto]);
  });

  describe('placing the server errors', () => {
    it('puts sale fields under their field and items on their row', () => {
      const placed = placeServerErrors([
        { path: 'saleData.clientId', message: 'El cliente seleccionado no existe' },
        { path: 'saleData.sellerId', message: 'El vendedor no existe o está inactivo' },
        { path: 'items.1.supplierId', message: 'El proveedor seleccionado no existe' },
        { path: 'items.1.operatorId', message: 'El operador seleccionado no existe' },
        { path: 'items.1.passengers.0', message: 'Pasajero inválido' },
      ]);
      expect(placed.sale).toEqual({
        clientId: 'El cliente seleccionado no existe',
        sellerId: 'El vendedor no existe o está inactivo',
      });
      expect(placed.items).toEqual({
        1: ['El proveedor seleccionado no existe', 'El operador seleccionado no existe', 'Pasajero inválido'],
      });
      expect(placed.general).toEqual([]);
    });

    it('keeps the first message per sale field and drops repeated item messages', () => {
      const placed = placeServerErrors([
        { path: 'saleData.travelDate', message: 'La fecha de viaje es requerida' },
        { path: 'saleData.travelDate', message: 'La fecha de viaje no es válida' },
        { path: 'items.0.passengers.0', message: 'Pasajero inválido' },
        { path: 'items.0.passengers.1', message: 'Pasajero inválido' },
      ]);
      expect(placed.sale).toEqual({ travelDate: 'La fecha de viaje es requerida' });
      expect(placed.items).toEqual({ 0: ['Pasajero inválido'] });
    });

    it('sends anything without a field on screen to the general list', () => {
      const placed = placeServerErrors([
        { path: 'items', message: 'La venta debe tener al menos un item' },
        { path: 'saleData.totalCost', message: 'Invalid input' },
        { path: 'version', message: 'La versión es requerida' },
        { path: '', message: 'La versión es requerida' },
      ]);
      expect(placed.general).toEqual([
        'La venta debe tener al menos un item',
        'Invalid input',
        'La versión es requerida',
      ]);
      expect(placed.sale).toEqual({});
      expect(placed.items).toEqual({});
    });
  });
});
