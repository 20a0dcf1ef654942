import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
}

/** Previous/next paging; nothing is shown when everything fits on one page. */
export function Pagination({ page, totalPages, onPageChange }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Paginación" className="flex items-center justify-between gap-4">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden="true" className="size-4" />
        Anterior
      </Button>
      <p className="text-sm text-gray-700" aria-live="polite">
        Página {page} de {totalPages}
      </p>
      <Button
        variant="secondary"
        size="sm"
        disabled={page >= totalPages}
        onClick={() => onPageChange(page + 1)}
      >
        Siguiente
        <ChevronRight aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}

/** Paging for a reply that carries its own page and count; none until the first reply is in. */
export function serverPages(
  pagination: { page: number; totalPages: number } | undefined,
  onPageChange: (page: number) => void,
): PaginationProps | undefined {
  return pagination && { page: pagination.page, totalPages: pagination.totalPages, onPageChange };
}
