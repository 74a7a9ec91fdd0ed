import { alior } from './alior.ts'
import { dkb } from './dkb.ts'
import { ing } from './ing.ts'
import { mbank } from './mbank.ts'
import { mbankStatement } from './mbankStatement.ts'
import { millennium } from './millennium.ts'
import { n26 } from './n26.ts'
import { pekao } from './pekao.ts'
import { pko } from './pko.ts'
import { revolut } from './revolut.ts'
import { santander } from './santander.ts'
import type { BankFormat, BankLayout } from './shared.ts'

/** Every bank layout, by format; detection tries them in this order (their headers do not overlap). */
export const bankLayouts = {
  mbank,
  'mbank-statement': mbankStatement,
  pko,
  ing,
  santander,
  millennium,
  pekao,
  alior,
  revolut,
  n26,
  dkb,
} as const satisfies Record<BankFormat, BankLayout>

export type { BankFormat, BankLayout } from './shared.ts'
