import type { RecordTexts } from '../../components/ui/use-record-list';

/** The passengers list and new/edit page (the errors in English, as the original client shows them). */
export const PASSENGER_TEXTS: RecordTexts = {
  title: 'Pasajeros',
  newTitle: 'Nuevo Pasajero',
  editTitle: 'Editar Pasajero',
  searchLabel: 'Buscar pasajeros por nombre o email',
  searchPlaceholder: 'Buscar pasajeros...',
  loadingList: 'Cargando pasajeros...',
  loadingOne: 'Cargando pasajero...',
  empty: 'No se encontraron pasajeros',
  loadListError: 'Error loading passengers',
  loadError: 'Error loading passenger',
  deleteError: 'Error deleting passenger',
  deleteTitle: '¿Eliminar pasajero?',
  notFound: 'Pasajero no encontrado',
};
