import './onboarding.css'
import './texts.ts'
import { useNavigate, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { Button, Label, Link, Radio, RadioGroup } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectBudgets, selectCreatedBudget } from '../../../machines/budgetList/index.ts'
import {
  type OnboardingPlace,
  selectAccountCount,
  selectAllSaved,
  selectCanAutoAssign,
  selectCompletedSteps,
  selectHasAssigned,
  selectOnboardingBudget,
  selectOnboardingLoadState,
  selectOnboardingPlace,
  selectSaveFailed,
  selectSkippedSteps,
} from '../../../machines/onboarding/index.ts'
import { selectBudget, selectReadyToAssign } from '../../../machines/openBudget/index.ts'
import type { BudgetId } from '../../../schemas/ids.ts'
import { PeriodKey } from '../../../schemas/money.ts'
import {
  type HouseholdSize,
  householdSizes,
  type OnboardingStep,
  onboardingSteps,
  type SurveyReason,
  surveyReasons,
} from '../../../schemas/onboarding.ts'
import { useFormatAmount } from '../../components/money/Money.tsx'
import { OpenBudget, useBudget } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { BudgetEditDialog } from '../budgetList/lazyDialogs.tsx'
import { useBudgetsActor } from '../budgetList/useBudgetsActor.ts'
import * as Dialogs from '../dialogs/lazyDialogs.ts'
import { type OnboardingRef, useOnboardingActor } from './useOnboardingActor.ts'

/**
 * `/onboarding/{onboardingProgress}` on both route trees: the survey, the three steps and the completion. The
 * onboarding actor is the truth (loaded from the server, so a reload or another device resumes); the address
 * follows it, replacing itself, so Back leaves the onboarding rather than undoing a step.
 */
export function OnboardingView() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { onboardingProgress } = useParams({ strict: false })
  const onboarding = useOnboardingActor()
  const loadState = useSelector(onboarding, selectOnboardingLoadState)
  const place = useSelector(onboarding, selectOnboardingPlace)
  const saveFailed = useSelector(onboarding, selectSaveFailed)

  const allSaved = useSelector(onboarding, selectAllSaved)
  useEffect(() => {
    // Home reads the progress again: it leaves once the dismissal is stored, or home would bring it back.
    if (place === 'dismissed') {
      if (allSaved) void navigate({ href: '/', replace: true })
    } else if (place !== null && place !== onboardingProgress)
      void navigate({ href: paths.onboarding(place), replace: true })
  }, [allSaved, navigate, onboardingProgress, place])

  let content: ReactNode
  if (loadState === 'loading') content = <p role="status">{t('onboarding.loading')}</p>
  else if (loadState === 'failed')
    content = (
      <div className="notice notice--error" role="alert">
        <p>{t('onboarding.loadFailed')}</p>
        <Button className="button" onPress={() => onboarding.send({ type: 'onboarding.retry' })}>
          {t('onboarding.retry')}
        </Button>
      </div>
    )
  else content = <Place onboarding={onboarding} place={place} />

  return (
    <section className="onboarding" aria-labelledby="onboarding-heading">
      {place !== null && place !== 'survey' && place !== 'completed' && place !== 'dismissed' ? (
        <StepList onboarding={onboarding} current={place} />
      ) : null}
      {content}
      {saveFailed ? (
        <p className="onboarding__save-failed" role="status">
          {t('onboarding.saveFailed')}
        </p>
      ) : null}
    </section>
  )
}

function Place({
  onboarding,
  place,
}: {
  readonly onboarding: OnboardingRef
  readonly place: OnboardingPlace | null
}) {
  switch (place) {
    case null:
    case 'dismissed':
      return null
    case 'survey':
      return <Survey onboarding={onboarding} />
    case 'FirstStep':
      return <BudgetStep onboarding={onboarding} />
    case 'SecondStep':
      return <AccountStep onboarding={onboarding} />
    case 'ThirdStep':
      return <AssignStep onboarding={onboarding} />
    case 'completed':
      return <Completed onboarding={onboarding} />
  }
}

/** "Krok 2 z 3" and each step's state, so the person sees how far it is and what was skipped. */
function StepList({
  onboarding,
  current,
}: {
  readonly onboarding: OnboardingRef
  readonly current: OnboardingStep
}) {
  const { t } = useTranslation()
  const completed = useSelector(onboarding, selectCompletedSteps)
  const skipped = useSelector(onboarding, selectSkippedSteps)
  const stateOf = (step: OnboardingStep) =>
    step === current
      ? 'current'
      : completed.includes(step)
        ? 'done'
        : skipped.includes(step)
          ? 'skipped'
          : null
  return (
    <div className="onboarding__progress">
      <p className="onboarding__step-of">
        {t('onboarding.stepOf', {
          step: onboardingSteps.indexOf(current) + 1,
          count: onboardingSteps.length,
        })}
      </p>
      <ol className="onboarding__steps" aria-label={t('onboarding.stepsLabel')}>
        {onboardingSteps.map((step, index) => {
          const state = stateOf(step)
          return (
            <li
              key={step}
              className={`onboarding__step${state === null ? '' : ` onboarding__step--${state}`}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="onboarding__step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="onboarding__step-text">
                <span className="onboarding__step-name">{t(`onboarding.steps.${step}`)}</span>
                {state === null ? null : (
                  <span className="onboarding__step-state">{t(`onboarding.stepState.${state}`)}</span>
                )}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/** Skip, back and "not now" under every step. */
function StepActions({
  onboarding,
  back,
  children,
}: {
  readonly onboarding: OnboardingRef
  readonly back: boolean
  readonly children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="onboarding__actions">
      <div className="onboarding__primary">{children}</div>
      <div className="onboarding__secondary">
        {back ? (
          <Button className="button button--quiet" onPress={() => onboarding.send({ type: 'step.back' })}>
            {t('onboarding.back')}
          </Button>
        ) : null}
        <Button className="button button--quiet" onPress={() => onboarding.send({ type: 'step.skip' })}>
          {t('onboarding.skip')}
        </Button>
        <Button
          className="button button--quiet"
          onPress={() => onboarding.send({ type: 'onboarding.dismiss' })}
        >
          {t('onboarding.dismiss')}
        </Button>
      </div>
    </div>
  )
}

function Survey({ onboarding }: { readonly onboarding: OnboardingRef }) {
  const { t } = useTranslation()
  // The answers stay on this screen until "Zaczynamy"; only then do they reach the actor and the server.
  const [reason, setReason] = useState<SurveyReason | null>(null)
  const [household, setHousehold] = useState<HouseholdSize | null>(null)
  const submit = () =>
    onboarding.send({
      type: 'survey.submit',
      survey: {
        ...(reason === null ? {} : { reason }),
        ...(household === null ? {} : { householdSize: household }),
      },
    })
  return (
    <div className="onboarding__card">
      <h2 id="onboarding-heading" className="onboarding__heading">
        {t('onboarding.survey.heading')}
      </h2>
      <p>{t('onboarding.survey.intro')}</p>
      <RadioGroup
        className="field onboarding__choices"
        value={reason}
        onChange={(value) => setReason(surveyReasons.find((known) => known === value) ?? null)}
      >
        <Label className="field__label">{t('onboarding.survey.reasonLabel')}</Label>
        {surveyReasons.map((value) => (
          <Radio key={value} value={value} className="choice-radio">
            <span className="choice-radio__label">{t(`onboarding.survey.reasons.${value}`)}</span>
          </Radio>
        ))}
      </RadioGroup>
      <RadioGroup
        className="field onboarding__choices"
        value={household}
        onChange={(value) => setHousehold(householdSizes.find((known) => known === value) ?? null)}
      >
        <Label className="field__label">{t('onboarding.survey.householdLabel')}</Label>
        {householdSizes.map((value) => (
          <Radio key={value} value={value} className="choice-radio">
            <span className="choice-radio__label">{t(`onboarding.survey.household.${value}`)}</span>
          </Radio>
        ))}
      </RadioGroup>
      <div className="onboarding__actions">
        <div className="onboarding__primary">
          <Button className="button button--primary" onPress={submit}>
            {t('onboarding.survey.start')}
          </Button>
        </div>
        <div className="onboarding__secondary">
          <Button className="button button--quiet" onPress={() => onboarding.send({ type: 'survey.skip' })}>
            {t('onboarding.survey.skip')}
          </Button>
          <Button
            className="button button--quiet"
            onPress={() => onboarding.send({ type: 'onboarding.dismiss' })}
          >
            {t('onboarding.dismiss')}
          </Button>
        </div>
      </div>
    </div>
  )
}

/** 1: the budget, through the budgets list's own create dialog (name, currency, starter set). */
function BudgetStep({ onboarding }: { readonly onboarding: OnboardingRef }) {
  const { t } = useTranslation()
  const budgets = useBudgetsActor()
  const list = useSelector(budgets, selectBudgets)
  const [creating, setCreating] = useState(false)
  const closed = useCallback(
    (applied: boolean) => {
      setCreating(false)
      const created = selectCreatedBudget(budgets.getSnapshot())
      if (applied && created !== null) onboarding.send({ type: 'budget.ready', budgetId: created })
    },
    [budgets, onboarding],
  )
  return (
    <div className="onboarding__card">
      <h2 id="onboarding-heading" className="onboarding__heading">
        {t('onboarding.first.heading')}
      </h2>
      <p>{t('onboarding.first.body')}</p>
      {list.length > 0 ? (
        <div className="onboarding__existing">
          <p>{t('onboarding.first.existing')}</p>
          <ul className="onboarding__budgets">
            {list.map((budget) => (
              <li key={budget.id}>
                <Button
                  className="button button--quiet"
                  onPress={() => onboarding.send({ type: 'budget.ready', budgetId: budget.id })}
                >
                  {t('onboarding.first.use', { name: budget.name })}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <StepActions onboarding={onboarding} back={false}>
        <Button className="button button--primary" onPress={() => setCreating(true)}>
          {t('onboarding.first.create')}
        </Button>
      </StepActions>
      {creating ? <BudgetEditDialog budgets={budgets} props={{ mode: 'create' }} onClosed={closed} /> : null}
    </div>
  )
}

/** The step's budget, opened for the dialogs; without one the step says so (the first step was skipped). */
function WithBudget({
  onboarding,
  noBudgetKey,
  children,
}: {
  readonly onboarding: OnboardingRef
  readonly noBudgetKey: string
  readonly children: ReactNode
}) {
  const { t } = useTranslation()
  const budgetId = useSelector(onboarding, selectOnboardingBudget)
  if (budgetId === null)
    return (
      <>
        <p className="onboarding__hint">{t(noBudgetKey)}</p>
        <StepActions onboarding={onboarding} back />
      </>
    )
  return (
    <OpenBudget budgetId={budgetId}>
      <Suspense fallback={null}>{children}</Suspense>
    </OpenBudget>
  )
}

/** Steps 2 and 3 work inside the budget made in step 1: the step's heading and text, then its actions. */
function InsideBudgetStep({
  onboarding,
  step,
  children,
}: {
  readonly onboarding: OnboardingRef
  readonly step: 'second' | 'third'
  readonly children: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="onboarding__card">
      <h2 id="onboarding-heading" className="onboarding__heading">
        {t(`onboarding.${step}.heading`)}
      </h2>
      <p>{t(`onboarding.${step}.body`)}</p>
      <WithBudget onboarding={onboarding} noBudgetKey={`onboarding.${step}.noBudget`}>
        {children}
      </WithBudget>
    </div>
  )
}

/** 2: the first account and its opening balance, through the budget's add-account dialog. */
const AccountStep = ({ onboarding }: { readonly onboarding: OnboardingRef }) => (
  <InsideBudgetStep onboarding={onboarding} step="second">
    <AccountStepActions onboarding={onboarding} />
  </InsideBudgetStep>
)

function AccountStepActions({ onboarding }: { readonly onboarding: OnboardingRef }) {
  const { t } = useTranslation()
  const count = useBudget(selectAccountCount)
  const [adding, setAdding] = useState(false)
  return (
    <>
      {count > 0 ? <p className="onboarding__hint">{t('onboarding.second.accounts', { count })}</p> : null}
      <StepActions onboarding={onboarding} back>
        {count > 0 ? (
          <>
            <Button className="button button--primary" onPress={() => onboarding.send({ type: 'step.done' })}>
              {t('onboarding.next')}
            </Button>
            <Button className="button button--quiet" onPress={() => setAdding(true)}>
              {t('onboarding.second.add')}
            </Button>
          </>
        ) : (
          <Button className="button button--primary" onPress={() => setAdding(true)}>
            {t('onboarding.second.add')}
          </Button>
        )}
      </StepActions>
      {adding ? <Dialogs.AddAccountDialog onClosed={() => setAdding(false)} /> : null}
    </>
  )
}

/** 3: giving the money a job, through the month's assign and auto-assign dialogs. */
const AssignStep = ({ onboarding }: { readonly onboarding: OnboardingRef }) => (
  <InsideBudgetStep onboarding={onboarding} step="third">
    <AssignStepActions onboarding={onboarding} />
  </InsideBudgetStep>
)

function AssignStepActions({ onboarding }: { readonly onboarding: OnboardingRef }) {
  const { t } = useTranslation()
  const period = useMemo(() => PeriodKey.make(currentPeriodKey(new Date())), [])
  const currency = useBudget(selectBudget)?.currency
  const ready = useBudget((snapshot) => selectReadyToAssign(snapshot, period))
  const assigned = useBudget((snapshot) => selectHasAssigned(snapshot, period))
  // Offered only when it would do something: on a new budget every option changes nothing (a dead end).
  const canAutoAssign = useBudget((snapshot) => selectCanAutoAssign(snapshot, period))
  const [dialog, setDialog] = useState<'assign' | 'autoAssign' | null>(null)
  const close = useCallback(() => setDialog(null), [])
  return (
    <>
      {currency === undefined ? null : <ReadyLine amount={ready} currency={currency} />}
      {assigned ? null : <p className="onboarding__hint">{t('onboarding.third.notYet')}</p>}
      <StepActions onboarding={onboarding} back>
        {assigned ? (
          <Button className="button button--primary" onPress={() => onboarding.send({ type: 'step.done' })}>
            {t('onboarding.third.done')}
          </Button>
        ) : null}
        <Button
          className={assigned ? 'button button--quiet' : 'button button--primary'}
          onPress={() => setDialog('assign')}
        >
          {t('onboarding.third.assign')}
        </Button>
        {canAutoAssign ? (
          <Button className="button button--quiet" onPress={() => setDialog('autoAssign')}>
            {t('onboarding.third.autoAssign')}
          </Button>
        ) : null}
      </StepActions>
      {dialog === 'assign' ? <Dialogs.AssignMoneyDialog periodKey={period} onClosed={close} /> : null}
      {dialog === 'autoAssign' ? <Dialogs.AutoAssignDialog periodKey={period} onClosed={close} /> : null}
    </>
  )
}

function ReadyLine({
  amount,
  currency,
}: {
  readonly amount: Parameters<ReturnType<typeof useFormatAmount>>[0]
  readonly currency: NonNullable<ReturnType<typeof selectBudget>>['currency']
}) {
  const { t } = useTranslation()
  const format = useFormatAmount(currency)
  return <p className="onboarding__ready">{t('onboarding.third.ready', { amount: format(amount) })}</p>
}

function Completed({ onboarding }: { readonly onboarding: OnboardingRef }) {
  const { t } = useTranslation()
  const budgetId: BudgetId | null = useSelector(onboarding, selectOnboardingBudget)
  // The next screen reads the progress again (its banner): it opens once the completion is stored.
  const saved = useSelector(onboarding, selectAllSaved)
  return (
    <div className="onboarding__card">
      <h2 id="onboarding-heading" className="onboarding__heading">
        {t('onboarding.completed.heading')}
      </h2>
      <p>{t('onboarding.completed.body')}</p>
      <div className="onboarding__actions">
        <div className="onboarding__primary">
          {budgetId === null ? (
            <Link className="button button--primary" href="/" isDisabled={!saved}>
              {t('onboarding.completed.list')}
            </Link>
          ) : (
            <Link className="button button--primary" href={paths.budget(budgetId)} isDisabled={!saved}>
              {t('onboarding.completed.open')}
            </Link>
          )}
        </div>
      </div>
    </div>
  )
}
