// `npm run token -- --email <address> [--name <label>]`: prints a new personal access token for scripts.
import { parseArgs } from 'node:util'
import { ConfigError } from '../../config.ts'
import { report, runAdmin } from './run.ts'

const usage = 'usage: npm run token -- --email <address> [--name <label>]'

const main = async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help === true || values.email === undefined) {
    process.stderr.write(`${usage}\n`)
    process.exitCode = values.help === true ? 0 : 2
    return
  }
  const name = values.name ?? `cli ${new Date().toISOString().slice(0, 10)}`
  report(await runAdmin({ op: 'token.create', email: values.email, name }))
}

main().catch((error: unknown) => {
  process.stderr.write(`koperta: ${error instanceof ConfigError ? error.message : String(error)}\n`)
  process.exitCode = 1
})
