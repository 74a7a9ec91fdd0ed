import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import type { RouteMeta } from '../router/staticData.ts'
import { type PageHeading, pageHeadingOf } from './pageHeading.ts'

// An account's name needs its budget open; the code for that loads with the first account screen.
const AccountHeading = lazy(() => import('./AccountHeading.tsx'))

/** The heading's params and search: the deepest match carries the route's params (the shell sits above it). */
const useHeadingPlace = () =>
  useRouterState({
    select: (state) => {
      const params: { readonly budgetId?: string; readonly bankAccountId?: string } =
        state.matches.at(-1)?.params ?? {}
      const search: { readonly view?: unknown; readonly account?: unknown } = state.location.search
      return {
        budgetId: params.budgetId,
        bankAccountId: params.bankAccountId,
        view: typeof search.view === 'string' ? search.view : undefined,
        account: typeof search.account === 'string' ? search.account : undefined,
      }
    },
    structuralSharing: true,
  })

export function PageTitle({ heading }: { readonly heading: PageHeading }) {
  const { t } = useTranslation()
  if (heading.kind === 'text') return <>{t(heading.key)}</>
  return (
    <Suspense fallback={t(heading.fallbackKey)}>
      <AccountHeading {...heading} />
    </Suspense>
  )
}

/** What the page heading names, for the page on screen (src/layouts/pageHeading.ts). */
export const usePageHeading = (page: RouteMeta): PageHeading => {
  const place = useHeadingPlace()
  return pageHeadingOf(page, place, place)
}
