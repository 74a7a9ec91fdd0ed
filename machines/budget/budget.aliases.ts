import * as Result from 'effect/Result'
import { decide } from '../../domain/decide.ts'
import type { BudgetState } from '../../domain/state.ts'
import type { BudgetCommand } from '../../schemas/budget-commands.ts'
import type { BudgetEvent } from '../../schemas/budget-events.ts'
import type { SequencedEvent } from './budget.port.ts'

/** Optimistic id → the id the server gave the same entity. */
export type IdAliases = ReadonlyMap<string, string>

const isIdKey = (key: string) => key === 'id' || key.endsWith('Id')

const pairIds = (local: unknown, server: unknown, key: string, out: Map<string, string>) => {
  if (typeof local === 'string' && typeof server === 'string') {
    if (local !== server && isIdKey(key)) out.set(local, server)
    return
  }
  if (Array.isArray(local) && Array.isArray(server)) {
    for (const [index, item] of local.entries()) pairIds(item, server[index], key, out)
    return
  }
  if (local !== null && server !== null && typeof local === 'object' && typeof server === 'object') {
    const serverFields = new Map(Object.entries(server))
    for (const [field, value] of Object.entries(local)) pairIds(value, serverFields.get(field), field, out)
  }
}

/**
 * The server mints the ids of what a command creates (a transaction, a category), so the confirmed events can
 * name an entity differently from the optimistic ones. Walking both event lists side by side pairs the ids.
 */
export const aliasesFor = (
  command: BudgetCommand,
  before: BudgetState,
  confirmed: ReadonlyArray<SequencedEvent>,
): IdAliases => {
  const local = decide(command, before)
  const aliases = new Map<string, string>()
  if (Result.isFailure(local)) return aliases
  const server: BudgetEvent[] = confirmed
    .filter((item) => item.commandId === command.commandId)
    .map((item) => item.event)
  for (const [index, event] of local.success.entries()) {
    const match = server[index]
    if (match && match._tag === event._tag) pairIds(event, match, '', aliases)
  }
  return aliases
}

const replaceIds = (value: unknown, aliases: IdAliases): unknown => {
  if (typeof value === 'string') return aliases.get(value) ?? value
  if (Array.isArray(value)) return value.map((item) => replaceIds(item, aliases))
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceIds(item, aliases)]))
  return value
}

/** The command with every optimistic id replaced by the server's; the shape is unchanged. */
export const withAliases = <T extends object>(command: T, aliases: IdAliases): T =>
  // replaceIds swaps string leaves only, so the result has T's shape; the brands hold for server ids too.
  aliases.size === 0 ? command : (replaceIds(command, aliases) as T)

export const mergeAliases = (current: IdAliases, added: IdAliases): IdAliases =>
  added.size === 0 ? current : new Map([...current, ...added])
