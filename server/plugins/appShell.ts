import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { makeProblem, sendProblem } from '../http/problem.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with the web app's index.html (or a 503 problem when the app is not built). */
    serveAppShell(reply: FastifyReply): Promise<FastifyReply>
  }
}

const noCacheFiles = new Set(['index.html', 'sw.js'])

const cacheControlFor = (relativePath: string): string =>
  // Vite puts content-hashed files under assets/: a changed file gets a new name.
  relativePath.startsWith('assets/')
    ? 'public, max-age=31536000, immutable'
    : noCacheFiles.has(relativePath)
      ? 'no-cache'
      : 'public, max-age=3600'

/** Serves the built SPA from STATIC_DIR with cache headers suited to hashed and unhashed files. */
export const appShellPlugin = fp(
  async (app) => {
    const root = resolve(app.config.STATIC_DIR)
    const built = existsSync(root)
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: true,
        // The build writes each text file's .br and .gz (src/build/precompressAssets.ts): sent as they are, and the
        // compression plugin passes an answer that already has a Content-Encoding through.
        preCompressed: true,
        cacheControl: false,
        // Nothing the app needs starts with a dot; the build's own stamp (src/build/buildIfChanged.ts) stays private.
        dotfiles: 'ignore',
        setHeaders: (reply, filePath) => {
          // A compressed copy is cached as the file it stands for (index.html.br as index.html: revalidated).
          const relativePath = filePath
            .slice(root.length + 1)
            .replaceAll('\\', '/')
            .replace(/\.(?:br|gz)$/, '')
          reply.header('cache-control', cacheControlFor(relativePath))
        },
      })
    } else {
      app.log.warn({ staticDir: root }, 'web app not built: run `npm run build`; the API still runs')
    }
    // Browsers and crawlers ask for /favicon.ico whatever the page declares; the one icon is the SVG.
    app.get('/favicon.ico', async (_request, reply) => reply.redirect('/favicon.svg', 301))
    app.decorate('serveAppShell', async (reply: FastifyReply) => {
      // Checked per request: a build removed while the server runs answers 503, not 500.
      if (!built || !existsSync(join(root, 'index.html'))) {
        return sendProblem(
          reply,
          makeProblem(503, 'app_not_built', `The web app is not built in ${root}. Run \`npm run build\`.`),
          { 'retry-after': '60' },
        )
      }
      return reply.sendFile('index.html', root)
    })
  },
  { name: 'koperta-app-shell', dependencies: ['koperta-config'] },
)
