import type { CatalogItem, CatalogKind } from '../../../domain/master-data';
import { actionsColumn, DataTable } from '../../components/ui/DataTable';
import { useDeleteDialog } from '../../components/ui/DeleteDialog';
import { ListPage } from '../../components/ui/ListPage';
import { RowActions } from '../../components/ui/RowActions';
import { usePagedList } from '../../lib/use-paged-list';
import { catalogListQuery, useDeleteCatalogItem } from './api';
import { CATALOG_TEXTS } from './config';

/** /suppliers, /operators and /classifications (admin only, guarded by the route). */
export function CatalogListPage({ kind }: { kind: CatalogKind }) {
  const texts = CATALOG_TEXTS[kind];
  const list = usePagedList(catalogListQuery(kind));
  const remove = useDeleteDialog(useDeleteCatalogItem(kind).mutateAsync, {
    title: texts.deleteTitle,
    errorTitle: texts.deleteError,
  });

  return (
    <ListPage
      title={texts.title}
      exportMenu={{
        path: `/api/${kind}/export`,
        filters: { q: list.q },
        fileName: texts.title.toLowerCase(),
      }}
      create={{ label: texts.newTitle, to: `/${kind}/new` }}
      search={{ ...list.searchBox, label: texts.searchLabel, placeholder: texts.searchPlaceholder }}
      list={{
        ...list.status,
        loadingLabel: texts.loadingList,
        errorTitle: texts.loadListError,
        emptyText: texts.empty,
      }}
      pagination={list.pagination}
      dialogs={remove.dialog}
    >
      <DataTable
        caption={texts.title}
        columns={[
          {
            key: 'name',
            header: 'Nombre',
            rowHeader: true,
            className: 'w-full font-medium',
            cell: (item) => item.name,
          },
          actionsColumn((item: CatalogItem) => (
            <RowActions
              name={item.name}
              editTo={`/${kind}/${item.id}/edit`}
              inline
              onDelete={() => remove.ask(item)}
            />
          )),
        ]}
        rows={list.rows}
        rowKey={(item) => item.id}
        emptyText={texts.empty}
      />
    </ListPage>
  );
}
