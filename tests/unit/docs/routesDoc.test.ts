import { readFileSync } from 'node:fs'
import type { AnyRoute } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { desktopRouteTree } from '../../../src/router/desktopRoutes.ts'
import { mobileRouteTree } from '../../../src/router/mobileRoutes.ts'

type Row = { readonly name: string; readonly path: string; readonly status: 'built' | 'notAvailable' }

/** Every route with a view under `route`, its full path joined from its parents' (pathless layouts add none). */
const routesOf = (route: AnyRoute, parentPath = ''): Row[] => {
  // Pathless layout routes declare an id instead of a path.
  const options = route.options
  const own =
    options !== undefined && 'path' in options && typeof options.path === 'string' ? options.path : undefined
  const path = own === undefined ? parentPath : `${parentPath.replace(/\/$/u, '')}/${own.replace(/^\//u, '')}`
  const children: AnyRoute[] = Object.values(route.children ?? {})
  const meta = route.options?.staticData
  const row: Row[] =
    meta === undefined || meta.kind === 'layout' ? [] : [{ name: meta.name, path, status: meta.status }]
  return [...row, ...children.flatMap((child) => routesOf(child, path))]
}

/** The rows of the table under the `## {heading}` section of docs/routes.md. */
const documented = (markdown: string, heading: string): Row[] => {
  const section = markdown.split(/^## /mu).find((part) => part.startsWith(heading)) ?? ''
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| name') && !line.startsWith('| ---'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim())
      const status = cells.at(-2) ?? ''
      return {
        name: cells[1] ?? '',
        path: (cells[2] ?? '').replaceAll('`', ''),
        status: status === 'built' ? ('built' as const) : ('notAvailable' as const),
      }
    })
}

const byName = (rows: Row[]) =>
  [...rows].sort((a, b) => `${a.name}${a.path}`.localeCompare(`${b.name}${b.path}`))

describe('docs/routes.md', () => {
  const markdown = readFileSync('docs/routes.md', 'utf8')
  const shared = documented(markdown, 'Shared routes')
  it.each([
    ['Desktop tree', desktopRouteTree],
    ['Mobile tree', mobileRouteTree],
  ] as const)('lists every route of the %s with its path and whether it is built', (heading, tree) => {
    expect(byName([...shared, ...documented(markdown, heading)])).toEqual(byName(routesOf(tree)))
  })
})
