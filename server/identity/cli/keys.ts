// `npm run keys -- rotate`: puts a new signing key and cookie secret in charge; the old ones keep verifying for a
// week. Running servers switch at their next start.
import { ConfigError } from '../../config.ts'
import { report, runAdmin } from './run.ts'

const usage = 'usage: npm run keys -- rotate'

const main = async () => {
  const [command] = process.argv.slice(2)
  if (command !== 'rotate') {
    process.stderr.write(`${usage}\n`)
    process.exitCode = command === '--help' || command === '-h' ? 0 : 2
    return
  }
  report(await runAdmin({ op: 'keys.rotate' }))
}

main().catch((error: unknown) => {
  process.stderr.write(`koperta: ${error instanceof ConfigError ? error.message : String(error)}\n`)
  process.exitCode = 1
})
