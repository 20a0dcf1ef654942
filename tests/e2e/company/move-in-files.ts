import { PASSENGER_TITLES, XLSX, xlsxOf } from '../../helpers/spreadsheets';

/**
 * The spreadsheets an agency brings on its first day (tests/e2e/company/move-in.spec.ts), written as a
 * person fills them: the Spanish headers typed out (not imported from the app, so a renamed header
 * fails here as it would for the agency), RUTs with and without dots, accents, real date cells and
 * amounts as numbers or as typed in Chile.
 */

/** A file to give Playwright's file chooser. */
const workbook = async (name: string, rows: Parameters<typeof xlsxOf>[0]) => ({
  name,
  mimeType: XLSX,
  buffer: await xlsxOf(rows),
});

export const CLIENTS = {
  martina: { name: 'Martina Ibáñez Peña', rut: '15.555.555-6' },
  // Typed without dots; the app keeps it with them.
  sebastian: { name: 'Sebastián Muñoz', rut: '9.876.543-3', typed: '9876543-3' },
  // A family that never gave a RUT.
  nunez: { name: 'Familia Núñez' },
};

export const PASSENGERS = {
  martina: { name: 'Martina Ibáñez Peña', id: '15.555.555-6' },
  tomas: { name: 'Tomás Ibáñez', id: 'P-4471', document: 'AB4471' },
};

export const clientsFile = () =>
  workbook('clientes.xlsx', [
    ['Nombre', 'ID/RUT', 'Email', 'Dirección', 'Teléfono', 'Comuna', 'Giro'],
    [
      CLIENTS.martina.name,
      CLIENTS.martina.rut,
      'martina@correo.cl',
      'Av. Grecia 1234',
      '+56 9 5555 1111',
      'Ñuñoa',
      null,
    ],
    [CLIENTS.sebastian.name, CLIENTS.sebastian.typed, 'sebastian@correo.cl', null, null, 'Providencia', null],
    [CLIENTS.nunez.name, null, null, null, '+56 2 2222 3333', 'La Reina', null],
  ]);

export const passengersFile = () =>
  workbook('pasajeros.xlsx', [
    PASSENGER_TITLES,
    [
      PASSENGERS.martina.name,
      PASSENGERS.martina.id,
      new Date(Date.UTC(1988, 2, 2)),
      'Chile',
      'RUT',
      null,
      null,
    ],
    [
      PASSENGERS.tomas.name,
      PASSENGERS.tomas.id,
      '17/09/2015',
      'Argentina',
      'Pasaporte',
      PASSENGERS.tomas.document,
      '30/06/2032',
    ],
  ]);

/** One sale of two items (US$ 800 + US$ 400,50) of which US$ 300 were paid: US$ 900,50 pending. */
export const IMPORTED_SALE = { total: 1200.5, paid: 300, pending: 900.5 };

export const salesFile = () =>
  workbook('ventas.xlsx', [
    [
      'Venta',
      'RUT cliente',
      'Cliente',
      'Pasajero',
      'Fecha de viaje',
      'Tipo de venta',
      'Tipo de servicio',
      'Región',
      'Moneda',
      'Estado',
      'Pagado',
      'Vendedor',
      'Clasificación',
      'Proveedor',
      'Operador',
      'Descripción',
      'Fecha de entrada',
      'Fecha de salida',
      'Precio de venta',
      'Costo',
      'Código de reserva',
      'Pasajeros',
    ],
    [
      'V-001',
      CLIENTS.martina.rut,
      CLIENTS.martina.name,
      PASSENGERS.martina.name,
      '15/03/2031',
      'Individual',
      'Paquete',
      'Internacional',
      'USD',
      'Confirmada',
      IMPORTED_SALE.paid,
      null,
      'Aéreo',
      'LATAM Airlines',
      'LATAM',
      'SCL-MIA ida y vuelta',
      '15/03/2031',
      '22/03/2031',
      800,
      650,
      'LA8841',
      `${PASSENGERS.martina.id}; ${PASSENGERS.tomas.document}`,
    ],
    // The second item of the same sale («Venta» in another case): the sale's own columns left empty.
    [
      'v-001',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      'Hotelería',
      'Hotel Brickell',
      'Operador Caribe',
      'Hotel 7 noches',
      '15/03/2031',
      '22/03/2031',
      '400,50',
      '320',
      null,
      '15555555-6',
    ],
  ]);
