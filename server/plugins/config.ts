import fp from 'fastify-plugin'
import type { Config } from '../config.ts'

declare module 'fastify' {
  interface FastifyInstance {
    readonly config: Config
  }
}

/** Makes the decoded configuration available to every later plugin and route. */
export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config)
  },
  { name: 'koperta-config' },
)
