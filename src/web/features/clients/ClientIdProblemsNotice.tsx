import { Link } from 'react-router';
import { FOCUS_RING } from '../../components/ui/Button';
import { cn } from '../../lib/cn';
import { useClientIdProblems } from './api';

function ClientLink({ client }: { client: { id: number; name: string; clientId: string } }) {
  return (
    <Link to={`/clients/${client.id}/edit`} className={cn('underline', FOCUS_RING)}>
      {client.name} ({client.clientId})
    </Link>
  );
}

/**
 * For the admin on the clients list: clients saved before the server checked IDs/RUTs (decision
 * 0042) whose RUT has a wrong check digit or whose ID another client shares, each a link to fix it.
 * Nothing is shown when there are none.
 */
export function ClientIdProblemsNotice() {
  const { data } = useClientIdProblems();
  if (!data || (data.invalid.length === 0 && data.duplicates.length === 0)) return null;
  const count = data.invalid.length + data.duplicates.reduce((n, d) => n + d.clients.length, 0);
  return (
    <section
      aria-labelledby="client-id-problems"
      className="rounded-md border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-900"
    >
      <h2 id="client-id-problems" className="font-medium">
        IDs/RUT por corregir ({count})
      </h2>
      <p className="mt-1">Clientes guardados antes de la validación del RUT. Corrígelos desde su ficha.</p>
      {data.invalid.length > 0 && (
        <>
          <h3 className="mt-2 font-medium">Dígito verificador incorrecto</h3>
          <ul className="list-disc pl-5">
            {data.invalid.map((client) => (
              <li key={client.id}>
                <ClientLink client={client} />
              </li>
            ))}
          </ul>
        </>
      )}
      {data.duplicates.length > 0 && (
        <>
          <h3 className="mt-2 font-medium">ID/RUT repetido</h3>
          <ul className="list-disc pl-5">
            {data.duplicates.map(({ key, clients }) => (
              <li key={key}>
                {clients.map((client, index) => (
                  <span key={client.id}>
                    {index > 0 && ', '}
                    <ClientLink client={client} />
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
