import './texts.ts'
import './category.css'
import { useParams, useRouter, useSearch } from '@tanstack/react-router'
import * as Schema from 'effect/Schema'
import { type ReactNode, Suspense } from 'react'
import { Button, Dialog, Modal, ModalOverlay } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { selectLoadState } from '../../../machines/openBudget/index.ts'
import { selectCategoryInspector } from '../../../machines/openBudget/selectors/category.ts'
import { CategoryId, TemplateId } from '../../../schemas/ids.ts'
import { IsoDate } from '../../../schemas/money.ts'
import { OpenBudget, useBudget, usePermissions } from '../../openBudget/OpenBudget.tsx'
import { paths } from '../../router/paths.ts'
import {
  AssignMoneyDialog,
  AssignmentHistoryDialog,
  AutoAssignDialog,
  CoverOverspendingDialog,
  MoveCategoryDialog,
  MoveMoneyDialog,
  MoveTransactionsDialog,
  TargetDialog,
  TransactionDraftDialog,
  TransactionTemplateDialog,
} from '../dialogs/lazyDialogs.ts'
import { useCategoryName } from '../month/names.ts'
import { CategoryPanel } from './CategoryPanel.tsx'
import { useBudgetParams, useGoTo } from './shared.ts'

const isCategoryId = Schema.is(CategoryId)
const isTemplateId = Schema.is(TemplateId)
const isIsoDate = Schema.is(IsoDate)
/** A route without its category shows the 'not found' notice of an unknown one. */
const NO_CATEGORY = CategoryId.make('-')

// Mobile dialog routes under /budget/{budgetId}/period/{periodKey} (SPEC §2). Each closes by going to its parent
// path: the category's sheet for the category's own dialogs, the month otherwise, so the phone's back button
// closes it too.

/** Opens the route's budget and waits for its first read, so a dialog never starts from empty figures. */
function BudgetRoute({
  children,
  writes = false,
}: {
  readonly children: ReactNode
  /** A dialog that only changes the budget: a reader following its address stays on the screen under it. */
  readonly writes?: boolean
}) {
  const { budgetId } = useBudgetParams()
  return (
    <OpenBudget budgetId={budgetId}>
      <WhenLoaded writes={writes}>
        <Suspense fallback={null}>{children}</Suspense>
      </WhenLoaded>
    </OpenBudget>
  )
}

function WhenLoaded({ children, writes }: { readonly children: ReactNode; readonly writes: boolean }) {
  const loadState = useBudget(selectLoadState)
  const { canEdit } = usePermissions()
  // The month view under this dialog shows the loading and error states (and the banner, for a reader).
  return loadState === 'ready' && (canEdit || !writes) ? children : null
}

const useParentPaths = () => {
  const { budgetId, periodKey, categoryId } = useBudgetParams()
  return {
    periodKey,
    categoryId: categoryId ?? NO_CATEGORY,
    month: paths.period(budgetId, periodKey),
    category: paths.category(budgetId, periodKey, categoryId ?? ''),
  }
}

export function AssignRoute() {
  return (
    <BudgetRoute writes>
      <AssignView />
    </BudgetRoute>
  )
}

function AssignView() {
  const goTo = useGoTo()
  const { budgetId, periodKey } = useBudgetParams()
  const search: { category?: unknown } = useSearch({ strict: false })
  const categoryId = isCategoryId(search.category) ? search.category : undefined
  const close = () =>
    goTo(
      categoryId === undefined
        ? paths.period(budgetId, periodKey)
        : paths.category(budgetId, periodKey, categoryId),
    )
  return (
    <AssignMoneyDialog
      periodKey={periodKey}
      onClosed={close}
      {...(categoryId === undefined ? {} : { categoryId })}
    />
  )
}

export function AutoAssignRoute() {
  return (
    <BudgetRoute writes>
      <AutoAssignView />
    </BudgetRoute>
  )
}

function AutoAssignView() {
  const goTo = useGoTo()
  const paths = useParentPaths()
  return <AutoAssignDialog periodKey={paths.periodKey} onClosed={() => goTo(paths.month)} />
}

export function AssignmentHistoryRoute() {
  return (
    <BudgetRoute>
      <AssignmentHistoryView />
    </BudgetRoute>
  )
}

function AssignmentHistoryView() {
  const goTo = useGoTo()
  const paths = useParentPaths()
  return <AssignmentHistoryDialog periodKey={paths.periodKey} onClosed={() => goTo(paths.month)} />
}

export function CategoryRoute() {
  return (
    <BudgetRoute>
      <CategorySheet />
    </BudgetRoute>
  )
}

/** The inspector as a full-height sheet; its actions go to the dialog routes beside it. */
function CategorySheet() {
  const { t } = useTranslation()
  const nameOf = useCategoryName()
  const goTo = useGoTo()
  const paths = useParentPaths()
  const inspector = useBudget((snapshot) =>
    selectCategoryInspector(snapshot, paths.categoryId, paths.periodKey),
  )
  const close = () => goTo(paths.month)
  return (
    <ModalOverlay
      className="modal-overlay"
      isDismissable
      isOpen
      onOpenChange={(open) => {
        if (!open) close()
      }}
    >
      <Modal className="modal modal--sheet">
        <Dialog
          className="dialog"
          aria-label={t('category.panelLabel', { name: nameOf(inspector?.category) })}
        >
          <Button className="button button--quiet category-sheet__close" onPress={close}>
            {t('category.close')}
          </Button>
          <CategoryPanel categoryId={paths.categoryId} periodKey={paths.periodKey} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

/** A dialog of one category, closing back to the category's sheet. */
function CategoryDialogRoute({
  render,
}: {
  readonly render: (props: {
    readonly periodKey: ReturnType<typeof useParentPaths>['periodKey']
    readonly categoryId: CategoryId
    readonly onClosed: () => void
  }) => ReactNode
}) {
  return (
    <BudgetRoute writes>
      <CategoryDialogView render={render} />
    </BudgetRoute>
  )
}

function CategoryDialogView({
  render,
}: {
  readonly render: Parameters<typeof CategoryDialogRoute>[0]['render']
}) {
  const goTo = useGoTo()
  const paths = useParentPaths()
  return render({
    periodKey: paths.periodKey,
    categoryId: paths.categoryId,
    onClosed: () => goTo(paths.category),
  })
}

export function MoveMoneyRoute() {
  return (
    <CategoryDialogRoute
      render={({ periodKey, categoryId, onClosed }) => (
        <MoveMoneyDialog periodKey={periodKey} from={categoryId} onClosed={onClosed} />
      )}
    />
  )
}

export function MoveCategoryRoute() {
  return (
    <CategoryDialogRoute
      render={({ categoryId, onClosed }) => (
        <MoveCategoryDialog categoryId={categoryId} onClosed={onClosed} />
      )}
    />
  )
}

export function TargetRoute() {
  return (
    <CategoryDialogRoute
      render={({ periodKey, categoryId, onClosed }) => (
        <TargetDialog periodKey={periodKey} categoryId={categoryId} onClosed={onClosed} />
      )}
    />
  )
}

export function MoveTransactionsRoute() {
  return (
    <CategoryDialogRoute
      render={({ periodKey, categoryId, onClosed }) => (
        <MoveTransactionsDialog periodKey={periodKey} categoryId={categoryId} onClosed={onClosed} />
      )}
    />
  )
}

export function CoverRoute() {
  return (
    <CategoryDialogRoute
      render={({ periodKey, categoryId, onClosed }) => (
        <CoverOverspendingDialog periodKey={periodKey} categoryId={categoryId} onClosed={onClosed} />
      )}
    />
  )
}

/** Where a template's or a draft's route closes to: the category's sheet it was opened from, else the month. */
const useTemplateParams = () => {
  const { budgetId, periodKey, categoryId } = useBudgetParams()
  const params: { transactionTemplateId?: string; templateDate?: string } = useParams({ strict: false })
  return {
    periodKey,
    categoryId,
    templateId: isTemplateId(params.transactionTemplateId) ? params.transactionTemplateId : undefined,
    date: isIsoDate(params.templateDate) ? params.templateDate : undefined,
    back:
      categoryId === undefined
        ? paths.period(budgetId, periodKey)
        : paths.category(budgetId, periodKey, categoryId),
  }
}

/** SPEC transactionTemplate: `…/categories/{categoryId?}/templates/{transactionTemplateId?}`. */
export function TransactionTemplateRoute() {
  return (
    <BudgetRoute writes>
      <TransactionTemplateView />
    </BudgetRoute>
  )
}

/**
 * Leaves a template's or a draft's route where the person came from (the register, the list of templates, the
 * category), else (opened directly) to the category's sheet or the month.
 */
const useLeaveTo = () => {
  const router = useRouter()
  return (fallback: string) => {
    if (router.history.canGoBack()) router.history.back()
    else router.history.replace(fallback)
  }
}

function TransactionTemplateView() {
  const leave = useLeaveTo()
  const { periodKey, categoryId, templateId, back } = useTemplateParams()
  return (
    <TransactionTemplateDialog
      periodKey={periodKey}
      templateId={templateId}
      categoryId={templateId === undefined ? categoryId : undefined}
      onClosed={() => leave(back)}
    />
  )
}

/** SPEC transactionDraft: `…/templates/{transactionTemplateId}/date/{templateDate}/confirm`. */
export function TransactionDraftRoute() {
  return (
    <BudgetRoute writes>
      <TransactionDraftView />
    </BudgetRoute>
  )
}

function TransactionDraftView() {
  const leave = useLeaveTo()
  const { templateId, date, back } = useTemplateParams()
  if (templateId === undefined || date === undefined) return <NotFoundDraft onClosed={() => leave(back)} />
  return <TransactionDraftDialog templateId={templateId} date={date} onClosed={() => leave(back)} />
}

/** A draft route whose template id or date does not read: the draft's "gone" notice. */
function NotFoundDraft({ onClosed }: { readonly onClosed: () => void }) {
  const { t } = useTranslation()
  return (
    <ModalOverlay className="modal-overlay" isDismissable isOpen onOpenChange={(open) => !open && onClosed()}>
      <Modal className="modal modal--sheet">
        <Dialog className="dialog" aria-label={t('category.notFound')}>
          <p className="notice">{t('category.notFound')}</p>
          <Button className="button button--quiet" onPress={onClosed}>
            {t('category.close')}
          </Button>
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
