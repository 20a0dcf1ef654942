import { useParams } from 'react-router';

/** The :id of /sales/:id and /sales/:id/edit, or null when it cannot be a sale id (shown as not found). */
export function useSaleId(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 && value <= 2147483647 ? value : null;
}
