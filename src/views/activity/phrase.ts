import type { TFunction } from 'i18next'
import { formatDateText } from '../../../domain/dateText.ts'
import { reconciliationPayee } from '../../../domain/decideMoney.ts'
import { formatAmount } from '../../../domain/money.ts'
import type { ActivityMember } from '../../../machines/activity/index.ts'
import type { ActivityEntry } from '../../../schemas/activity.ts'
import type { CurrencyCode, PeriodKey } from '../../../schemas/money.ts'

/** "marzec 2025" from 202503, in the user's language. */
export const periodText = (period: PeriodKey, locale: string): string => {
  const year = Number(period.slice(0, 4))
  const month = Number(period.slice(4, 6))
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  )
}

/**
 * Who made an entry: the member's name, else the name the server resolved (a former member's too), "członek
 * budżetu" while the members are not known (or unnamed), and "były członek" only for an author whose account is gone.
 */
export const whoText = (
  entry: Pick<ActivityEntry, 'actorUserId' | 'actorName'>,
  members: ReadonlyArray<ActivityMember>,
  t: TFunction,
): string => {
  const member = members.find((candidate) => candidate.userId === entry.actorUserId)
  const name = member?.name ?? entry.actorName
  if (name !== null && name !== undefined) return name
  if (members.length === 0 || member !== undefined) return t('activity.member')
  return t('activity.formerMember')
}

/**
 * The built-in objects' names are i18n keys in the budget's state (domain/evolve.ts: the system category and group,
 * the income destination) and the reconciliation payee a constant: the feed shows them in the reader's language,
 * as the month view and the transaction lists do.
 */
const builtInName = (value: string, t: TFunction): string => {
  switch (value) {
    case 'uncategorized':
      return t('budgetView.uncategorized')
    case 'readyToAssign':
      return t('budgetView.incomeDestination')
    case reconciliationPayee:
      return t('budget.reconciliationPayee')
    default:
      return value
  }
}

/** The kinds whose entry lacks the old object's details when the server could not find them. */
const bare = (entry: ActivityEntry): boolean =>
  (entry.kind === 'transactionDeleted' || entry.kind === 'transferDeleted') && entry.amount === undefined

/**
 * What happened, as a noun phrase ("przydział 300,00 zł do kategorii Jedzenie"): no verb, so no grammatical gender of the
 * person in any language.
 */
export const whatText = (
  entry: ActivityEntry,
  currency: CurrencyCode,
  locale: string,
  t: TFunction,
): string => {
  if (bare(entry)) return t(`activity.kinds.${entry.kind}Bare`)
  const named = (value: string | null | undefined) =>
    value === null || value === undefined ? t('activity.unnamed') : builtInName(value, t)
  // null `from`/`to` of money moved is Ready to Assign; of a transfer or a deletion, a name not found.
  const money = entry.kind === 'moneyMoved' || entry.kind === 'overspendingCovered'
  // Money moves between categories and Ready to Assign: Polish names each after a noun ("z kategorii Kino"), so the
  // name itself stays uninflected.
  const place = (value: string | null | undefined) => {
    if (!money) return named(value)
    return value === null ? t('activity.readyToAssignRef') : t('activity.categoryRef', { name: named(value) })
  }
  const params: Record<string, string | number> = {
    name: named(entry.name),
    previousName: named(entry.previousName),
    to: place(entry.to),
    from: place(entry.from),
    account: named(entry.account),
    amount: entry.amount === undefined ? '' : formatAmount(entry.amount, currency, locale),
    period: entry.period === undefined ? '' : periodText(entry.period, locale),
    date: entry.date === undefined ? '' : formatDateText(entry.date, locale),
  }
  if (entry.count !== undefined) params.count = entry.count
  return t(`activity.kinds.${entry.kind}`, params)
}
