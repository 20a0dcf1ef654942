import { KeyRound, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import type { PublicUser } from '../../../domain/auth';
import { isRole, ROLE_LABELS, type Role } from '../../../domain/roles';
import { useCurrentUser } from '../../auth';
import { ActionList, ActionRow } from '../../components/ui/ActionList';
import { Button } from '../../components/ui/Button';
import { ListPage } from '../../components/ui/ListPage';
import { EditButton } from '../../components/ui/RowActions';
import { Badge } from '../../components/ui/StatusBadge';
import { usePagedList } from '../../lib/use-paged-list';
import { userListQuery } from './api';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { RoleSelect } from './RoleSelect';
import { UserAccessDialog } from './UserAccessDialog';
import { UserFormDialog } from './UserFormDialog';

const TEXTS = {
  loadingLabel: 'Cargando usuarios...',
  errorTitle: 'Error al cargar los usuarios',
  emptyText: 'No se encontraron usuarios',
};

interface UserRowProps {
  user: PublicUser;
  isSelf: boolean;
  onEdit: () => void;
  onResetPassword: () => void;
  onToggleActive: () => void;
}

function UserRow({ user, isSelf, onEdit, onResetPassword, onToggleActive }: UserRowProps) {
  return (
    <ActionRow
      title={isSelf ? `${user.username} (tú)` : user.username}
      badges={
        <>
          <Badge color={user.role === 'admin' ? 'blue' : 'grey'}>{ROLE_LABELS[user.role]}</Badge>
          <Badge color={user.isActive ? 'green' : 'red'}>{user.isActive ? 'Activo' : 'Inactivo'}</Badge>
        </>
      }
      details={<p className="text-sm break-all text-gray-700">{user.email}</p>}
      actions={
        <>
          <EditButton label={`Editar ${user.username}`} onClick={onEdit} />
          {/* Your own password and access are not managed from here: a reset would sign you out, and
              deactivating yourself could leave the agency without an administrator. */}
          {!isSelf && (
            <>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Restablecer contraseña de ${user.username}`}
                onClick={onResetPassword}
              >
                <KeyRound aria-hidden="true" className="size-4" />
                Restablecer contraseña
              </Button>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`${user.isActive ? 'Desactivar' : 'Reactivar'} ${user.username}`}
                className={user.isActive ? 'text-red-700 hover:bg-red-50' : undefined}
                onClick={onToggleActive}
              >
                {user.isActive ? (
                  <UserX aria-hidden="true" className="size-4" />
                ) : (
                  <UserCheck aria-hidden="true" className="size-4" />
                )}
                {user.isActive ? 'Desactivar' : 'Reactivar'}
              </Button>
            </>
          )}
        </>
      }
    />
  );
}

/** Configuraciones > Usuarios y Permisos: who may sign in, and with which role. */
export function UsersSection() {
  const me = useCurrentUser();
  const [role, setRole] = useState<Role | ''>('');
  const list = usePagedList(userListQuery(role));
  const [form, setForm] = useState<{ user?: PublicUser } | null>(null);
  const [resetFor, setResetFor] = useState<PublicUser | null>(null);
  const [accessFor, setAccessFor] = useState<PublicUser | null>(null);

  return (
    <ListPage
      title="Usuarios y Permisos"
      level={2}
      className="space-y-4"
      create={{ label: 'Nuevo Usuario', onClick: () => setForm({}) }}
      search={{ ...list.searchBox, label: 'Buscar usuarios', placeholder: 'Buscar por usuario o email...' }}
      filters={
        <RoleSelect
          label="Filtrar por rol"
          emptyOption="Todos los roles"
          value={role}
          onChange={(event) => {
            setRole(isRole(event.target.value) ? event.target.value : '');
            list.setPage(1);
          }}
          className="w-48"
        />
      }
      list={{ ...list.status, ...TEXTS }}
      pagination={list.pagination}
      dialogs={
        <>
          <UserFormDialog target={form} isSelf={form?.user?.id === me.id} onClose={() => setForm(null)} />
          <ResetPasswordDialog user={resetFor} onClose={() => setResetFor(null)} />
          <UserAccessDialog user={accessFor} onClose={() => setAccessFor(null)} />
        </>
      }
    >
      <ActionList>
        {list.rows.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            isSelf={user.id === me.id}
            onEdit={() => setForm({ user })}
            onResetPassword={() => setResetFor(user)}
            onToggleActive={() => setAccessFor(user)}
          />
        ))}
      </ActionList>
    </ListPage>
  );
}
