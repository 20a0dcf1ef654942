import path from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** SII_BASE_URL, SII_BOLETA_BASE_URL: a host only, since the SII's paths are kept (a stand-in, tests). */
const hostOnly = (name: string) =>
  z
    .string()
    .regex(
      /^https?:\/\/[^/]+\/?$/,
      `${name} debe ser esquema://servidor[:puerto], sin ruta (por ejemplo http://127.0.0.1:8089)`,
    )
    .optional();

/**
 * CORS_ORIGINS: comma-separated origins (`https://agencia.cl,http://192.168.1.20:5173`) whose pages may
 * call the API; each must be exactly an origin (scheme, host, optional port; no path or final slash),
 * as the browser sends it in `Origin`, or it would never match.
 */
const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins = value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean);
    for (const origin of origins) {
      if (!isOrigin(origin)) {
        ctx.addIssue({
          code: 'custom',
          message: `"${origin}" no es un origen válido: escribe esquema://servidor[:puerto], sin ruta ni barra final (por ejemplo https://agencia.cl)`,
        });
      }
    }
    return origins;
  });

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === text;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO_DATA: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  CORS_ORIGINS: originList,
  // Long enough not to be guessed: Prometheus sends it on every scrape.
  METRICS_TOKEN: z.string().min(24, 'METRICS_TOKEN debe tener al menos 24 caracteres').optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_PASSPHRASE: z.string().min(1).optional(),
  BACKUP_SCHEDULE: booleanFlag.default(true),
  REPLY_CHECKS: z.enum(['check', 'trust']).default('trust'),
  REMINDER_SCHEDULE: booleanFlag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar con smtp:// o smtps://')
    .optional(),
  SII_SEND: booleanFlag.default(true),
  SII_BASE_URL: hostOnly('SII_BASE_URL'),
  SII_BOLETA_BASE_URL: hostOnly('SII_BOLETA_BASE_URL'),
  // Seals the certificate's private key in the database (decision 0063); long enough not to be guessed.
  SECRET_KEY: z.string().min(16, 'SECRET_KEY debe tener al menos 16 caracteres').optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Demo accounts are seeded and shown on the login page; never in production. */
  demo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Origins of front ends served elsewhere that may call the API; empty sends no CORS headers. */
  corsOrigins: string[];
  /** The bearer token a Prometheus scraper sends to /metrics; unset, only admins read the metrics. */
  metricsToken: string | undefined;
  /** The daily backup at the company's hour; off for the E2E servers, whose backups the tests count. */
  backupSchedule: boolean;
  /** `check` every reply against its schema (E2E servers, `npm run dev`) or `trust` it (decision 0059). */
  replyChecks: 'check' | 'trust';
  /** Where backups are written: `backups` beside the data directory unless BACKUP_DIR says otherwise. */
  backupDir: string;
  /** Backups are age-encrypted with it when set. */
  backupPassphrase: string | undefined;
  /** Where the outbox sends e-mail; unset, messages wait in "Correos" (docs/decisions/0053). */
  smtpUrl: string | undefined;
  /** The morning reminders at the company's hour; off for the E2E servers, whose outbox the tests read. */
  reminderSchedule: boolean;
  /** The SII's outbox uploads issued DTEs; off for the E2E servers, which have no SII to reach. */
  siiSend: boolean;
  /** SII_BASE_URL: replaces the SII's host of the company's environment (a stand-in, tests). */
  siiBaseUrl: string | undefined;
  /** SII_BOLETA_BASE_URL: replaces the hosts of the SII's boleta service (unset: SII_BASE_URL does). */
  siiBoletaBaseUrl: string | undefined;
  /** SECRET_KEY: seals the certificate's private key; unset, the key in `secretKeyFile` is used. */
  secretKey: string | undefined;
  /** `secret-key` beside the data directory: generated on the first start when SECRET_KEY is unset. */
  secretKeyFile: string;
}

/** True when `inner` is `outer` or a folder inside it. */
export function isInside(inner: string, outer: string): boolean {
  const relative = path.relative(path.resolve(outer), path.resolve(inner));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Reads the environment once at start-up and fails fast with a readable list of what is wrong. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Configuración inválida:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const backupDir = e.BACKUP_DIR ?? path.join(path.dirname(path.resolve(e.DATA_DIR)), 'backups');
  // A backup inside the data directory would be lost with it, which is what it is for.
  if (isInside(backupDir, e.DATA_DIR)) {
    throw new Error(
      `Configuración inválida:\n  BACKUP_DIR: ${backupDir} está dentro de DATA_DIR; elige una carpeta fuera de ella`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO_DATA && e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    metricsToken: e.METRICS_TOKEN,
    backupDir,
    backupPassphrase: e.BACKUP_PASSPHRASE,
    backupSchedule: e.BACKUP_SCHEDULE,
    replyChecks: e.REPLY_CHECKS,
    smtpUrl: e.SMTP_URL,
    reminderSchedule: e.REMINDER_SCHEDULE,
    secretKey: e.SECRET_KEY,
    siiSend: e.SII_SEND,
    siiBaseUrl: e.SII_BASE_URL,
    siiBoletaBaseUrl: e.SII_BOLETA_BASE_URL,
    secretKeyFile: path.join(path.dirname(path.resolve(e.DATA_DIR)), 'secret-key'),
  };
}

/**
 * One readable line per request while developing (pino-pretty); JSON lines, one per request, for a
 * log collector in production and under test.
 */
export function loggerOptions(config: Pick<Config, 'env' | 'logLevel'>) {
  if (config.env !== 'development') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      // The request's fields are in its message already (app.ts); the JSON log keeps them apart.
      options: {
        singleLine: true,
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
      },
    },
  };
}
