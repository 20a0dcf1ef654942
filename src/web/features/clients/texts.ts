import type { RecordTexts } from '../../components/ui/use-record-list';

/** The clients list and new/edit page (the errors in English, as the original client shows them). */
export const CLIENT_TEXTS: RecordTexts = {
  title: 'Clientes',
  newTitle: 'Nuevo Cliente',
  editTitle: 'Editar Cliente',
  searchLabel: 'Buscar clientes por nombre, ID/RUT o email',
  searchPlaceholder: 'Buscar clientes...',
  loadingList: 'Cargando clientes...',
  loadingOne: 'Cargando cliente...',
  empty: 'No se encontraron clientes',
  loadListError: 'Error loading clients',
  loadError: 'Error loading client',
  deleteError: 'Error deleting client',
  deleteTitle: '¿Eliminar cliente?',
  notFound: 'Cliente no encontrado',
};
