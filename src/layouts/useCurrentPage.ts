import { useRouterState } from '@tanstack/react-router'
import type { RouteMeta } from '../router/staticData.ts'

/** What the shell shows when no page matched (the not-found screen). */
const NO_PAGE: RouteMeta = {
  name: 'notFound',
  layout: 'empty',
  headerKey: 'errors.notFoundTitle',
  noSidePanel: true,
  status: 'built',
  kind: 'page',
}

/**
 * Metadata of the page on screen: the deepest matched page route. A dialog route keeps the
 * header and layout of the view it opens over; layout routes only group.
 */
export const useCurrentPage = (): RouteMeta =>
  useRouterState({
    select: (state) =>
      state.matches.findLast((match) => match.staticData.kind === 'page' && match.status !== 'notFound')
        ?.staticData ?? NO_PAGE,
  })

/** Metadata of the deepest matched route, dialogs included. */
export const useCurrentRoute = (): RouteMeta =>
  useRouterState({ select: (state) => state.matches.at(-1)?.staticData ?? NO_PAGE })
