import type { BudgetImportSource } from '../../schemas/budget.ts'
import type {
  ApproximationCode,
  BudgetImportReport,
  LeftOutCode,
  MappedKind,
} from '../../schemas/budgetImport.ts'
import { mappedKinds } from '../../schemas/budgetImport.ts'
import type { CurrencyCode } from '../../schemas/money.ts'

type Params = Readonly<Record<string, string | number>>

/** Counts what a converter mapped, approximated and left out, in the order first met; empty kinds are not listed. */
export const reportBuilder = () => {
  const mapped = new Map<MappedKind, number>()
  const approximated = new Map<ApproximationCode, { count: number; params?: Params }>()
  const leftOut = new Map<LeftOutCode, { count: number; params?: Params }>()
  const add = <K>(
    map: Map<K, { count: number; params?: Params }>,
    code: K,
    count: number,
    params?: Params,
  ) => {
    if (count <= 0) return
    const entry = map.get(code) ?? { count: 0 }
    entry.count += count
    if (params !== undefined) entry.params = { ...entry.params, ...params }
    map.set(code, entry)
  }
  const entries = <K>(map: Map<K, { count: number; params?: Params }>) =>
    [...map].map(([code, { count, params }]) => ({
      code,
      count,
      ...(params === undefined ? {} : { params }),
    }))
  return {
    mapped: (kind: MappedKind, count = 1) => {
      if (count > 0) mapped.set(kind, (mapped.get(kind) ?? 0) + count)
    },
    approximated: (code: ApproximationCode, count = 1, params?: Params) =>
      add(approximated, code, count, params),
    leftOut: (code: LeftOutCode, count = 1, params?: Params) => add(leftOut, code, count, params),
    build: (source: BudgetImportSource, name: string, currency: CurrencyCode): BudgetImportReport => ({
      source,
      name,
      currency,
      // Always in one order, whatever the converter met first: reports of two imports compare line by line.
      mapped: mappedKinds.flatMap((kind) => {
        const count = mapped.get(kind)
        return count === undefined ? [] : [{ kind, count }]
      }),
      approximated: entries(approximated),
      leftOut: entries(leftOut),
    }),
  }
}

export type ReportBuilder = ReturnType<typeof reportBuilder>
