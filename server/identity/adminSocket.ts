import { chmodSync, rmSync } from 'node:fs'
import { createConnection, createServer, type Server } from 'node:net'
import { join } from 'node:path'
import type { Kysely } from 'kysely'
import { type AdminRequest, type AdminResponse, parseAdminRequest, runAdminRequest } from './admin.ts'
import type { IdentityTables } from './tables.ts'

/**
 * While the server holds an embedded database, the CLI cannot open it (PGlite corrupts a directory two processes
 * open). The server then answers admin requests on a Unix socket inside DATA_DIR: whoever may read DATA_DIR may
 * administer, nobody else (the socket is mode 0600 and reachable only on this machine).
 */
export const adminSocketPath = (dataDir: string): string => join(dataDir, 'koperta-admin.sock')

const maxRequestBytes = 64 * 1024

export const startAdminSocket = async (
  dataDir: string,
  db: Kysely<IdentityTables>,
  onError: (error: unknown) => void,
): Promise<Server> => {
  const path = adminSocketPath(dataDir)
  // We hold the DATA_DIR lock, so a socket file left here belongs to a server that died.
  rmSync(path, { force: true })
  const server = createServer((connection) => {
    let received = ''
    connection.setEncoding('utf8')
    connection.on('data', (chunk: string) => {
      received += chunk
      if (received.length > maxRequestBytes) connection.destroy()
      const newline = received.indexOf('\n')
      if (newline < 0) return
      const answer = async (): Promise<AdminResponse> => {
        try {
          const request = parseAdminRequest(JSON.parse(received.slice(0, newline)))
          return request === undefined
            ? { ok: false, error: 'unknown request' }
            : await runAdminRequest(db, request)
        } catch (error) {
          onError(error)
          return { ok: false, error: 'the request failed; see the server log' }
        }
      }
      void answer().then((response) => connection.end(`${JSON.stringify(response)}\n`), onError)
    })
    connection.on('error', onError)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolve())
  })
  chmodSync(path, 0o600)
  return server
}

export const stopAdminSocket = async (server: Server, dataDir: string): Promise<void> => {
  await new Promise<void>((resolve) => server.close(() => resolve()))
  rmSync(adminSocketPath(dataDir), { force: true })
}

/** The CLI's side: one request, one answer. */
export const sendAdminRequest = (dataDir: string, request: AdminRequest): Promise<AdminResponse> =>
  new Promise((resolve, reject) => {
    const connection = createConnection(adminSocketPath(dataDir))
    let received = ''
    connection.setEncoding('utf8')
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`))
    connection.on('data', (chunk: string) => {
      received += chunk
    })
    connection.on('end', () => {
      try {
        const parsed: unknown = JSON.parse(received)
        if (typeof parsed === 'object' && parsed !== null && 'ok' in parsed) {
          resolve(
            parsed.ok === true && 'output' in parsed
              ? { ok: true, output: String(parsed.output) }
              : {
                  ok: false,
                  error: 'error' in parsed ? String(parsed.error) : 'the server refused the request',
                },
          )
        } else reject(new Error('the server sent an unreadable answer'))
      } catch (error) {
        reject(error)
      }
    })
    connection.on('error', reject)
  })
