import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import type { PresentMember } from '../../machines/presence/presence.port.ts'
import { selectPresentMembers } from '../../machines/presence/presence.selectors.ts'
import { useShownPresence } from './openBudgetAccess.ts'

/** Wide headers show this many faces, then "+n"; narrow ones (CSS, ≤ 480 px) one face, then "+n". */
const SHOWN_WIDE = 3
const SHOWN_NARROW = 1

const NOBODY: ReadonlyArray<PresentMember> = []

/** Up to two letters: the first of the first two words of a name, or of an address's local part. */
export const initialsOf = (name: string): string => {
  const words =
    name
      .split('@')[0]
      ?.split(/[\s._-]+/u)
      .filter((word) => word.length > 0) ?? []
  const letters = words.slice(0, 2).map((word) => [...word][0]?.toLocaleUpperCase() ?? '')
  return letters.join('') || '?'
}

/** Who else has this budget open now: initials in the header, their names in the label (nothing when alone). */
export const PresenceBadges = () => {
  const { t } = useTranslation()
  const presence = useShownPresence()
  const members = useSelector(presence, (snapshot) =>
    snapshot === undefined ? NOBODY : selectPresentMembers(snapshot),
  )
  if (members.length === 0) return null
  const names = members.map((member) => member.displayName ?? t('budgetAccess.presence.someone'))
  const label = t('budgetAccess.presence.label', { names: names.join(', ') })
  return (
    <div className="presence" role="img" aria-label={label} title={label} data-testid="presence">
      {members.map((member, index) => (
        <span
          key={member.userId}
          className="presence__badge"
          data-narrow-hidden={index >= SHOWN_NARROW || undefined}
          data-wide-hidden={index >= SHOWN_WIDE || undefined}
          aria-hidden="true"
        >
          {initialsOf(names[index] ?? '')}
        </span>
      ))}
      {members.length > SHOWN_WIDE ? (
        <span className="presence__more presence__more--wide" aria-hidden="true">
          {t('budgetAccess.presence.more', { n: members.length - SHOWN_WIDE })}
        </span>
      ) : null}
      {members.length > SHOWN_NARROW ? (
        <span className="presence__more presence__more--narrow" aria-hidden="true">
          {t('budgetAccess.presence.more', { n: members.length - SHOWN_NARROW })}
        </span>
      ) : null}
    </div>
  )
}
