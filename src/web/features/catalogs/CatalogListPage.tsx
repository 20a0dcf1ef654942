import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CatalogItem, CatalogKind } from '../../../domain/master-data';
import { buttonClasses } from '../../components/ui/Button';
import { DeleteDialog } from '../../components/ui/DeleteDialog';
import { ExportMenu } from '../../components/ui/ExportMenu';
import { ListStatus } from '../../components/ui/ListStatus';
import { PageHeader } from '../../components/ui/PageHeader';
import { Pagination } from '../../components/ui/Pagination';
import { RowActions } from '../../components/ui/RowActions';
import { SearchInput } from '../../components/ui/SearchInput';
import { usePagedList } from '../../lib/use-paged-list';
import { catalogListQuery, useDeleteCatalogItem } from './api';
import { CATALOG_TEXTS } from './config';

/** /suppliers, /operators and /classifications (admin only, guarded by the route). */
export function CatalogListPage({ kind }: { kind: CatalogKind }) {
  const texts = CATALOG_TEXTS[kind];
  const list = usePagedList(catalogListQuery(kind));
  const remove = useDeleteCatalogItem(kind);
  const [toDelete, setToDelete] = useState<CatalogItem | null>(null);

  return (
    <div className="space-y-6">
      <PageHeader
        title={texts.title}
        actions={
          <div className="flex flex-wrap gap-2">
            <ExportMenu
              path={`/api/${kind}/export`}
              filters={{ q: list.q }}
              fileName={texts.title.toLowerCase()}
            />
            <Link to={`/${kind}/new`} className={buttonClasses()}>
              <Plus aria-hidden="true" className="size-4" />
              {texts.newTitle}
            </Link>
          </div>
        }
      />
      <SearchInput
        label={texts.searchLabel}
        placeholder={texts.searchPlaceholder}
        value={list.search}
        onValueChange={list.setSearch}
        className="max-w-md"
      />
      <ListStatus
        isPending={list.query.isPending}
        error={list.query.error}
        isEmpty={list.rows.length === 0}
        loadingLabel={texts.loadingList}
        errorTitle={texts.loadListError}
        emptyText={texts.empty}
      >
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white shadow-sm">
          {list.rows.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <span className="font-medium text-gray-900">{item.name}</span>
              <RowActions
                name={item.name}
                editTo={`/${kind}/${item.id}/edit`}
                onDelete={() => setToDelete(item)}
              />
            </li>
          ))}
        </ul>
      </ListStatus>
      <Pagination page={list.page} totalPages={list.totalPages} onPageChange={list.setPage} />
      <DeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title={texts.deleteTitle}
        errorTitle={texts.deleteError}
        onDelete={remove.mutateAsync}
      />
    </div>
  );
}
