import { useRouter } from '@tanstack/react-router'
import type { RouteStatus } from '../router/staticData.ts'

/** What is read of a router here: its matcher (TanStack's `getMatchedRoutes`). */
export type RouteMatcher = {
  getMatchedRoutes(
    pathname: string,
  ): readonly [
    unknown,
    unknown,
    { readonly options: { readonly staticData?: { readonly status: RouteStatus } } } | undefined,
  ]
}

/** The status of the route an address leads to in this route tree, or null when the tree has no such route. */
export const routeStatusAt = (router: RouteMatcher, href: string): RouteStatus | null => {
  const pathname = href.split(/[?#]/u)[0] ?? href
  return router.getMatchedRoutes(pathname)[2]?.options.staticData?.status ?? null
}

/**
 * Navigation shows only destinations that work: an item whose route is not built yet (or missing on this device)
 * is left out, and appears by itself once a later issue marks its route 'built'.
 */
export const useBuiltItems = <Item extends { readonly href: string }>(
  items: ReadonlyArray<Item>,
): ReadonlyArray<Item> => {
  const router = useRouter()
  return items.filter((item) => routeStatusAt(router, item.href) === 'built')
}
