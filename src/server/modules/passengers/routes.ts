import { passengersApi } from '../../../domain/api/master-data';
import { compactId } from '../../../domain/rut';
import { passengers } from '../../db/schema';
import { crudRoutes } from '../../lib/crud-routes';
import { refuseWrongRutDigit } from '../../lib/rut-digit';
import { personContains } from '../../lib/search';
import { recordCrudChange } from '../audit';

export const passengersRoutes = crudRoutes({
  api: passengersApi,
  table: passengers,
  orderBy: passengers.name,
  // By name or e-mail; the ID too, since the sale form's picker is used with a passport in hand.
  search: (q) => [personContains(passengers.searchText, q)],
  recordChange: recordCrudChange,
  // An ID written like a RUT needs its check digit when new or changed; a saved one stays editable.
  checkWrite: async (_tx, body, before) => {
    if (compactId(body.passengerId) !== compactId(String(before?.passengerId ?? ''))) {
      refuseWrongRutDigit(body.passengerId, 'passengerId');
    }
  },
  export: {
    fileName: 'pasajeros',
    columns: [
      { header: 'Nombre', kind: 'text', value: (p) => p.name as string },
      { header: 'ID', kind: 'text', value: (p) => p.passengerId as string },
      { header: 'Email', kind: 'text', value: (p) => p.email as string | null },
      { header: 'Fecha de nacimiento', kind: 'date', value: (p) => p.dateOfBirth as string },
    ],
  },
  messages: {
    notFound: 'Pasajero no encontrado',
    duplicate: 'Ya existe un pasajero con ese ID',
    inUse: 'No se puede eliminar el pasajero porque figura en ventas',
    created: 'Pasajero creado',
    updated: 'Pasajero actualizado',
    deleted: 'Pasajero eliminado',
  },
});
