import { describe, expect, it } from 'vitest';
import { EXTRA_CELLS_MESSAGE, readSaleRows, readTraveller } from '../../src/domain/import-sales';

const HEADER = [
  'Venta',
  'Cliente',
  'Pasajero',
  'Fecha de viaje',
  'Tipo de venta',
  'Tipo de servicio',
  'Región',
  'Moneda',
  'Pagado',
  'Clasificación',
  'Proveedor',
  'Operador',
  'Precio de venta',
  'Costo',
  'Pasajeros',
];

describe('readSaleRows', () => {
  it('groups the rows of a sale by «Venta», the sale read from its first row', () => {
    const { groups, errors, rows } = readSaleRows([
      HEADER,
      [
        'v1',
        'Cliente',
        'Ana',
        '15/03/2027',
        'Corporativo',
        'Hotel',
        'Regional',
        'usd',
        '10',
        'A',
        'P',
        'O',
        '1.250,75',
        '1000',
        'X-1; X-2',
      ],
      ['V1', '', '', '', '', '', '', '', '', 'A', 'P', 'O', '20', '10', 'X-1'],
    ]);
    expect(errors).toEqual([]);
    expect(rows).toBe(2);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.sale).toMatchObject({
      saleType: 'corporate',
      serviceType: 'hotel',
      region: 'regional',
      currency: 'USD',
      travelDate: '2027-03-15',
    });
    expect(groups[0]?.items.map((i) => [i.values.salePrice, i.passengers.map((p) => p.document)])).toEqual([
      ['1250.75', ['X-1', 'X-2']],
      ['20', ['X-1']],
    ]);
  });

  it('names a different sale value, CLP decimals and an unknown label by row and column', () => {
    const { errors } = readSaleRows([
      HEADER,
      [
        'V1',
        'Cliente',
        'Ana',
        '15/03/2027',
        'Individual',
        'Vuelo',
        'Nacional',
        'CLP',
        '',
        'A',
        'P',
        'O',
        '1000,5',
        '10',
        'X-1',
      ],
      ['V1', 'Otro', '', '', '', '', '', '', '', 'A', 'P', 'O', '20', '10', 'X-1'],
      [
        'V2',
        'Cliente',
        'Ana',
        '15/03/2027',
        'Masivo',
        'Vuelo',
        'Nacional',
        '',
        '',
        'A',
        'P',
        'O',
        '20',
        '10',
        'X-1',
      ],
    ]);
    expect(errors).toEqual([
      { row: 2, column: 'Precio de venta', message: 'Los montos en CLP no llevan decimales' },
      { row: 3, column: 'Cliente', message: expect.stringMatching(/Distinto de la fila 2/) },
      { row: 4, column: 'Tipo de venta', message: expect.stringMatching(/Tipo de venta inválido/) },
    ]);
  });

  it('names a row with cells past the titles (an unquoted ; in a CSV), but not empty ones', () => {
    const item = ['A', 'P', 'O', '20', '10', 'X-1'];
    const sale = ['Cliente', 'Ana', '15/03/2027', 'Individual', 'Vuelo', 'Nacional', '', ''];
    const { errors, groups } = readSaleRows([
      HEADER,
      ['V1', ...sale, ...item, ' X-2'],
      ['V2', ...sale.map((cell) => (cell === 'Ana' ? 'Beto' : cell)), ...item, '', ''],
    ]);
    expect(errors).toEqual([{ row: 2, column: 'Pasajeros', message: EXTRA_CELLS_MESSAGE }]);
    expect(groups.map((g) => g.key)).toEqual(['V1', 'V2']);
    expect(groups[1]?.items).toHaveLength(1);
  });
});

describe('readTraveller', () => {
  it('reads a document alone, or a name with its document and birth date in parentheses', () => {
    expect(readTraveller('11.111.111-1')).toEqual({ document: '11.111.111-1' });
    expect(readTraveller('Inés Ortúzar (F7654321, 14/02/1991)')).toEqual({
      document: 'F7654321',
      name: 'Inés Ortúzar',
      birthDate: '14/02/1991',
    });
    expect(readTraveller('Inés Ortúzar ( F7654321 )')).toEqual({
      document: 'F7654321',
      name: 'Inés Ortúzar',
    });
    // Nothing to read inside the parentheses: the entry stays a document, which no passenger has.
    expect(readTraveller('Inés ()')).toEqual({ document: 'Inés ()' });
  });
});
