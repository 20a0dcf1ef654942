import { readFileSync } from 'node:fs';
import type pg from 'pg';

/*
 * CPU time of a process and of a database's PostgreSQL backends, read from /proc: on a machine shared
 * with other work, wall-clock figures say more about the neighbours than about the code measured, but
 * the CPU the code's own processes spend does not depend on them (much).
 */

const TICK_MS = 1000 / 100; // USER_HZ: /proc reports CPU time in ticks of 10 ms

/** utime + stime of a process in ms, or 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends connected to the client's database, the client's own excepted. */
export async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return rows.map((r) => r.pid);
}

/** CPU ms the backends spent since `before` (from `backendCpu`), those gone meanwhile counting 0. */
export function backendCpu(pids: number[]) {
  const before = pids.map(cpuMs);
  return () => pids.reduce((sum, pid, i) => sum + Math.max(0, cpuMs(pid) - (before[i] ?? 0)), 0);
}
