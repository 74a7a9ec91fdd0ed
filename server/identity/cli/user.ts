// `npm run user -- create|disable|enable|list [--email address]`: manage local accounts.
import { parseArgs } from 'node:util'
import { ConfigError } from '../../config.ts'
import type { AdminRequest } from '../admin.ts'
import { readPassword, report, runAdmin } from './run.ts'

const usage = `usage: npm run user -- create --email <address>     (password from a prompt or the first line of stdin)
       npm run user -- disable --email <address>
       npm run user -- enable --email <address>
       npm run user -- list`

const main = async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  const [command] = positionals
  const email = values.email
  const request: AdminRequest | undefined =
    command === 'list'
      ? { op: 'user.list' }
      : email === undefined
        ? undefined
        : command === 'create'
          ? {
              op: 'user.create',
              email,
              password: await readPassword(`Password for ${email} (12+ characters): `),
            }
          : command === 'disable'
            ? { op: 'user.disable', email }
            : command === 'enable'
              ? { op: 'user.enable', email }
              : undefined
  if (values.help === true || request === undefined) {
    process.stderr.write(`${usage}\n`)
    process.exitCode = values.help === true ? 0 : 2
    return
  }
  report(await runAdmin(request))
}

main().catch((error: unknown) => {
  process.stderr.write(`koperta: ${error instanceof ConfigError ? error.message : String(error)}\n`)
  process.exitCode = 1
})
