/** Route metadata every route declares (TanStack `staticData`), typed by module augmentation below. */
export type RouteLayout = 'default' | 'empty'

/** `built`: the view works; `notAvailable`: a later issue builds it and the route shows the shared placeholder. */
export type RouteStatus = 'built' | 'notAvailable'

export type RouteMeta = {
  /** Stable route name from SPEC §2 (e.g. 'budgetImport'); also the i18n key of its header: routes.<name>. */
  readonly name: string
  readonly layout: RouteLayout
  /** i18n key of the page header. */
  readonly headerKey: string
  readonly noSidePanel: boolean
  readonly status: RouteStatus
  /** 'dialog' renders as a modal over its parent view; 'layout' only groups and guards children. */
  readonly kind: RouteKind
}

export type RouteKind = 'page' | 'dialog' | 'layout'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption extends RouteMeta {}
}

type MetaOptions = Partial<Omit<RouteMeta, 'name' | 'headerKey'>> & { readonly headerKey?: string }

/** Defaults: default layout with side panel, not available yet, header `routes.<name>`. */
export const meta = (name: string, options: MetaOptions = {}): RouteMeta => ({
  name,
  layout: options.layout ?? 'default',
  headerKey: options.headerKey ?? `routes.${name}`,
  noSidePanel: options.noSidePanel ?? false,
  status: options.status ?? 'notAvailable',
  kind: options.kind ?? 'page',
})

/** For layout-only routes (no view of their own); their children's metadata is what the shell shows. */
export const layoutMeta = (name: string): RouteMeta => meta(name, { status: 'built', kind: 'layout' })
