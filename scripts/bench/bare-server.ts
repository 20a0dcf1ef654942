/**
 * The yardstick of the benchmark: Fastify with one JSON route and nothing else (no auth, no
 * database, no logging). The app's throughput is reported as a ratio of this one, measured in the
 * same run on the same machine, so the figure means something on any hardware.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log('listo');
