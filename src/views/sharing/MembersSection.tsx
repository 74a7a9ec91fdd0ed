import '../../components/dialog/form.css'
import './sharing.css'
import './texts.ts'
import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import type { TFunction } from 'i18next'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import {
  Button,
  Dialog,
  Form,
  Heading,
  Input,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  Text,
  TextField,
} from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import {
  type CreatedInvitation,
  type Member,
  type MembersFailure,
  type PendingInvitation,
  selectConfirming,
  selectCreatedInvitation,
  selectInvitations,
  selectIsBusy,
  selectIsOwner,
  selectMe,
  selectMembers,
  selectMembersFailure,
  selectMembersStatus,
  selectWriting,
} from '../../../machines/sharing/index.ts'
import type { BudgetAccess } from '../../../schemas/budget.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { paths } from '../../router/paths.ts'
import { DisplayNameForm, useProfileName } from '../settings/DisplayNameSection.tsx'
import { type MembersRef, useDateFormat, useMembersActor } from './useSharing.ts'

const KNOWN_FAILURES: ReadonlySet<string> = new Set([
  'invalid_email',
  'already_member',
  'sole_owner',
  'owner_access',
  'owner_only',
  'read_only',
])

/** What went wrong, in the person's language: the server's reason when it gave one the screen knows. */
export const failureText = (t: TFunction, failure: MembersFailure): string => {
  if (failure.code !== null && KNOWN_FAILURES.has(failure.code)) return t(`sharing.failure.${failure.code}`)
  if (failure.status === 404) return t('sharing.failure.not_found')
  return t('sharing.failure.other')
}

/** The name a member goes by: their display name (the server answers the e-mail until one is set). */
export const memberName = (member: Member): string => member.displayName ?? member.email ?? member.userId

/**
 * On one's own row: the name the others see, changed in place (the same form as in Ustawienia). The members list is
 * read again after a save so the row shows the new name.
 */
function SeenAs({ actor, shown }: { readonly actor: MembersRef; readonly shown: string }) {
  const { t } = useTranslation()
  const { profile, setProfile } = useProfileName()
  const [editing, setEditing] = useState(false)
  const renameRef = useRef<HTMLButtonElement>(null)
  const close = () => {
    setEditing(false)
    // Back where the person was, not at the top of the page.
    requestAnimationFrame(() => renameRef.current?.focus())
  }
  if (editing && typeof profile === 'object')
    return (
      <div className="sharing__rename">
        <DisplayNameForm
          profile={profile}
          onSaved={(saved) => {
            setProfile(saved)
            actor.send({ type: 'sharing.refresh' })
            close()
          }}
          onCancel={close}
        />
      </div>
    )
  return (
    <span className="sharing__seen-as">
      <span>{t('sharing.members.seenAs', { name: shown })}</span>
      <Button
        ref={renameRef}
        className="button button--quiet sharing__rename-button"
        isDisabled={typeof profile !== 'object'}
        onPress={() => setEditing(true)}
      >
        {t('sharing.members.rename')}
      </Button>
    </span>
  )
}

const roleKey = (member: Member) =>
  member.role === 'Owner' ? 'Owner' : member.access === 'Edit' ? 'GuestEdit' : 'GuestRead'

function MemberRow({
  actor,
  member,
  manage,
  mine,
  busy,
}: {
  readonly actor: MembersRef
  readonly member: Member
  /** The caller owns the budget and this row is a guest's. */
  readonly manage: boolean
  readonly mine: boolean
  readonly busy: boolean
}) {
  const { t } = useTranslation()
  const date = useDateFormat()
  const dateTime = useDateFormat(true)
  const name = memberName(member)
  const other: BudgetAccess = member.access === 'Edit' ? 'Read' : 'Edit'
  return (
    <li className="sharing__row">
      <div className="sharing__who">
        <span className="sharing__name">
          {name}
          {mine ? <span className="sharing__you">{t('sharing.members.you')}</span> : null}
        </span>
        {member.email !== null && member.email !== name ? (
          <span className="sharing__meta">{member.email}</span>
        ) : null}
        <span className="sharing__role">{t(`sharing.members.role.${roleKey(member)}`)}</span>
        {mine ? <SeenAs actor={actor} shown={name} /> : null}
        <span className="sharing__meta sharing__dates">
          <span>{t('sharing.members.since', { date: date(member.since) })}</span>
          <span>
            {member.lastActiveAt === null
              ? t('sharing.members.neverActive')
              : t('sharing.members.lastActive', { date: dateTime(member.lastActiveAt) })}
          </span>
        </span>
      </div>
      {manage ? (
        <div className="sharing__actions">
          <Button
            className="button button--quiet"
            isDisabled={busy}
            aria-label={`${t(`sharing.members.make${other}`)}: ${name}`}
            onPress={() => actor.send({ type: 'sharing.access', userId: member.userId, access: other })}
          >
            {t(`sharing.members.make${other}`)}
          </Button>
          <Button
            className="button button--quiet"
            isDisabled={busy}
            aria-label={t('sharing.members.handOverLabel', { name })}
            onPress={() => actor.send({ type: 'sharing.handOver', userId: member.userId })}
          >
            {t('sharing.members.handOver')}
          </Button>
          <Button
            className="button button--danger"
            isDisabled={busy}
            aria-label={t('sharing.members.removeLabel', { name })}
            onPress={() => actor.send({ type: 'sharing.remove', userId: member.userId })}
          >
            {t('sharing.members.remove')}
          </Button>
        </div>
      ) : null}
      {mine && member.role === 'Owner' ? (
        <p className="sharing__meta sharing__owner-leave">{t('sharing.members.ownerLeave')}</p>
      ) : null}
      {mine && member.role === 'Guest' ? (
        <div className="sharing__actions">
          <Button
            className="button button--danger"
            isDisabled={busy}
            onPress={() => actor.send({ type: 'sharing.leave' })}
          >
            {t('sharing.members.leave')}
          </Button>
        </div>
      ) : null}
    </li>
  )
}

function InviteForm({ actor }: { readonly actor: MembersRef }) {
  const { t } = useTranslation()
  const [email, setEmail] = useState('')
  const [access, setAccess] = useState<BudgetAccess>('Edit')
  const writing = useSelector(actor, selectWriting)
  const busy = useSelector(actor, selectIsBusy)
  const created = useSelector(actor, selectCreatedInvitation)
  const failure = useSelector(actor, selectMembersFailure)
  const headingId = useId()
  // A made invitation empties the form for the next one.
  useEffect(() => {
    if (created !== null) setEmail('')
  }, [created])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    actor.send({ type: 'sharing.invite', email, access })
  }
  const invalid = failure?.during === 'invite' && failure.code === 'invalid_email'
  return (
    <Form className="sharing__invite" onSubmit={submit} validationBehavior="aria" aria-labelledby={headingId}>
      <h3 id={headingId} className="sharing__subtitle">
        {t('sharing.invite.title')}
      </h3>
      <TextField
        className="field sharing__email"
        value={email}
        onChange={setEmail}
        type="email"
        isInvalid={invalid}
      >
        <Label>{t('sharing.invite.email')}</Label>
        <Input className="field__input" autoComplete="off" inputMode="email" />
        <Text slot="description" className="sharing__meta">
          {t('sharing.invite.emailHelp')}
        </Text>
      </TextField>
      <RadioGroup
        className="sharing__access"
        value={access}
        onChange={(value) => setAccess(value === 'Read' ? 'Read' : 'Edit')}
      >
        <Label className="sharing__label">{t('sharing.invite.access')}</Label>
        {(['Edit', 'Read'] as const).map((choice) => (
          <Radio key={choice} value={choice} className="sharing__choice">
            <span className="sharing__choice-label">{t(`sharing.access.${choice}`)}</span>
            <span className="sharing__meta">{t(`sharing.access.${choice}Help`)}</span>
          </Radio>
        ))}
      </RadioGroup>
      <div className="sharing__actions">
        <Button
          type="submit"
          className="button button--primary"
          isPending={writing?.kind === 'invite'}
          isDisabled={busy && writing?.kind !== 'invite'}
        >
          {writing?.kind === 'invite' ? t('sharing.invite.sending') : t('sharing.invite.submit')}
        </Button>
      </div>
    </Form>
  )
}

function CreatedLink({
  actor,
  created,
}: {
  readonly actor: MembersRef
  readonly created: CreatedInvitation
}) {
  const { t } = useTranslation()
  const date = useDateFormat()
  const [copied, setCopied] = useState<'copied' | 'copyFailed' | null>(null)
  const panelRef = useRef<HTMLElement>(null)
  // A new link is what the person came for: on a phone it opens below the fold, under the success toast.
  useEffect(() => {
    void created.id
    const panel = panelRef.current
    if (panel === null) return
    panel.scrollIntoView({ block: 'start', behavior: 'smooth' })
    panel.focus({ preventScroll: true })
  }, [created.id])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.url)
      setCopied('copied')
    } catch {
      setCopied('copyFailed')
    }
  }
  return (
    <section
      ref={panelRef}
      tabIndex={-1}
      className="notice sharing__created"
      aria-label={t('sharing.invite.linkTitle')}
    >
      <p className="notice__title">{t('sharing.invite.linkTitle')}</p>
      <p>{t('sharing.invite.mailed', { email: created.email, date: date(created.expiresAt) })}</p>
      <TextField className="field" value={created.url} isReadOnly>
        <Label>{t('sharing.invite.linkLabel')}</Label>
        <Input className="field__input sharing__link" onFocus={(event) => event.currentTarget.select()} />
      </TextField>
      <div className="sharing__actions">
        <Button className="button button--primary" onPress={copy}>
          {t('sharing.invite.copy')}
        </Button>
        <Button className="button button--quiet" onPress={() => actor.send({ type: 'sharing.dismissLink' })}>
          {t('sharing.invite.dismiss')}
        </Button>
      </div>
      <p role="status" className="sharing__meta">
        {copied === null ? null : t(`sharing.invite.${copied}`)}
      </p>
    </section>
  )
}

function PendingList({
  actor,
  invitations,
  busy,
}: {
  readonly actor: MembersRef
  readonly invitations: ReadonlyArray<PendingInvitation>
  readonly busy: boolean
}) {
  const { t } = useTranslation()
  const date = useDateFormat()
  const headingId = useId()
  return (
    <div className="sharing__pending">
      <h3 id={headingId} className="sharing__subtitle">
        {t('sharing.pending.title')}
      </h3>
      {invitations.length === 0 ? (
        <p className="sharing__meta">{t('sharing.pending.empty')}</p>
      ) : (
        <ul className="sharing__list" aria-labelledby={headingId}>
          {invitations.map((invitation) => (
            <li key={invitation.id} className="sharing__row">
              <div className="sharing__who">
                <span className="sharing__name">{invitation.email}</span>
                <span className="sharing__role">{t(`sharing.access.${invitation.access}`)}</span>
                <span className="sharing__meta">
                  {t('sharing.pending.expires', { date: date(invitation.expiresAt) })}
                </span>
              </div>
              <div className="sharing__actions">
                <Button
                  className="button button--quiet"
                  isDisabled={busy}
                  aria-label={t('sharing.pending.revokeLabel', { email: invitation.email })}
                  onPress={() => actor.send({ type: 'sharing.revoke', invitationId: invitation.id })}
                >
                  {t('sharing.pending.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function ConfirmWrite({ actor, budgetName }: { readonly actor: MembersRef; readonly budgetName: string }) {
  const { t } = useTranslation()
  const pending = useSelector(actor, selectConfirming)
  const members = useSelector(actor, selectMembers)
  const invitations = useSelector(actor, selectInvitations)
  const cancel = () => actor.send({ type: 'sharing.cancel' })
  if (
    pending === null ||
    (pending.kind !== 'remove' &&
      pending.kind !== 'handOver' &&
      pending.kind !== 'leave' &&
      pending.kind !== 'revoke')
  )
    return null
  const name = (() => {
    if (pending.kind === 'revoke')
      return invitations?.find((row) => row.id === pending.invitationId)?.email ?? ''
    const member = members.find((row) => row.userId === pending.userId)
    return member === undefined ? '' : memberName(member)
  })()
  const kind = pending.kind
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen
      onOpenChange={(open) => {
        if (!open) cancel()
      }}
    >
      <Modal className="modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog__title">
            {t(`sharing.confirm.${kind}Title`)}
          </Heading>
          <p>{t(`sharing.confirm.${kind}Body`, { name, budget: budgetName })}</p>
          <div className="dialog__actions">
            <Button className="button button--quiet" onPress={cancel} autoFocus>
              {t('sharing.confirm.cancel')}
            </Button>
            <Button className="button button--danger" onPress={() => actor.send({ type: 'sharing.confirm' })}>
              {t(`sharing.confirm.${kind}Submit`)}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/**
 * The budget's members (name, role and access, since, last active) and, for the owner, the invite form and the
 * pending invitations; the owner changes access, hands over or removes, a guest may leave. Desktop budget settings
 * and the phone's `{budgetId}/invite` show the same section.
 */
export function MembersSection({
  budgetId,
  budgetName,
  owner,
}: {
  readonly budgetId: BudgetId
  readonly budgetName: string
  /** As the budgets list says; the members list decides once read. */
  readonly owner: boolean
}) {
  const { t } = useTranslation()
  const device = useDevice()
  const navigate = useNavigate()
  const actor = useMembersActor(budgetId, owner)
  const status = useSelector(actor, selectMembersStatus)
  const members = useSelector(actor, selectMembers)
  const invitations = useSelector(actor, selectInvitations)
  const created = useSelector(actor, selectCreatedInvitation)
  const failure = useSelector(actor, selectMembersFailure)
  const isOwner = useSelector(actor, selectIsOwner)
  const me = useSelector(actor, selectMe)
  const busy = useSelector(actor, selectIsBusy)
  const headingId = useId()
  useEffect(() => {
    // A guest who left has no budget to show: back to the list.
    if (status === 'left') void navigate({ href: paths.budgetsList(device), replace: true })
  }, [status, navigate, device])

  return (
    <section className="budget-settings__section sharing" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('sharing.members.title')}</h2>
      <p>{isOwner ? t('sharing.members.intro') : t('sharing.members.introGuest')}</p>
      {status === 'loading' ? <p role="status">{t('sharing.members.loading')}</p> : null}
      {status === 'loadFailed' ? (
        <div className="notice notice--error" role="alert">
          <p>{t('sharing.members.loadFailed')}</p>
          {failure === null ? null : <p>{failureText(t, failure)}</p>}
          <Button className="button" onPress={() => actor.send({ type: 'sharing.retry' })}>
            {t('sharing.members.retry')}
          </Button>
        </div>
      ) : null}
      {status === 'ready' ? (
        <>
          {failure === null ? null : (
            <p className="notice notice--error" role="alert">
              {failureText(t, failure)}
            </p>
          )}
          {isOwner ? <InviteForm actor={actor} /> : null}
          {created === null ? null : <CreatedLink actor={actor} created={created} />}
          <ul className="sharing__list" aria-label={t('sharing.members.listLabel')}>
            {members.map((member) => (
              <MemberRow
                key={member.userId}
                actor={actor}
                member={member}
                manage={isOwner && member.role === 'Guest'}
                mine={member.userId === me}
                busy={busy}
              />
            ))}
          </ul>
          {isOwner && invitations !== null ? (
            <PendingList actor={actor} invitations={invitations} busy={busy} />
          ) : null}
        </>
      ) : null}
      <ConfirmWrite actor={actor} budgetName={budgetName} />
    </section>
  )
}
