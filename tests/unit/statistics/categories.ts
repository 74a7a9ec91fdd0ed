import type { CategoryInfo } from '../../../machines/statistics/statistics.figures.ts'
import { PeriodKey } from '../../../schemas/money.ts'

/** The statistics tests' budget: rent and food spent, a salary earned. */
const info: Record<string, CategoryInfo> = {
  rent: { name: 'Czynsz', groupId: 'home', groupName: 'Dom', type: 'Expense', spendingClass: 'Housing' },
  food: {
    name: 'Jedzenie',
    groupId: 'daily',
    groupName: 'Codzienne',
    type: 'Expense',
    spendingClass: 'Food',
  },
  salary: { name: 'Pensja', groupId: 'in', groupName: 'Dochody', type: 'Income', spendingClass: 'Undefined' },
}

export const infoOf = (id: string): CategoryInfo | undefined => info[id]
export const p = (key: string) => PeriodKey.make(key)
