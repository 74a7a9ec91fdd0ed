// `npm run bench`: runs every benchmark and prints its figures. Nothing here asserts a timing.
import { run as importParsers } from './importParsers.bench.ts'
import { run as imports } from './imports.bench.ts'
import { run as ledger } from './ledger.bench.ts'
import { run as loans } from './loans.bench.ts'
import { run as screens } from './screens.bench.ts'
import { run as shell } from './shell.bench.ts'
import { run as soak } from './soak.bench.ts'
import { run as statistics } from './statistics.bench.ts'
import { run as statisticsScreen } from './statisticsScreen.bench.ts'
import { run as templates } from './templates.bench.ts'

// The soak and the 1 000 000-transaction statistics bench are long and load the machine fully: they run only when
// named (`npm run bench soak`, `npm run bench statistics`).
const benches: Record<string, () => Promise<void>> = {
  shell,
  ledger,
  screens,
  statisticsScreen,
  importParsers,
  imports,
  templates,
  loans,
  statistics,
  soak,
}
const onlyWhenNamed = new Set(['soak', 'statistics'])
// `--name=value` arguments are the benches' own options (e.g. `npm run bench soak -- --seconds=10`).
const only = process.argv.slice(2).filter((argument) => !argument.startsWith('--'))

for (const [name, bench] of Object.entries(benches)) {
  if (only.length > 0 ? !only.includes(name) : onlyWhenNamed.has(name)) continue
  console.log(`\n# ${name}`)
  await bench()
}
