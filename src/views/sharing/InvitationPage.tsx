import './sharing.css'
import './texts.ts'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Button, Link } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type InvitationRefusal,
  selectAcceptFailed,
  selectInvitationStatus,
  selectJoinedBudget,
  selectPreview,
  selectRefusal,
} from '../../../machines/sharing/index.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { useDateFormat, useInvitationActor } from './useSharing.ts'

/** Links that can no longer be used: the inviter can send a new one. */
const ASK_AGAIN: ReadonlySet<InvitationRefusal> = new Set([
  'invitation_used',
  'invitation_expired',
  'invitation_revoked',
  'invitation_not_found',
])

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
      {(status === 'asking' || status === 'accepting') && preview !== null ? (
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
          <div className="sharing__actions">
            <Button
              className="button button--primary"
              isPending={status === 'accepting'}
              onPress={() => actor.send({ type: 'invitation.accept' })}
            >
              {status === 'accepting' ? t('sharing.invitation.accepting') : t('sharing.invitation.accept')}
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
