import { passengersApi } from '../../../domain/api/master-data';
import { countryName } from '../../../domain/countries';
import { compactId } from '../../../domain/rut';
import {
  DOCUMENT_RUT_MESSAGE,
  DOCUMENT_TYPE_LABELS,
  type DocumentType,
  isWrongRutDocument,
} from '../../../domain/travel-document';
import { passengers } from '../../db/schema';
import { crudRoutes } from '../../lib/crud-routes';
import { badRequest } from '../../lib/http-errors';
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
    // The schema checks a RUT document sent whole; an edit may send its type or its number alone,
    // the other kept from the saved passenger (decision 0096).
    const type = body.documentType === undefined ? before?.documentType : body.documentType;
    const number = body.documentNumber === undefined ? before?.documentNumber : body.documentNumber;
    if (isWrongRutDocument(type as string | null, number as string | null)) {
      throw badRequest(DOCUMENT_RUT_MESSAGE, [{ path: 'documentNumber', message: DOCUMENT_RUT_MESSAGE }]);
    }
  },
  export: {
    fileName: 'pasajeros',
    columns: [
      { header: 'Nombre', kind: 'text', value: (p) => p.name as string },
      { header: 'ID', kind: 'text', value: (p) => p.passengerId as string },
      { header: 'Email', kind: 'text', value: (p) => p.email as string | null },
      { header: 'Fecha de nacimiento', kind: 'date', value: (p) => p.dateOfBirth as string },
      {
        header: 'Nacionalidad',
        kind: 'text',
        value: (p) => (p.nationality ? countryName(String(p.nationality)) : null),
      },
      {
        header: 'Tipo de documento',
        kind: 'text',
        value: (p) => (p.documentType ? DOCUMENT_TYPE_LABELS[p.documentType as DocumentType] : null),
      },
      { header: 'Número de documento', kind: 'text', value: (p) => p.documentNumber as string | null },
      { header: 'Vencimiento del documento', kind: 'date', value: (p) => p.documentExpiry as string | null },
      { header: 'Teléfono', kind: 'text', value: (p) => p.phone as string | null },
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
