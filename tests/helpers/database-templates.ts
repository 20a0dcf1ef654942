import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { migrationsFolder } from '../../src/server/db/migrations';

declare module 'vitest' {
  interface ProvidedContext {
    /** A migrated PGlite as a tarball file, for api-pglite. */
    pgliteSnapshot: string;
    /** A migrated database to copy (CREATE DATABASE ... TEMPLATE), for api-postgres. */
    postgresTemplate: string;
  }
}

/**
 * Vitest global setup of the API projects: migrates one database per run and migration set, and every
 * test file starts from a copy of it. Creating and migrating an in-memory PGlite costs seconds (initdb
 * runs in WebAssembly) and each test file needs a fresh database, so copying is most of the suite's
 * set-up time saved. The name carries a hash of the migrations, so a changed migration builds anew.
 */
export default async function setup(project: TestProject) {
  if (project.config.env?.TEST_DB_KIND === 'postgres') {
    project.provide('postgresTemplate', await postgresTemplate(migrationsHash(migrationsFolder)));
  } else {
    project.provide('pgliteSnapshot', await pgliteSnapshot(migrationsFolder));
  }
}

function migrationsHash(folder: string): string {
  const digest = createHash('sha256');
  const files = readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(folder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) digest.update(file).update(readFileSync(full));
  }
  return digest.digest('hex').slice(0, 12);
}

/**
 * A PGlite migrated with `folder`'s migrations, as a tarball file kept between runs (the upgrade
 * tests keep one of the previous release's migrations too).
 */
export async function pgliteSnapshot(folder: string): Promise<string> {
  const hash = migrationsHash(folder);
  const dir = path.resolve('.tmp/test-db');
  const file = path.join(dir, `pglite-${hash}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(dir, { recursive: true });
  const handle = await openPglite(undefined);
  try {
    await handle.migrate({ migrationsFolder: folder });
    const blob = await handle.snapshot?.();
    if (!blob) throw new Error('PGlite did not produce a snapshot');
    // Written aside and renamed, so a run that dies half-way never leaves a truncated snapshot.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await handle.close();
  }
  return file;
}

async function postgresTemplate(hash: string): Promise<string> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is required for the api-postgres project');
  const name = `test_template_${hash}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    // Built under a private name and renamed when complete: a concurrent run (another checkout) never
    // copies a half-migrated template, and the loser of a race drops its own copy.
    const building = `${name}_${process.pid}`;
    await admin.query(`create database ${building}`);
    const url = new URL(baseUrl);
    url.pathname = `/${building}`;
    const handle = await openPostgres(url.toString(), 1);
    await handle.migrate().finally(() => handle.close());
    try {
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch {
      await admin.query(`drop database if exists ${building}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}
