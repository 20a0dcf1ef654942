import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Card } from '../../components/ui/Card';
import { PageHeader } from '../../components/ui/PageHeader';
import { RecordLoader } from '../../components/ui/RecordLoader';
import { passengerQuery } from './api';
import { PassengerForm } from './PassengerForm';

/** /passengers/new and /passengers/{id}/edit. */
export function PassengerFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const query = useQuery({ ...passengerQuery(id ?? ''), enabled: id !== undefined });

  const backToList = () => navigate('/passengers');
  const saved = (_passenger: unknown, message: string) => {
    toast.success(message);
    backToList();
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeader title={id ? 'Editar Pasajero' : 'Nuevo Pasajero'} backTo="/passengers" />
      <Card>
        {id === undefined ? (
          <PassengerForm onSaved={saved} onCancel={backToList} />
        ) : (
          <RecordLoader
            query={query}
            loadingLabel="Cargando pasajero..."
            notFound="Pasajero no encontrado"
            loadError="Error loading passenger"
            backTo="/passengers"
          >
            {(passenger) => (
              <PassengerForm key={passenger.id} passenger={passenger} onSaved={saved} onCancel={backToList} />
            )}
          </RecordLoader>
        )}
      </Card>
    </div>
  );
}
