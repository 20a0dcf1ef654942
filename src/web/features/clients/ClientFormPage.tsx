import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { RecordLoader } from '../../components/ui/RecordLoader';
import { clientQuery } from './api';
import { ClientForm } from './ClientForm';

/** /clients/new and /clients/{id}/edit. */
export function ClientFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ ...clientQuery(id ?? ''), enabled: id !== undefined });

  const backToList = () => navigate('/clients');
  const saved = (_client: unknown, message: string) => {
    toast.success(message);
    backToList();
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={id ? 'Editar Cliente' : 'Nuevo Cliente'} backTo="/clients" />
      <Card>
        {id === undefined ? (
          <ClientForm onSaved={saved} onCancel={backToList} />
        ) : (
          <RecordLoader
            query={query}
            loadingLabel="Cargando cliente..."
            notFound="Cliente no encontrado"
            loadError="Error loading client"
            backTo="/clients"
          >
            {(client) => <ClientForm key={client.id} client={client} onSaved={saved} onCancel={backToList} />}
          </RecordLoader>
        )}
      </Card>
    </div>
  );
}
