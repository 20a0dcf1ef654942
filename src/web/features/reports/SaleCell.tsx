import { Link } from 'react-router';
import { TABLE_LINK } from '../../components/ui/DataTable';

/** A finance table's first cell: the sale it is about, and whose trip it is below. */
export function SaleCell({ saleId, passengerName }: { saleId: number; passengerName: string }) {
  return (
    <>
      <Link to={`/sales/${saleId}`} className={TABLE_LINK}>
        Venta #{saleId}
      </Link>
      <span className="block text-gray-700">{passengerName}</span>
    </>
  );
}
