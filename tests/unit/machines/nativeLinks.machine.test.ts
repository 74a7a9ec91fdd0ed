import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  type NativeLinksPort,
  nativeLinksMachine,
  toPathAndQuery,
} from '../../../machines/nativeLinks/index.ts'

/** A fake of Capacitor's appUrlOpen event source and the router's navigate. */
const fakeShell = () => {
  const listeners = new Set<(url: string) => void>()
  const navigated: string[] = []
  const port: NativeLinksPort = {
    onUrlOpen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    navigate: (pathAndQuery) => navigated.push(pathAndQuery),
  }
  const open = (url: string) => {
    for (const listener of listeners) listener(url)
  }
  return { port, navigated, open, listening: () => listeners.size }
}

const start = () => {
  const shell = fakeShell()
  const actor = createActor(nativeLinksMachine, { input: { port: shell.port } }).start()
  return { shell, actor }
}

describe('toPathAndQuery', () => {
  it.each([
    ['pl.koperta.app://open/budget/b1/period/202611?from=mail#x', '/budget/b1/period/202611?from=mail'],
    ['https://koperta.example/settings/subscription?paid=1', '/settings/subscription?paid=1'],
    ['https://koperta.example', '/'],
  ])('%s → %s', (url, expected) => {
    expect(toPathAndQuery(url)).toBe(expected)
  })

  it('ignores text that is not a URL', () => {
    expect(toPathAndQuery('not a url')).toBeNull()
  })
})

describe('native URL open', () => {
  it('waits for the router, then follows the latest URL once', () => {
    const { shell, actor } = start()
    shell.open('https://koperta.example/budgets')
    shell.open('https://koperta.example/settings?tab=2')
    expect(shell.navigated).toEqual([])
    actor.send({ type: 'router.ready' })
    expect(shell.navigated).toEqual(['/settings?tab=2'])
    actor.send({ type: 'dialog.closed' })
    expect(shell.navigated).toHaveLength(1)
  })

  it('follows a URL at once when the router is ready and no dialog is open', () => {
    const { shell, actor } = start()
    actor.send({ type: 'router.ready' })
    shell.open('https://koperta.example/budget/b1')
    expect(shell.navigated).toEqual(['/budget/b1'])
  })

  it('waits until an open dialog closes', () => {
    const { shell, actor } = start()
    actor.send({ type: 'router.ready' })
    actor.send({ type: 'dialog.opened' })
    shell.open('https://koperta.example/budget/b1')
    expect(shell.navigated).toEqual([])
    actor.send({ type: 'dialog.closed' })
    expect(shell.navigated).toEqual(['/budget/b1'])
  })

  it('remembers a dialog opened before the router was ready', () => {
    const { shell, actor } = start()
    actor.send({ type: 'dialog.opened' })
    shell.open('https://koperta.example/budget/b1')
    actor.send({ type: 'router.ready' })
    expect(shell.navigated).toEqual([])
    actor.send({ type: 'dialog.closed' })
    expect(shell.navigated).toEqual(['/budget/b1'])
  })

  it('stops listening when stopped', () => {
    const { shell, actor } = start()
    expect(shell.listening()).toBe(1)
    actor.stop()
    expect(shell.listening()).toBe(0)
  })
})
