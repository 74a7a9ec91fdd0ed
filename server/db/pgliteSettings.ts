import { PGlite } from '@electric-sql/pglite'

/**
 * PGlite's defaults size PostgreSQL for a server (128 MB shared buffers); an embedded, single-user
 * database needs far less, and idle RSS drops from ~450 MB to ~220 MB.
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
]
