import type { ActivityMember } from '../../../machines/activity/index.ts'

/** What a row shows of its author: a short name (a phone's line) and the whole phrase (wide rows, titles). */
export type AuthorLabel = { readonly short: string; readonly line: string }

export type AuthorTexts = {
  /** "Ty": the signed-in member, short. */
  readonly you: string
  /** The phrase for the signed-in member ("Wprowadzone przez Ciebie"). */
  readonly lineYou: string
  /** "były członek": an author no longer in the budget. */
  readonly former: string
  /** A member whose name could not be read. */
  readonly member: string
  /** The phrase for anyone else ("Wprowadzone przez: Ola"). */
  readonly line: (name: string) => string
}

/**
 * Who entered (or last changed) a transaction, as its row says it; null when rows show no author: the budget has
 * one member (or its members are not known yet), or the transaction predates authorship. A member without a
 * display name goes by the e-mail the list answers (`name`), one whose name is unknown by `member`, a former
 * one by `former`.
 */
/** A phone's row has room for 'kasia', not 'kasia@example.com': an address goes by the part before its '@'. */
const shortName = (name: string): string => {
  const at = name.indexOf('@')
  return at > 0 ? name.slice(0, at) : name
}

export const authorLabeller = (
  members: ReadonlyArray<ActivityMember> | null,
  me: string | null,
  texts: AuthorTexts,
): ((enteredBy: string | null | undefined) => AuthorLabel | null) | null => {
  if (members === null || members.length < 2) return null
  const names = new Map(members.map((member) => [member.userId as string, member.name]))
  return (enteredBy) => {
    if (enteredBy === null || enteredBy === undefined) return null
    if (enteredBy === me) return { short: texts.you, line: texts.lineYou }
    const name = names.has(enteredBy) ? (names.get(enteredBy) ?? texts.member) : texts.former
    return { short: shortName(name), line: texts.line(name) }
  }
}
