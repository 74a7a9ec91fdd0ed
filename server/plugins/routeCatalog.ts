import fp from 'fastify-plugin'
import type { AnyRoute } from '../http/route.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route mounted through `registerRoute`, by any plugin: what the OpenAPI document describes. */
    readonly routeCatalog: AnyRoute[]
  }
}

export const routeCatalogPlugin = fp(
  async (app) => {
    app.decorate('routeCatalog', [])
  },
  { name: 'koperta-route-catalog' },
)
