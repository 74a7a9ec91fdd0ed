import { useEffect, useState } from 'react'
import type { ActivityMember } from '../../../machines/activity/index.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { readMemberNames } from '../../api/activity.ts'

/** How long a budget's members are trusted before they are read again (a member may join or leave meanwhile). */
const FRESH_MS = 60_000

const cache = new Map<
  string,
  { readonly at: number; readonly members: Promise<ReadonlyArray<ActivityMember>> }
>()

/**
 * The budget's members by name, for the lists that show who did something (assignment history, register): read once
 * a minute at most, shared by every list open; null until read or when they cannot be (the lists then say "you" or
 * "a collaborator" as before).
 */
export const useMemberNames = (budgetId: string | null): ReadonlyArray<ActivityMember> | null => {
  const loadApi = useLoadApi()
  const [members, setMembers] = useState<ReadonlyArray<ActivityMember> | null>(null)
  useEffect(() => {
    if (budgetId === null) return
    let current = true
    const known = cache.get(budgetId)
    const entry =
      known !== undefined && Date.now() - known.at < FRESH_MS
        ? known
        : { at: Date.now(), members: readMemberNames(loadApi, budgetId) }
    cache.set(budgetId, entry)
    entry.members.then(
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
  }, [budgetId, loadApi])
  return members
}

/** A member's name; "former member" for an author no longer in the budget; null when the members are not known. */
export const memberName = (
  members: ReadonlyArray<ActivityMember> | null,
  userId: string,
  formerMember: string,
): string | null => {
  if (members === null || members.length === 0) return null
  const member = members.find((candidate) => candidate.userId === userId)
  return member === undefined ? formerMember : member.name
}
