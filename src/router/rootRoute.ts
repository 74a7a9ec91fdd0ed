import { createRootRouteWithContext, redirect } from '@tanstack/react-router'
import { AppShell } from '../layouts/AppShell.tsx'
import { NotFound } from '../layouts/NotFound.tsx'
import { equivalentAddress } from './equivalentAddress.ts'
import type { RouterContext } from './guards.ts'
import { currentPeriodKey } from './periodKey.ts'
import { layoutMeta } from './staticData.ts'

/** Each tree needs its own root route object; both render the same shell. */
export const createAppRootRoute = () =>
  createRootRouteWithContext<RouterContext>()({
    staticData: layoutMeta('root'),
    // An address of the other device's routes lands on this device's screen of the same thing, before any guard.
    beforeLoad: ({ context, location }) => {
      const href = equivalentAddress(context.device, location, currentPeriodKey(new Date(context.now())))
      if (href !== null) throw redirect({ href, replace: true })
    },
    component: AppShell,
    notFoundComponent: NotFound,
  })

export type AppRootRoute = ReturnType<typeof createAppRootRoute>
