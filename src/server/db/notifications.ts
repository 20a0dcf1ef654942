import pg from 'pg';

/**
 * Receives the NOTIFY messages of one channel. `onState(true)` once LISTEN is in place, `onState(false)`
 * whenever messages may be lost (the connection dropped): a reader that keeps state in memory on the
 * strength of these messages must stop trusting it until the next `onState(true)`.
 * Resolves once the first attempt has connected or failed; returns the function that stops listening.
 */
export type Listen = (
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

const RECONNECT_MS = 1000;
/** How the listening connections show in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'notificaciones';
/** One listening connection per channel, named after it: a writer can count who hears a channel. */
export const listenerName = (channel: string) => `${LISTENER_APPLICATION_NAME} ${channel}`;

/** PostgreSQL: a connection of its own (a pooled one would be handed to queries), reconnected on loss. */
export function listenPostgres(connectionString: string): Listen {
  return async (channel, onMessage, onState) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Canal no admitido: ${channel}`);
    let current: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let stopped = false;

    const lost = (client: pg.Client) => {
      if (current === client) {
        current = undefined;
        onState(false);
      }
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (!stopped && !retry) retry = setTimeout(connect, RECONNECT_MS).unref();
    };

    async function connect() {
      retry = undefined;
      const client = new pg.Client({ connectionString, application_name: listenerName(channel) });
      let gone = false;
      const drop = () => {
        if (gone) return;
        gone = true;
        lost(client);
      };
      client.on('error', drop);
      client.on('end', drop);
      client.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`listen ${channel}`);
      } catch {
        drop();
        return;
      }
      if (stopped) {
        gone = true;
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      onState(true);
    }

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      if (client) {
        onState(false);
        client.removeAllListeners();
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
      }
    };
  };
}
