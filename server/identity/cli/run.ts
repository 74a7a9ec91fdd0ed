import { loadConfig } from '../../config.ts'
import { openDatabase } from '../../db/database.ts'
import { DataDirLockedError } from '../../db/lock.ts'
import { type AdminRequest, type AdminResponse, runAdminRequest } from '../admin.ts'
import { sendAdminRequest } from '../adminSocket.ts'
import type { IdentityTables } from '../tables.ts'

/**
 * Runs one admin request with the server's configuration (DATA_DIR, DATABASE_URL): straight on PostgreSQL, on the
 * embedded database while no server holds it, or through the running server's admin socket when one does.
 */
export const runAdmin = async (
  request: AdminRequest,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<AdminResponse> => {
  const config = loadConfig(env)
  let database: Awaited<ReturnType<typeof openDatabase>>
  try {
    database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL })
  } catch (error) {
    if (error instanceof DataDirLockedError) return sendAdminRequest(config.DATA_DIR, request)
    throw error
  }
  try {
    return await runAdminRequest(database.db.withTables<IdentityTables>(), request)
  } finally {
    await database.close()
  }
}

/** Prints the answer (the output on stdout, a refusal on stderr) and sets the exit code. */
export const report = (response: AdminResponse): void => {
  if (response.ok) {
    if (response.output !== '') process.stdout.write(`${response.output}\n`)
    return
  }
  process.stderr.write(`koperta: ${response.error}\n`)
  process.exitCode = 1
}

/** Reads a password without echoing it (a terminal) or as the first line of stdin (a pipe). */
export const readPassword = async (prompt: string): Promise<string> => {
  const { stdin, stderr } = process
  if (!stdin.isTTY) {
    let input = ''
    stdin.setEncoding('utf8')
    for await (const chunk of stdin) input += String(chunk)
    return input.split(/\r?\n/u)[0] ?? ''
  }
  stderr.write(prompt)
  stdin.setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  return new Promise((resolve, reject) => {
    let password = ''
    const onData = (key: string) => {
      for (const character of key) {
        if (character === '\r' || character === '\n') {
          stdin.setRawMode(false)
          stdin.pause()
          stdin.off('data', onData)
          stderr.write('\n')
          resolve(password)
          return
        }
        if (character === '\u0003') {
          stdin.setRawMode(false)
          reject(new Error('cancelled'))
          return
        }
        password = character === '\u007f' ? password.slice(0, -1) : password + character
      }
    }
    stdin.on('data', onData)
  })
}
