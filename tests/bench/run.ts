// `npm run bench`: runs every benchmark and prints its figures. Nothing here asserts a timing.
import { run as ledger } from './ledger.bench.ts'
import { run as screens } from './screens.bench.ts'
import { run as shell } from './shell.bench.ts'

const benches: Record<string, () => Promise<void>> = { shell, ledger, screens }
const only = process.argv.slice(2)

for (const [name, bench] of Object.entries(benches)) {
  if (only.length > 0 && !only.includes(name)) continue
  console.log(`\n# ${name}`)
  await bench()
}
