import type { CatalogItem, CatalogKind } from '../../../domain/master-data';
import { actionsColumn, DataTable } from '../../components/ui/DataTable';
import { ListPage } from '../../components/ui/ListPage';
import { RowActions } from '../../components/ui/RowActions';
import { useRecordList } from '../../components/ui/use-record-list';
import { catalogResource } from './api';
import { CATALOG_TEXTS } from './config';

/** /suppliers, /operators and /classifications (admin only, guarded by the route). */
export function CatalogListPage({ kind }: { kind: CatalogKind }) {
  const texts = CATALOG_TEXTS[kind];
  const { rows, askDelete, listPage } = useRecordList(catalogResource(kind), texts);

  return (
    <ListPage {...listPage}>
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
              onDelete={() => askDelete(item)}
            />
          )),
        ]}
        rows={rows}
        rowKey={(item) => item.id}
        emptyText={texts.empty}
      />
    </ListPage>
  );
}
