import './accounts.css'
import './texts.ts'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectLoadState } from '../../../machines/openBudget/index.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { useBudget, useBudgetRef } from '../../openBudget/OpenBudget.tsx'
import { currentPeriodKey, isPeriodKey } from '../../router/periodKey.ts'

/** 'listopad 2026' in the user's locale for a YYYYMM key. */
export const periodLabel = (periodKey: string, locale: string): string => {
  const year = Number(periodKey.slice(0, 4))
  const month = Number(periodKey.slice(4, 6))
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(year, month - 1, 1),
  )
}

/** A date for display ('21.11.2026' in pl) from an ISO date, without time-zone shifts. */
export const dateLabel = (date: string, locale: string): string => {
  const [year, month, day] = date.split('-').map(Number)
  return new Intl.DateTimeFormat(locale).format(new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1))
}

/** Today in the browser's time zone (the domain takes "today" as an argument). */
export const todayIso = (): IsoDate => {
  const now = new Date()
  return IsoDate.make(
    `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`,
  )
}

export const periodOrCurrent = (periodKey: string | undefined): string =>
  periodKey !== undefined && isPeriodKey(periodKey) ? periodKey : currentPeriodKey(new Date())

/** Leaves a mobile dialog route: back where the user came from, else (opened directly) to `fallback`. */
export const useLeave = () => {
  const router = useRouter()
  return (fallback: string) => {
    if (router.history.canGoBack()) router.history.back()
    else router.history.replace(fallback)
  }
}

/** Shows its children once the open budget is loaded; a loading line or the error with a retry before that. */
export function BudgetReady({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation()
  const budget = useBudgetRef()
  const loadState = useBudget(selectLoadState)
  if (loadState === 'loading')
    return (
      <p className="accounts-status" role="status">
        {t('accounts.loading')}
      </p>
    )
  if (loadState === 'error')
    return (
      <section className="notice notice--error" role="alert">
        <p>{t('accounts.loadFailed')}</p>
        <Button className="button button--quiet" onPress={() => budget.send({ type: 'budget.retry' })}>
          {t('accounts.retry')}
        </Button>
      </section>
    )
  return <>{children}</>
}
