import { agencyToday, DEFAULT_TIME_ZONE } from '../../domain/agency-day';
import { type Database, hasAnyUser } from '../db/client';
import {
  classifications,
  clients,
  companySettings,
  currencyRateDays,
  currencyRates,
  operators,
  passengers,
  suppliers,
  users,
} from '../db/schema';
import { queueDayReminders } from '../modules/reminders';
import { hashPassword } from '../modules/users';
import { DEMO_ACCOUNTS } from './accounts';
import {
  DEMO_CLASSIFICATIONS,
  DEMO_CLP_RATE,
  DEMO_CLP_UNITS,
  DEMO_EUR_UNITS,
  DEMO_OPERATORS,
  DEMO_SUPPLIERS,
  demoAddress,
  demoBirthDate,
  demoPeople,
} from './demo-data';
import { seedDemoSales } from './demo-sales';

/** Seeds the demo agency on an empty database; returns false when there was already data. */
export async function seedDemoData(db: Database): Promise<boolean> {
  if (await hasAnyUser(db)) return false;
  const hashed = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({
      username: a.username,
      email: a.email,
      role: a.role,
      passwordHash: await hashPassword(a.password),
    })),
  );
  await db.transaction(async (tx) => {
    await tx.insert(users).values(hashed);
    await tx.insert(currencyRates).values([
      { currency: 'USD', rate: '1', unitsPerUsd: '1', isActive: true, lastUpdated: new Date() },
      { currency: 'EUR', rate: '1.08', unitsPerUsd: DEMO_EUR_UNITS, isActive: true, lastUpdated: new Date() },
      {
        currency: 'CLP',
        rate: DEMO_CLP_RATE,
        unitsPerUsd: DEMO_CLP_UNITS,
        isActive: true,
        lastUpdated: new Date(),
      },
    ]);
    // The demo's rates count from today, as if saved on the screen (docs/decisions/0099-rates-by-day.md).
    const today = agencyToday();
    await tx.insert(currencyRateDays).values([
      { currency: 'EUR', day: today, rate: '1.08' },
      { currency: 'CLP', day: today, rate: DEMO_CLP_RATE },
    ]);
    await tx
      .insert(companySettings)
      .values({
        name: 'Viajes Demo SpA',
        taxId: '76.123.456-0',
        address: 'Av. Providencia 1234, Santiago',
        email: 'contacto@viajes-demo.cl',
        phone: '+56 2 2345 6789',
        demoData: true,
      })
      .onConflictDoUpdate({ target: companySettings.id, set: { demoData: true } });
    await tx.insert(suppliers).values(DEMO_SUPPLIERS.map((name) => ({ name })));
    await tx.insert(operators).values(DEMO_OPERATORS.map((name) => ({ name })));
    await tx.insert(classifications).values(DEMO_CLASSIFICATIONS.map((name) => ({ name })));
    await tx.insert(clients).values(
      demoPeople(30, 0).map((p, i) => ({
        name: p.name,
        clientId: p.rut,
        email: p.email,
        address: i % 4 === 3 ? null : demoAddress(i),
      })),
    );
    await tx.insert(passengers).values(
      demoPeople(40, 100).map((p, i) => ({
        name: p.name,
        passengerId: p.rut,
        email: i % 3 === 2 ? null : p.email,
        dateOfBirth: demoBirthDate(i),
      })),
    );
    await seedDemoSales(tx);
    // The morning reminders of today, waiting in "Correos" (docs/decisions/0058): the demo has no SMTP.
    await queueDayReminders(tx, agencyToday(DEFAULT_TIME_ZONE));
  });
  return true;
}
