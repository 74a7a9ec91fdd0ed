import { createRootRouteWithContext } from '@tanstack/react-router'
import { AppShell } from '../layouts/AppShell.tsx'
import { NotFound } from '../layouts/NotFound.tsx'
import type { RouterContext } from './guards.ts'
import { layoutMeta } from './staticData.ts'

/** Each tree needs its own root route object; both render the same shell. */
export const createAppRootRoute = () =>
  createRootRouteWithContext<RouterContext>()({
    staticData: layoutMeta('root'),
    component: AppShell,
    notFoundComponent: NotFound,
  })

export type AppRootRoute = ReturnType<typeof createAppRootRoute>
