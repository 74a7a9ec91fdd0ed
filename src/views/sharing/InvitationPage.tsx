import './sharing.css'
import './texts.ts'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectIsSignedIn } from '../../../machines/session/index.ts'
import {
  type InvitationRefusal,
  selectAcceptFailed,
  selectInvitationStatus,
  selectJoinedBudget,
  selectPreview,
  selectRefusal,
} from '../../../machines/sharing/index.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAuth } from '../../auth/AuthContext.tsx'
import { useProviderPages } from '../../auth/useProviderPages.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { DisplayNameField, useProfileName } from '../settings/DisplayNameSection.tsx'
import { saveDisplayName } from '../settings/profileApi.ts'
import { useDateFormat, useInvitationActor } from './useSharing.ts'

/** Links that can no longer be used: the inviter can send a new one. */
const ASK_AGAIN: ReadonlySet<InvitationRefusal> = new Set([
  'invitation_used',
  'invitation_expired',
  'invitation_revoked',
  'invitation_not_found',
])

/**
 * Before joining, the person may say how the others will see them (optional, prefilled with their current name).
 * Saving it first means the owner's members list already shows the name when the new member appears.
 */
function JoinName({ onChange }: { readonly onChange: (name: string | null) => void }) {
  const { profile } = useProfileName()
  const [name, setName] = useState<string | null>(null)
  if (typeof profile !== 'object') return null
  const value = name ?? profile.displayName ?? ''
  return (
    <DisplayNameField
      value={value}
      onChange={(next) => {
        setName(next)
        onChange(next === (profile.displayName ?? '') ? null : next)
      }}
      email={profile.email}
      optional
    />
  )
}

/**
 * `/invitation/{token}` on both route trees (signed in by the route's guard): the budget's name, who invited and
 * the access offered, then "Dołącz do budżetu" and into the budget. A link that cannot be used says why, with a
 * way on.
 */
export function InvitationPage({ token }: { readonly token: string }) {
  const { t } = useTranslation()
  const device = useDevice()
  const navigate = useNavigate()
  const actor = useInvitationActor(token)
  const status = useSelector(actor, selectInvitationStatus)
  const preview = useSelector(actor, selectPreview)
  const refusal = useSelector(actor, selectRefusal)
  const budgetId = useSelector(actor, selectJoinedBudget)
  const failed = useSelector(actor, selectAcceptFailed)
  const date = useDateFormat()
  const { session } = useAuth()
  const signedIn = useSelector(session, selectIsSignedIn)
  const loadApi = useLoadApi()
  // The name typed before joining; null: unchanged.
  const [newName, setNewName] = useState<string | null>(null)
  const [naming, setNaming] = useState(false)
  const join = async () => {
    if (newName !== null) {
      setNaming(true)
      // A name that could not be saved does not stop the joining: it can be changed in the members list later.
      await saveDisplayName(loadApi, newName).catch(() => undefined)
      setNaming(false)
    }
    actor.send({ type: 'invitation.accept' })
  }
  // Back to this very link after signing in or registering.
  const here = paths.invitation(token)
  const signIn = () => session.send({ type: 'session.signIn', returnTo: here })
  const pages = useProviderPages(here)
  const register = pages === 'loading' ? null : pages.register
  useEffect(() => {
    if (status === 'joined' && budgetId !== null)
      void navigate({ href: paths.budget(budgetId), replace: true })
  }, [status, budgetId, navigate])
  const budgetsList = (
    <Link className="button button--quiet" href={paths.budgetsList(device)}>
      {t('sharing.invitation.toBudgets')}
    </Link>
  )

  return (
    // The shell titles the page (routes.invitation).
    <div className="invitation">
      {status === 'previewing' || status === 'joined' ? (
        <p role="status">{t('sharing.invitation.loading')}</p>
      ) : null}
      {status === 'unreadable' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('sharing.invitation.unreadable')}</p>
          <div className="sharing__actions">
            <Button className="button" onPress={() => actor.send({ type: 'invitation.retry' })}>
              {t('sharing.invitation.retry')}
            </Button>
            {budgetsList}
          </div>
        </div>
      ) : null}
      {!signedIn && status === 'asking' && preview !== null ? (
        <div className="invitation__landing">
          <p className="invitation__lead">
            {preview.invitedByName === null
              ? t('sharing.invitation.signedOutAnonymous', { budget: preview.budgetName })
              : t('sharing.invitation.signedOut', {
                  name: preview.invitedByName,
                  budget: preview.budgetName,
                })}
          </p>
          <p>
            {t(`sharing.access.${preview.access}`)}
            {' — '}
            {t(`sharing.access.${preview.access}Help`)}
          </p>
          <p className="sharing__meta">{t('sharing.invitation.signedOutHint')}</p>
          <div className="sharing__actions">
            <Button className="button button--primary" onPress={signIn}>
              {t('sharing.invitation.signIn')}
            </Button>
            {register === null ? (
              // No registration page of ours (an external provider): its sign-in page offers one, if any.
              <Button className="button" onPress={signIn}>
                {t('sharing.invitation.register')}
              </Button>
            ) : (
              // The provider's page, outside the app's router; its callback signs in and returns here.
              <a className="button" href={register}>
                {t('sharing.invitation.register')}
              </a>
            )}
          </div>
        </div>
      ) : null}
      {signedIn && (status === 'asking' || status === 'accepting') && preview !== null ? (
        <>
          <p>
            {preview.invitedByName === null
              ? t('sharing.invitation.invited')
              : t('sharing.invitation.invitedBy', { name: preview.invitedByName })}
          </p>
          <dl className="invitation__facts">
            <dt>{t('sharing.invitation.budget')}</dt>
            <dd>{preview.budgetName}</dd>
            <dt>{t('sharing.invitation.access')}</dt>
            <dd>
              {t(`sharing.access.${preview.access}`)}
              <span className="sharing__meta">{t(`sharing.access.${preview.access}Help`)}</span>
            </dd>
            <dt>{t('sharing.invitation.expires')}</dt>
            <dd>{date(preview.expiresAt)}</dd>
          </dl>
          {failed ? (
            <p className="notice notice--error" role="alert">
              {t('sharing.invitation.acceptFailed')}
            </p>
          ) : null}
          <JoinName onChange={setNewName} />
          <div className="sharing__actions">
            <Button
              className="button button--primary"
              isPending={status === 'accepting' || naming}
              onPress={() => void join()}
            >
              {status === 'accepting' || naming
                ? t('sharing.invitation.accepting')
                : t('sharing.invitation.accept')}
            </Button>
          </div>
        </>
      ) : null}
      {status === 'refused' && refusal !== null ? (
        <div className="notice notice--error" role="alert">
          <p className="notice__title">{t(`sharing.invitation.refusal.${refusal}`)}</p>
          {ASK_AGAIN.has(refusal) ? <p>{t('sharing.invitation.askAgain')}</p> : null}
          <div className="sharing__actions">
            {refusal === 'already_member' && budgetId !== null ? (
              <Link className="button button--primary" href={paths.budget(budgetId)}>
                {t('sharing.invitation.openBudget')}
              </Link>
            ) : null}
            {budgetsList}
          </div>
        </div>
      ) : null}
    </div>
  )
}
