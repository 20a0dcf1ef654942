import { z } from 'zod';
import { dataReply } from './replies';

/**
 * The admin's first steps in a new agency, in the order the dashboard lists them (decision 0093): each
 * is done when the database shows it, so the list needs no "mark as done".
 */
export const SETUP_STEPS = ['demo', 'company', 'rates', 'users', 'tax', 'clients'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** GET /api/company/setup: what is left, and whether the caller still signs in with a public demo account. */
export const companySetupReplySchema = dataReply(
  z.object({
    demoData: z.boolean(),
    /** The caller is a demo account whose e-mail or password is still the one /login showed to everyone. */
    publicCredentials: z.boolean(),
    steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
  }),
);
export type CompanySetup = z.infer<typeof companySetupReplySchema>['data'];

/** What "Empezar con mis datos" removed, and the verified backup of before. */
export const removeDemoDataReplySchema = z.object({
  message: z.string(),
  data: z.object({
    backupFileName: z.string(),
    removed: z.object({
      sales: z.number(),
      payments: z.number(),
      clients: z.number(),
      passengers: z.number(),
      users: z.number(),
    }),
  }),
});
export type RemoveDemoDataReply = z.infer<typeof removeDemoDataReplySchema>;

export const REMOVE_DEMO_MESSAGES = {
  removed: 'Datos de demostración eliminados. La agencia está lista para sus propios datos.',
  none: 'Esta agencia no tiene datos de demostración.',
  invoicesSent:
    'Esta agencia ya emitió documentos tributarios electrónicos: sus folios no se pueden borrar como datos de demostración.',
  noBackups:
    'No hay copias de seguridad configuradas en este servidor (BACKUP_DIR): sin una copia previa no se borra nada.',
  backupFailed: 'La copia de seguridad previa no se pudo verificar; no se borró nada. Detalle: ',
} as const;
