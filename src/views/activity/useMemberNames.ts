import { useEffect, useState } from 'react'
import type { ActivityMember } from '../../../machines/activity/index.ts'
import { UserId } from '../../../schemas/ids.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { readActorName, readMemberNames } from '../../api/activity.ts'

/** How long a budget's members are trusted before they are read again (a member may join or leave meanwhile). */
const FRESH_MS = 60_000

const cache = new Map<
  string,
  { readonly at: number; readonly members: Promise<ReadonlyArray<ActivityMember>> }
>()

/** Former members' names (null: the account is gone) by budget and user; they do not change while a page is open. */
const formerNames = new Map<string, Promise<string | null>>()

export const withFormer = async (
  loadApi: ReturnType<typeof useLoadApi>,
  budgetId: string,
  members: ReadonlyArray<ActivityMember>,
  authors: ReadonlyArray<string>,
): Promise<ReadonlyArray<ActivityMember>> => {
  const known = new Set<string>(members.map((member) => member.userId))
  const former = [...new Set(authors)].filter((author) => !known.has(author))
  const named = await Promise.all(
    former.map(async (userId) => {
      const key = `${budgetId} ${userId}`
      const read = formerNames.get(key) ?? readActorName(loadApi, budgetId, userId)
      formerNames.set(key, read)
      const name = await read.catch(() => {
        formerNames.delete(key)
        return null
      })
      return name === null ? [] : [{ userId: UserId.make(userId), name }]
    }),
  )
  return [...members, ...named.flat()]
}

/**
 * The budget's members by name, for the lists that show who did something (assignment history, register): read once
 * a minute at most, shared by every list open; null until read or when they cannot be (the lists then say "you" or
 * "a collaborator" as before). `authors` who are no longer members are named too, as the server's activity feed
 * names them (their account's name; a deleted account stays "former member").
 */
export const useMemberNames = (
  budgetId: string | null,
  authors: ReadonlyArray<string> = [],
): ReadonlyArray<ActivityMember> | null => {
  const loadApi = useLoadApi()
  const [members, setMembers] = useState<ReadonlyArray<ActivityMember> | null>(null)
  const authorsKey = [...new Set(authors)].sort().join(' ')
  useEffect(() => {
    if (budgetId === null) return
    let current = true
    const known = cache.get(budgetId)
    const entry =
      known !== undefined && Date.now() - known.at < FRESH_MS
        ? known
        : { at: Date.now(), members: readMemberNames(loadApi, budgetId) }
    cache.set(budgetId, entry)
    entry.members
      .then((read) => withFormer(loadApi, budgetId, read, authorsKey === '' ? [] : authorsKey.split(' ')))
      .then(
        (read) => {
          if (current) setMembers(read)
        },
        () => {
          // Unnamed rather than broken; the next list opened asks again.
          cache.delete(budgetId)
        },
      )
    return () => {
      current = false
    }
  }, [budgetId, loadApi, authorsKey])
  return members
}

/**
 * A member's name (a former member's too once read); "former member" for an author not named (a deleted account);
 * null when the members are not known.
 */
export const memberName = (
  members: ReadonlyArray<ActivityMember> | null,
  userId: string,
  formerMember: string,
): string | null => {
  if (members === null || members.length === 0) return null
  const member = members.find((candidate) => candidate.userId === userId)
  return member === undefined ? formerMember : (member.name ?? formerMember)
}
