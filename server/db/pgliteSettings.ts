import { PGlite } from '@electric-sql/pglite'

/**
 * PGlite's defaults size PostgreSQL for a server (128 MB shared buffers); an embedded, single-user
 * database needs far less, and idle RSS drops from ~450 MB to ~220 MB.
 *
 * WAL: a new 16 MB segment is created without being filled with zeroes first (`wal_init_zero=off`; PGlite
 * already runs without fsync, so the zeroes bought no durability). A 40 000-transaction import wrote 84 MB of
 * zeroes (162 ms of its ~2.8 s). 4 MB of WAL buffers let the WAL go out in large writes, not page by page
 * (8 800 writes → 220 for the same import).
 */
export const pgliteStartParams: readonly string[] = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=4MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=4MB',
  '-c',
  'wal_init_zero=off',
  '-c',
  'wal_buffers=4MB',
]
