import { useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { selectAccountId, selectStep } from '../../../machines/bankImport/index.ts'
import { selectAccountsOverview } from '../../../machines/openBudget/selectors/accounts.ts'
import type { RuleToAdd } from '../../../machines/payeeRules/index.ts'
import type { BankAccountId } from '../../../schemas/ids.ts'
import { useDevice } from '../../layouts/useDevice.ts'
import { useBudget, useNeedTransactions } from '../../openBudget/OpenBudget.tsx'
import type { ImportDialogName } from '../../router/budgetSearch.ts'
import { paths } from '../../router/paths.ts'
import { currentPeriodKey } from '../../router/periodKey.ts'
import { ChooseStep } from './ChooseStep.tsx'
import { ColumnMapper } from './ColumnMapper.tsx'
import { DateOrderStep } from './DateOrderStep.tsx'
import { ImportHistory } from './ImportHistory.tsx'
import { ProgressPanel } from './ProgressPanel.tsx'
import { ResultStep } from './ResultStep.tsx'
import { ReviewStep } from './ReviewStep.tsx'
import { type ImportRef, useImportActor } from './useImportActor.ts'

const PayeeRulesDialog = lazy(() => import('./PayeeRulesDialog.tsx'))

/** The account's register, where the imported rows are seen: the month's transactions view or the phone's account. */
const accountHref = (device: 'desktop' | 'mobile', budgetId: string, accountId: BankAccountId) => {
  const period = currentPeriodKey(new Date())
  return device === 'desktop'
    ? paths.period(budgetId, period, { view: 'transactions', account: accountId })
    : paths.bankAccount(budgetId, period, accountId)
}

function Step({
  actor,
  budgetId,
  accountName,
  onOpenRules,
}: {
  readonly actor: ImportRef
  readonly budgetId: string
  readonly accountName: string
  readonly onOpenRules: (add?: RuleToAdd) => void
}) {
  const device = useDevice()
  const step = useSelector(actor, selectStep)
  const accountId = useSelector(actor, selectAccountId)
  switch (step) {
    case 'choosing':
      return <ChooseStep actor={actor} />
    case 'reading':
    case 'writing':
      return <ProgressPanel actor={actor} />
    case 'askingDateOrder':
      return <DateOrderStep actor={actor} />
    case 'mapping':
      return <ColumnMapper actor={actor} />
    case 'reviewing':
      return <ReviewStep actor={actor} accountName={accountName} onOpenRules={onOpenRules} />
    case 'done':
      return (
        <ResultStep
          actor={actor}
          accountName={accountName}
          accountHref={accountId === null ? null : accountHref(device, budgetId, accountId)}
        />
      )
  }
}

/**
 * The bank-file import (issue 28): choose the account and the file, see every row before anything is written,
 * import them as one, undo it from the history below. The payee rules open over it (`?dialog=payeeRules`).
 */
export function ImportScreen({
  budgetId,
  accountId,
  dialog,
}: {
  readonly budgetId: string
  readonly accountId: BankAccountId | null
  readonly dialog: ImportDialogName | null
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const actor = useImportActor(budgetId, accountId)
  // Duplicates name the transaction they match, and the register shows the import at once.
  useNeedTransactions()
  const chosen = useSelector(actor, selectAccountId)
  const { open } = useBudget(selectAccountsOverview)
  const [ruleToAdd, setRuleToAdd] = useState<RuleToAdd | null>(null)

  // The address's account (a register's "Importuj z pliku"), else the only account there is.
  useEffect(() => {
    if (accountId !== null) actor.send({ type: 'import.chooseAccount', bankAccountId: accountId })
  }, [actor, accountId])
  const only = open.length === 1 ? open[0]?.account.id : undefined
  useEffect(() => {
    if (accountId === null && only !== undefined)
      actor.send({ type: 'import.chooseAccount', bankAccountId: only })
  }, [actor, accountId, only])

  const setDialog = useCallback(
    (next: ImportDialogName | undefined, replace: boolean) =>
      void navigate({
        to: '.',
        search: (previous) => ({ ...previous, dialog: next }),
        replace,
      }),
    [navigate],
  )
  const openRules = useCallback(
    (add?: RuleToAdd) => {
      setRuleToAdd(add ?? null)
      setDialog('payeeRules', false)
    },
    [setDialog],
  )
  const closeRules = useCallback(() => {
    setRuleToAdd(null)
    setDialog(undefined, true)
  }, [setDialog])

  const accountName = open.find(({ account }) => account.id === chosen)?.account.name ?? ''
  return (
    <div className="import-screen">
      <p className="import-screen__intro">{t('bankImport.intro')}</p>
      <Step actor={actor} budgetId={budgetId} accountName={accountName} onOpenRules={openRules} />
      <ImportHistory actor={actor} accountId={chosen} accountName={chosen === null ? null : accountName} />
      {dialog === 'payeeRules' ? (
        <Suspense fallback={null}>
          <PayeeRulesDialog budgetId={budgetId} add={ruleToAdd} onClosed={closeRules} />
        </Suspense>
      ) : null}
    </div>
  )
}
