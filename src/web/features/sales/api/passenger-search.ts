import { passengersResource } from '../../passengers';
import { SEARCH_LIMIT, usePickerList } from './picker-list';

/** Passengers whose name or ID contains `q`. */
export const usePassengerSearch = (q: string) =>
  usePickerList(
    passengersResource.listQuery({ q, page: 1, limit: SEARCH_LIMIT }),
    'Error loading passengers',
  );
