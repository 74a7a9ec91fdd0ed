// The server process: configuration, listen, graceful shutdown. Started by main.ts.
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { DataDirLockedError } from './db/lock.ts'

const shutdownTimeoutMs = 15_000

const start = async () => {
  const config = loadConfig(process.env)
  const app = buildApp(config)

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    // A request that never finishes must not keep the process alive forever.
    const forced = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, shutdownTimeoutMs)
    forced.unref()
    app.close().then(
      () => {
        app.log.info('stopped')
        process.exitCode = 0
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed')
        process.exitCode = 1
      },
    )
  }
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)

  try {
    await app.listen({ port: config.PORT, host: config.HOST })
    // Fastify logs every bound address (127.0.0.1, ::1); only PUBLIC_URL signs in, so say which one to open.
    app.log.info(
      { url: app.identity.config.publicOrigin },
      `open Koperta at ${app.identity.config.publicOrigin}`,
    )
  } catch (error) {
    // Release DATA_DIR and whatever else opened before the failure.
    await app.close().catch(() => {})
    throw error
  }
}

start().catch((error: unknown) => {
  // Expected start failures get one clear line; anything else gets its stack.
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`koperta: ${error.message}\n`)
  } else {
    process.stderr.write(
      `koperta: failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  }
  process.exitCode = 1
})
