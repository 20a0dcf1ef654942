import type { ComponentProps } from 'react';
import { type Resource, useDeleteMutation } from '../../api/resource';
import { usePagedList } from '../../lib/use-paged-list';
import { useDeleteDialog } from './DeleteDialog';
import { ExportMenu } from './ExportMenu';
import type { ListPage } from './ListPage';

/**
 * The screen texts of one kind of master record (clients, passengers, each catalog), shared by its
 * list (useRecordList) and its new/edit page (RecordFormPage).
 */
export interface RecordTexts {
  /** The list's title, also the export's file name in lower case. */
  title: string;
  newTitle: string;
  editTitle: string;
  searchLabel: string;
  searchPlaceholder: string;
  loadingList: string;
  loadingOne: string;
  empty: string;
  loadListError: string;
  loadError: string;
  deleteError: string;
  deleteTitle: string;
  notFound: string;
}

/**
 * The list screen of a master record (/clients, /passengers, a catalog): search and pages, export of
 * what is searched, "new" and delete with confirmation for those who may write. The screen renders
 * `rows` its own way (cards or a table) inside `<ListPage {...listPage}>`; `askDelete` opens the
 * delete dialog for a row.
 */
export function useRecordList<T extends { id: number; name: string }, Body>(
  resource: Resource<T, Body>,
  texts: RecordTexts,
  canWrite = true,
) {
  const list = usePagedList(resource.listQuery);
  const remove = useDeleteDialog(useDeleteMutation(resource).mutateAsync, {
    title: texts.deleteTitle,
    errorTitle: texts.deleteError,
  });
  const listPage = {
    title: texts.title,
    exportMenu: (
      <ExportMenu
        endpoint={resource.exportEndpoint}
        query={{ q: list.q }}
        fileName={texts.title.toLowerCase()}
      />
    ),
    create: canWrite ? { label: texts.newTitle, to: `/${resource.name}/new` } : undefined,
    search: { ...list.searchBox, label: texts.searchLabel, placeholder: texts.searchPlaceholder },
    list: {
      ...list.status,
      loadingLabel: texts.loadingList,
      errorTitle: texts.loadListError,
      emptyText: texts.empty,
    },
    pagination: list.pagination,
    dialogs: remove.dialog,
  } satisfies Omit<ComponentProps<typeof ListPage>, 'children'>;
  return { rows: list.rows, askDelete: remove.ask, listPage };
}
