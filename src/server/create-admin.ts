import '../domain/zod-locale';
import { parseArgs } from 'node:util';
import { userCreateSchema } from '../domain/auth';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open';
import { createUser } from './modules/users';

/** `npm run create-admin -- --email a@b.cl --password ... [--username ...]`: the first admin without demo data. */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' } },
  });
  const parsed = userCreateSchema.safeParse({
    email: values.email,
    password: values.password,
    username: values.username ?? values.email?.split('@')[0]?.replace(/[^A-Za-z0-9._-]/g, ''),
    role: 'admin',
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(
      `Uso: npm run create-admin -- --email EMAIL --password CLAVE [--username NOMBRE] (${problems})`,
    );
  }
  const { database, unlock } = await openConfiguredDatabase(loadConfig());
  try {
    const user = await createUser(database.db, parsed.data, {
      userId: null,
      username: null,
      ip: 'create-admin',
    });
    console.log(`Administrador creado: ${user.username} <${user.email}>`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
