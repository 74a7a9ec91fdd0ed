import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import * as Schema from 'effect/Schema'
import { type AnyStateMachine, createActor, createMachine, type EventObject, type Snapshot } from 'xstate'
import { type Step, TestModel } from 'xstate/graph'
import { assignMoneyMachine } from '../../machines/dialogs/assignMoney/index.ts'
import { autoAssignMachine } from '../../machines/dialogs/autoAssign/index.ts'
import { openBankAccountMachine, renameBankAccountMachine } from '../../machines/dialogs/bankAccount/index.ts'
import { budgetEditMachine } from '../../machines/dialogs/budgetEdit/index.ts'
import { categoryEditMachine } from '../../machines/dialogs/categoryEdit/index.ts'
import { coverOverspendingMachine } from '../../machines/dialogs/coverOverspending/index.ts'
import { deleteConfirmMachine } from '../../machines/dialogs/deleteConfirm/index.ts'
import { groupEditMachine } from '../../machines/dialogs/groupEdit/index.ts'
import { moveCategoryMachine } from '../../machines/dialogs/moveCategory/index.ts'
import { moveMoneyMachine, READY_TO_ASSIGN } from '../../machines/dialogs/moveMoney/index.ts'
import { reconcileMachine } from '../../machines/dialogs/reconcile/index.ts'
import type {
  createFormDialogMachine,
  FieldChange,
  FormDialogEvent,
} from '../../machines/dialogs/shared/index.ts'
import { targetMachine } from '../../machines/dialogs/target/index.ts'
import { transactionDraftMachine } from '../../machines/dialogs/transactionDraft/index.ts'
import {
  type TransactionFormEvent,
  transactionFormMachine,
} from '../../machines/dialogs/transactionEditor/index.ts'
import { transactionTemplateMachine } from '../../machines/dialogs/transactionTemplate/index.ts'
import { transferMachine } from '../../machines/dialogs/transfer/index.ts'
import type { CommandReply } from '../../machines/openBudget/index.ts'
import { BankAccountId, CategoryGroupId, CategoryId, TemplateId } from '../../schemas/ids.ts'
import { CategoryGroupList, CategoryList } from '../../schemas/ledgerApi.ts'
import { CurrencyCode, IsoDate, Minor, PeriodKey } from '../../schemas/money.ts'
import type { TransactionTemplate } from '../../schemas/templates.ts'
import { chartTransitionKeys, createTransitionRecorder } from '../model/chartCoverage.ts'
import { isReply, startStandInBudget } from '../model/dialogs/standInBudget.ts'
import { modelTour, type Walk } from '../model/tour.ts'
import { type ArrangedBudget, api, arrangeBudget, arrangeOverspent } from './budgetData.ts'
import { currentPeriod, signInThrough, today, zl } from './support.ts'

// Issue 5: the paths the dialog models walk (tests/model/dialogs), replayed through the real UI on both viewports.
// The walks come from the same chart and the same greedy tour; here the events are what a person does (type, pick,
// press the submit button or 'Anuluj') and the reply is the real open budget's. After every step the screen must
// show the state the chart reached. Where the budget can refuse a valid form, the whole chart is walked on screen:
// cover overspending (the category is no longer overspent: the test plays another device through the API before
// the submit the walk refuses) and budget edit (the server refuses a new currency once money is recorded).
// Elsewhere the budget refuses only after a concurrent deletion, so the refusal edges stay with the model tests
// against the real actor, and the coverage check names exactly those as the ones the screen does not walk.

type Reply = 'applied' | 'refused'

type Control =
  | { readonly kind: 'text'; readonly name: string }
  | { readonly kind: 'choice'; readonly name: RegExp }
  | { readonly kind: 'radio' }

type DialogMachine<F extends object, P, V> = ReturnType<typeof createFormDialogMachine<F, P, V>>

type DialogCase<F extends object, P, V> = {
  readonly machine: DialogMachine<F, P, V>
  readonly props: P
  readonly dialog: string
  readonly submit: string
  readonly controls: { readonly [K in keyof F & string]?: Control }
  /** What a person can type or pick; a choice's value maps to the option's accessible name. */
  readonly changes: ReadonlyArray<FieldChange<F>>
  readonly option?: (value: unknown) => RegExp
  readonly open: () => Promise<unknown>
  /** Makes the budget answer the coming submit as the walk says (another device's change), when it can refuse. */
  readonly prepare?: (reply: Reply) => Promise<unknown>
  /** Or the budget's answer follows from the fields alone (the server refuses them). */
  readonly answers?: (fields: F) => Reply
  /** Puts the budget back as the walks start from it; runs before every walk but the first. */
  readonly reset: () => Promise<unknown>
  /** What the screen shows once the dialog applied its fields, and once it was cancelled. */
  readonly applied: (fields: F) => Promise<unknown>
  readonly untouched: () => Promise<unknown>
  /** The refusal's text, where the budget can refuse. */
  readonly refusal?: string
  /** Edges of the chart no person can take on this screen, and why (the model tests walk them on the actor). */
  readonly unreachable?: { readonly edges: RegExp; readonly why: string }
}

const REPLIES = {
  applied: { type: 'budget.commandApplied', commandIds: [] },
  refused: {
    type: 'budget.commandRefused',
    // The reply's details do not reach the chart's state; only its kind does.
    refusal: { kind: 'domain', error: { _tag: 'BudgetNotFound', code: 'budget-not-found' } },
  },
} satisfies Record<Reply, CommandReply>

/** A dialog whose budget can refuse a valid form on screen walks its whole chart there. */
const refuses = <F extends object, P, V>(spec: DialogCase<F, P, V>) =>
  spec.prepare !== undefined || spec.answers !== undefined

type Resting = {
  readonly value: unknown
  readonly context: { readonly fields: object; readonly errors: object }
}

const serializeState = (snapshot: Resting) =>
  JSON.stringify({
    value: snapshot.value,
    fields: snapshot.context.fields,
    errors: Object.keys(snapshot.context.errors).sort(),
  })

const dialogInput = <P>(props: P, budget = createActor(createMachine({})).start()) => ({
  budget,
  currency: CurrencyCode.make('PLN'),
  locale: 'pl-PL',
  newId: () => 'id',
  props,
})

/**
 * The filter every dialog's model shares: the person acts only while the dialog is open and no request is waiting;
 * the budget answers only a waiting request; "discard changes?" takes only its two answers.
 */
const personAndBudget = (
  snapshot: { readonly status: string; readonly value: unknown },
  event: EventObject,
) =>
  snapshot.status === 'active' &&
  (snapshot.value === 'submitting') === isReply(event.type) &&
  (snapshot.value === 'confirmingDiscard') === event.type.startsWith('discard.')

/** The question Escape or 'Anuluj' asks over a changed form. */
const discardQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Odrzucić zmiany?' })

/** The person's answer to it: discard with its button, keep editing with Escape. */
const answerDiscard = async (page: Page, event: EventObject) => {
  if (event.type === 'discard.confirm')
    await discardQuestion(page).getByRole('button', { name: 'Odrzuć zmiany' }).click()
  else await page.keyboard.press('Escape')
  await expect(discardQuestion(page)).toHaveCount(0)
}

const DISCARD_ANSWERS = [{ type: 'discard.confirm' }, { type: 'discard.keep' }] as const

/** The greedy tour of a dialog's model, each walk also run on a real actor of its chart for coverage. */
const tourOf = <TSnapshot extends Snapshot<unknown>, TEvent extends EventObject, TInput>(
  model: TestModel<TSnapshot, TEvent, TInput>,
  machine: AnyStateMachine,
  props: unknown,
  serialize: (snapshot: TSnapshot) => string,
) => {
  const adjacency = model.getAdjacencyMap()
  // A walk that ends with a request waiting ends, on screen, with the budget's answer: the tour's walks get it too.
  const walks = modelTour(model, serialize).walks.map((walk) => {
    const last = walk.steps.at(-1)?.state
    if (last === undefined || !('value' in last) || last.value !== 'submitting') return walk
    const waiting = Object.entries(adjacency).find(([key]) => key === serialize(last))?.[1]
    const answers: Array<Step<TSnapshot, TEvent>> = Object.values(waiting?.transitions ?? {})
    const answer = answers.find(({ event }) => event.type === REPLIES.applied.type)
    return answer === undefined ? walk : { ...walk, steps: [...walk.steps, answer] }
  })
  /** The chart's transitions each walk takes. */
  const taken = walks.map((walk) => {
    const recorder = createTransitionRecorder()
    const { budget, requests } = startStandInBudget()
    const actor = createActor(machine, {
      input: dialogInput(props, budget),
      inspect: recorder.inspect,
    }).start()
    for (const step of walk.steps)
      if (isReply(step.event.type)) requests.at(-1)?.replyTo?.send(step.event)
      else actor.send(step.event)
    actor.stop()
    return recorder.walked
  })
  const walked = new Set(taken.flatMap((keys) => [...keys]))
  const [first] = Object.values(adjacency)
  if (first === undefined) throw new Error('an empty chart')
  /**
   * Fewer walks that still take every transition the tour takes and reach every kind of state `kind` tells apart
   * (greedy set cover, in tour order on ties): for a chart whose graph of field values is large, replaying the
   * whole tour on screen would take too long.
   */
  const covering = (kind: (state: TSnapshot) => string) => {
    const goals = walks.map(
      (walk, index) => new Set([...(taken[index] ?? []), ...walk.steps.map((step) => kind(step.state))]),
    )
    const left = new Set(goals.flatMap((keys) => [...keys]))
    const chosen: number[] = []
    while (left.size > 0) {
      let best = -1
      let gain = 0
      for (const [index, keys] of goals.entries()) {
        const adds = [...keys].filter((key) => left.has(key)).length
        if (adds > gain) [best, gain] = [index, adds]
      }
      chosen.push(best)
      for (const key of goals[best] ?? []) left.delete(key)
    }
    return chosen.sort((a, b) => a - b).flatMap((index) => walks[index] ?? [])
  }
  return {
    walks,
    covering,
    initial: first.state,
    notWalked: chartTransitionKeys(machine).filter((key) => !walked.has(key)),
  }
}

/** The walks of a form dialog's chart over a person's events. */
const walksOf = <F extends object, P, V>(spec: DialogCase<F, P, V>) => {
  const events: ReadonlyArray<FormDialogEvent<F>> = [
    ...spec.changes,
    { type: 'dialog.submit' },
    { type: 'dialog.cancel' },
    ...DISCARD_ANSWERS,
    REPLIES.applied,
    ...(refuses(spec) ? [REPLIES.refused] : []),
  ]
  const model = new TestModel(spec.machine, {
    input: dialogInput(spec.props),
    events,
    // Picking what a field already holds is no change; a budget that answers from the fields alone does so.
    filterEvents: (snapshot, event) =>
      personAndBudget(snapshot, event) &&
      (event.type !== 'form.change' || snapshot.context.fields[event.field] !== event.value) &&
      (!isReply(event.type) ||
        spec.answers === undefined ||
        event.type === REPLIES[spec.answers(snapshot.context.fields)].type),
    serializeState,
  })
  return tourOf(model, spec.machine, spec.props, serializeState)
}

/** The screen for a resting state of the chart. */
const expectScreen = async <F extends object, P, V>(
  page: Page,
  spec: DialogCase<F, P, V>,
  state: Resting,
) => {
  const dialog = page.getByRole('dialog', { name: spec.dialog })
  const fields = state.context.fields as F
  switch (state.value) {
    case 'editing':
    case 'failed': {
      await expect(dialog).toBeVisible()
      for (const [field, control] of Object.entries(spec.controls) as Array<[keyof F & string, Control]>)
        if (control.kind === 'text')
          await expect(dialog.getByRole('textbox', { name: control.name })).toHaveValue(String(fields[field]))
      await expect(dialog.locator('.field__error')).toHaveCount(Object.keys(state.context.errors).length)
      if (state.value === 'failed') await expect(dialog.getByRole('alert')).toHaveText(spec.refusal ?? '')
      else await expect(dialog.getByRole('alert')).toHaveCount(0)
      return
    }
    case 'confirmingDiscard':
      await expect(discardQuestion(page)).toBeVisible()
      return
    case 'done':
      await expect(dialog).toHaveCount(0)
      await spec.applied(fields)
      return
    case 'cancelled':
      // Closed, not hidden behind the question (which takes the form out of the accessibility tree).
      await expect(discardQuestion(page)).toHaveCount(0)
      await expect(dialog).toHaveCount(0)
      await spec.untouched()
      return
    default:
      throw new Error(`no screen for ${JSON.stringify(state.value)}`)
  }
}

const perform = async <F extends object, P, V>(
  page: Page,
  spec: DialogCase<F, P, V>,
  event: FormDialogEvent<F>,
) => {
  const dialog = page.getByRole('dialog', { name: spec.dialog })
  if (event.type === 'form.change') {
    const control = spec.controls[event.field]
    if (control === undefined) throw new Error(`no control for ${event.field}`)
    if (control.kind === 'text')
      await dialog.getByRole('textbox', { name: control.name }).fill(String(event.value))
    else if (control.kind === 'radio') {
      // react-aria hides the input itself behind its label; people click the label or press Space on it.
      await dialog.getByRole('radio', { name: spec.option?.(event.value) ?? String(event.value) }).focus()
      await page.keyboard.press('Space')
    } else {
      await dialog.getByRole('button', { name: control.name }).click()
      await page.getByRole('option', { name: spec.option?.(event.value) ?? String(event.value) }).click()
    }
  } else if (event.type === 'dialog.submit')
    await dialog.getByRole('button', { name: spec.submit, exact: true }).click()
  else if (event.type === 'dialog.cancel')
    await dialog.getByRole('button', { name: 'Anuluj', exact: true }).click()
  else if (event.type === 'discard.confirm' || event.type === 'discard.keep') await answerDiscard(page, event)
}

/** How one dialog meets a person on screen, for replaying its chart's walks there. */
type Screen<TState extends { readonly value: unknown }, TEvent extends EventObject> = {
  readonly dialog: string
  readonly open: () => Promise<unknown>
  readonly reset: () => Promise<unknown>
  readonly prepare?: ((reply: Reply) => Promise<unknown>) | undefined
  readonly perform: (event: TEvent) => Promise<unknown>
  readonly expectScreen: (state: TState) => Promise<unknown>
}

/**
 * A walk may end with the dialog open (the tour starts afresh when nothing new is reachable from there), changed
 * (cancelling asks) or asking: the person closes it, discarding what was typed.
 */
const closeLeftOpen = async (page: Page, name: string) => {
  const left = page.getByRole('dialog', { name })
  const question = discardQuestion(page)
  await expect(async () => {
    if (await question.isVisible())
      await question.getByRole('button', { name: 'Odrzuć zmiany' }).click({ timeout: 1_000 })
    else if (await left.isVisible())
      await left.getByRole('button', { name: 'Anuluj', exact: true }).click({ timeout: 1_000 })
    // Behind the question the form is inert, out of the accessibility tree: both must be gone.
    await expect(question).toHaveCount(0, { timeout: 1_000 })
    await expect(left).toHaveCount(0, { timeout: 1_000 })
  }).toPass({ timeout: 15_000 })
}

/**
 * Replays walks through the screen: each opens the dialog, checks the chart's initial state on screen, then does
 * every step and checks the state it reached. 'submitting' does not rest (the open budget answers within the same
 * task, or the server soon after), so the reply's state is the one checked.
 */
const replayWalks = async <TState extends { readonly value: unknown }, TEvent extends EventObject>(
  page: Page,
  walks: ReadonlyArray<Walk<TState & Snapshot<unknown>, TEvent>>,
  initial: TState,
  screen: Screen<TState, TEvent>,
) => {
  for (const [index, walk] of walks.entries()) {
    await test.step(`walk ${index + 1} of ${walks.length}`, async () => {
      await closeLeftOpen(page, screen.dialog)
      if (index > 0) await screen.reset()
      await screen.open()
      await screen.expectScreen(initial)
      for (const [at, step] of walk.steps.entries()) {
        if (step.event.type === 'dialog.submit' && step.state.value === 'submitting')
          await screen.prepare?.(
            walk.steps[at + 1]?.event.type === REPLIES.refused.type ? 'refused' : 'applied',
          )
        await screen.perform(step.event)
        if (step.state.value !== 'submitting') await screen.expectScreen(step.state)
      }
    })
  }
  await closeLeftOpen(page, screen.dialog)
}

const replayThroughUi = async <F extends object, P, V>(page: Page, spec: DialogCase<F, P, V>) => {
  const { walks, initial, notWalked } = walksOf(spec)
  const walkable = (key: string) =>
    (refuses(spec) || !/failed|commandRefused/u.test(key)) && !spec.unreachable?.edges.test(key)
  expect(notWalked.filter(walkable), spec.unreachable?.why).toEqual([])
  await replayWalks(page, walks, initial, {
    dialog: spec.dialog,
    open: spec.open,
    reset: spec.reset,
    prepare: spec.prepare,
    perform: (event) => perform(page, spec, event),
    expectScreen: (state) => expectScreen(page, spec, state),
  })
}

/** A record of the budget as the app gets it, decoded: the dialogs' props. */
const recordOf = async <T extends { readonly id: string }>(
  request: APIRequestContext,
  budget: ArrangedBudget,
  resource: 'categories' | 'category-groups',
  list: Schema.Decoder<ReadonlyArray<T>>,
  id: string,
) => {
  const answer = await api(request, 'GET', `/api/budget/${budget.id}/${resource}`)
  const record = Schema.decodeUnknownSync(list)(answer).find((candidate) => candidate.id === id)
  if (record === undefined) throw new Error(`no ${resource} ${id} in the arranged budget`)
  return record
}

const period = PeriodKey.make(currentPeriod)
const mobile = (page: Page) => (page.viewportSize()?.width ?? 0) <= 992

/** An action of Konto osobiste: its screen's link on a phone, its row's menu in the desktop's accounts pane. */
const accountAction = async (page: Page, accounts: string, action: string) => {
  if (mobile(page)) {
    await page.goto(accounts)
    await page.getByRole('link', { name: 'Konto osobiste' }).first().click()
    await page.getByRole('link', { name: action }).click()
  } else {
    await page.getByRole('button', { name: 'Akcje konta Konto osobiste' }).click()
    await page.getByRole('menuitem', { name: action }).click()
  }
}

/** A row's menu: 'Zmień nazwę' opens the name dialog on both viewports. */
const rename = async (page: Page, menu: string) => {
  await page.getByRole('button', { name: menu, exact: true }).click()
  await page.getByRole('menuitem', { name: 'Zmień nazwę', exact: true }).click()
}

test('the category and group name dialogs walk their charts on screen', async ({ page, request }) => {
  test.setTimeout(120_000)
  const budget = await arrangeBudget(request, `Ścieżki nazw ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  await signInThrough(page, `/budget/${budget.id}/period/${period}`)
  const menuShown = (menu: string) =>
    expect(page.getByRole('button', { name: menu, exact: true })).toBeVisible()

  const rent = await recordOf(request, budget, 'categories', CategoryList, budget.rentId)
  await replayThroughUi(page, {
    machine: categoryEditMachine,
    props: { mode: 'edit', category: rent },
    dialog: 'Edytuj kategorię',
    submit: 'Zapisz',
    controls: { name: { kind: 'text', name: 'Nazwa kategorii' } },
    changes: [
      { type: 'form.change', field: 'name', value: '' },
      { type: 'form.change', field: 'name', value: 'Opłaty' },
    ],
    open: () => rename(page, 'Działania kategorii Czynsz'),
    reset: async () => {
      await api(request, 'PUT', `${base}/categories/${budget.rentId}`, { name: 'Czynsz' })
      await menuShown('Działania kategorii Czynsz')
    },
    applied: ({ name }) => menuShown(`Działania kategorii ${name}`),
    untouched: () => menuShown('Działania kategorii Czynsz'),
  })

  const group = await recordOf(request, budget, 'category-groups', CategoryGroupList, budget.groupId)
  await replayThroughUi(page, {
    machine: groupEditMachine,
    props: { mode: 'edit', group },
    dialog: 'Zmień nazwę grupy',
    submit: 'Zapisz',
    controls: { name: { kind: 'text', name: 'Nazwa grupy' } },
    changes: [
      { type: 'form.change', field: 'name', value: '' },
      { type: 'form.change', field: 'name', value: 'Rachunki' },
    ],
    open: () => rename(page, 'Działania grupy Wydatki stałe'),
    reset: async () => {
      await api(request, 'PUT', `${base}/category-groups/${budget.groupId}`, { name: 'Wydatki stałe' })
      await menuShown('Działania grupy Wydatki stałe')
    },
    applied: ({ name }) => menuShown(`Działania grupy ${name}`),
    untouched: () => menuShown('Działania grupy Wydatki stałe'),
  })
})

/**
 * Czynsz has 1 000 zł; Jedzenie 100 zł assigned and 150 zł spent: overspent by 50 zł. The page is signed in on
 * the month (desktop) or on Jedzenie's category screen (phone).
 */
const arrangeCategories = async (page: Page, request: APIRequestContext, label: string) => {
  const budget = await arrangeOverspent(request, `${label} ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  const assign = (categoryId: string, value: number) =>
    api(request, 'PUT', `${base}/period/${period}/categories/${categoryId}/assigned`, { value })
  const monthUrl = `/budget/${budget.id}/period/${period}`
  await signInThrough(page, mobile(page) ? `${monthUrl}/categories/${budget.foodId}` : monthUrl)
  /** The category's panel (desktop) or screen (phone), opened when it is not. */
  const panel = async (name: string, categoryId: string) => {
    const shown = mobile(page)
      ? page.getByRole('dialog', { name: `Kategoria ${name}` })
      : page.getByRole('region', { name, exact: true })
    if (await shown.isVisible()) return shown
    if (mobile(page)) await page.goto(`${monthUrl}/categories/${categoryId}`)
    else await page.getByRole('button', { name, exact: true }).click()
    await expect(shown).toBeVisible()
    return shown
  }
  const figure = (term: string, amount: string) =>
    expect(
      page
        .locator('.category-figures__item')
        .filter({ has: page.getByText(term, { exact: true }) })
        .locator('dd'),
    ).toHaveText(zl(amount))
  return { budget, base, assign, panel, figure }
}

test('cover overspending walks its whole chart on screen, refusal included', async ({ page, request }) => {
  test.setTimeout(120_000)
  const { budget, assign, panel, figure } = await arrangeCategories(page, request, 'Ścieżki pokrycia')
  const dialogName = 'Pokryj przekroczenie: Jedzenie'
  const available = (amount: string) => figure('Dostępne', amount)
  /** Jedzenie's overspending as the page knows it: in the open dialog's intro, else in the category's figures. */
  const overspentBy = async (amount: string) => {
    const dialog = page.getByRole('dialog', { name: dialogName })
    if (await dialog.isVisible())
      await expect(
        dialog.getByText(
          amount === '0,00'
            ? 'Kategoria nie jest już przekroczona: nie ma czego pokrywać.'
            : `przekroczona o ${zl(amount)}.`,
        ),
      ).toBeVisible()
    else await available(amount === '0,00' ? '0,00' : `-${amount}`)
  }
  await panel('Jedzenie', budget.foodId)
  await available('-50,00')

  // Another device sets the assignments: Jedzenie at 100 zł stays overspent, at 150 zł it is covered.
  const overspent = async () => {
    await Promise.all([assign(budget.foodId, 10_000), assign(budget.rentId, 100_000)])
    await overspentBy('50,00')
  }
  const covered = async () => {
    await assign(budget.foodId, 15_000)
    await overspentBy('0,00')
  }
  await replayThroughUi(page, {
    machine: coverOverspendingMachine,
    props: {
      periodKey: period,
      overspentCategoryId: CategoryId.make(budget.foodId),
      balances: [
        { categoryId: CategoryId.make(budget.rentId), available: Minor.make(100_000) },
        { categoryId: CategoryId.make(budget.foodId), available: Minor.make(-5_000) },
      ],
    },
    dialog: dialogName,
    submit: 'Pokryj',
    controls: { from: { kind: 'choice', name: /Pokryj z/u } },
    changes: [
      { type: 'form.change', field: 'from', value: CategoryId.make(budget.rentId) },
      { type: 'form.change', field: 'from', value: READY_TO_ASSIGN },
    ],
    option: (value) => (value === READY_TO_ASSIGN ? /^Do przydzielenia/u : /^Czynsz \(/u),
    open: async () =>
      (await panel('Jedzenie', budget.foodId)).getByRole('button', { name: 'Pokryj przekroczenie' }).click(),
    prepare: (reply) => (reply === 'refused' ? covered() : overspent()),
    reset: overspent,
    applied: () => available('0,00'),
    // A cancel leaves the budget as the last walk step found it: covered only by the other device's change.
    untouched: () => expect(page.getByRole('dialog', { name: dialogName })).toHaveCount(0),
    refusal: 'Ta kategoria nie jest przekroczona.',
  })
})

test('the category panel’s assign, move money and target dialogs walk their charts on screen', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  const { budget, base, assign, panel, figure } = await arrangeCategories(page, request, 'Ścieżki panelu')
  const press = async (name: string, categoryId: string, button: string) =>
    (await panel(name, categoryId)).getByRole('button', { name: button, exact: true }).click()
  const foodId = CategoryId.make(budget.foodId)
  const rentId = CategoryId.make(budget.rentId)

  await replayThroughUi(page, {
    machine: assignMoneyMachine,
    props: { periodKey: period, categoryId: foodId, assigned: Minor.make(10_000) },
    dialog: 'Przydziel środki: Jedzenie',
    submit: 'Przydziel',
    controls: { amount: { kind: 'text', name: 'Przydzielono w tym miesiącu' } },
    changes: [
      { type: 'form.change', field: 'amount', value: '' },
      { type: 'form.change', field: 'amount', value: '250' },
    ],
    open: () => press('Jedzenie', budget.foodId, 'Przydziel'),
    reset: async () => {
      await assign(budget.foodId, 10_000)
      await figure('Przydzielono', '100,00')
    },
    applied: ({ amount }) => figure('Przydzielono', amount === '250' ? '250,00' : '100,00'),
    untouched: () => figure('Przydzielono', '100,00'),
  })

  await replayThroughUi(page, {
    machine: moveMoneyMachine,
    props: {
      periodKey: period,
      from: rentId,
      balances: [{ categoryId: rentId, available: Minor.make(100_000) }],
    },
    dialog: 'Przenieś środki',
    submit: 'Przenieś',
    controls: { to: { kind: 'choice', name: /Dokąd/u }, amount: { kind: 'text', name: 'Kwota' } },
    changes: [
      { type: 'form.change', field: 'to', value: READY_TO_ASSIGN },
      { type: 'form.change', field: 'amount', value: '30' },
      { type: 'form.change', field: 'amount', value: '2000' },
    ],
    option: () => /^Do przydzielenia/u,
    open: () => press('Czynsz', budget.rentId, 'Przenieś środki'),
    reset: async () => {
      await assign(budget.rentId, 100_000)
      await figure('Dostępne', '1 000,00')
    },
    applied: () => figure('Dostępne', '970,00'),
    untouched: () => figure('Dostępne', '1 000,00'),
  })

  await replayThroughUi(page, {
    machine: targetMachine,
    props: { categoryId: foodId, target: null },
    dialog: 'Cel: Jedzenie',
    submit: 'Zapisz cel',
    controls: { amount: { kind: 'text', name: 'Kwota celu' } },
    changes: [
      { type: 'form.change', field: 'amount', value: '0' },
      { type: 'form.change', field: 'amount', value: '400' },
    ],
    open: () => press('Jedzenie', budget.foodId, 'Ustaw cel'),
    reset: async () => {
      await api(request, 'DELETE', `${base}/categories/${budget.foodId}/target`).catch(() => undefined)
      await expect(page.getByText('Potrzebne na wydatki co miesiąc')).toHaveCount(0)
    },
    applied: () => expect(page.getByText('Potrzebne na wydatki co miesiąc')).toBeVisible(),
    untouched: () => expect(page.getByText('Potrzebne na wydatki co miesiąc')).toHaveCount(0),
  })
})

test('move category and auto-assign walk their charts on screen', async ({ page, request }) => {
  test.setTimeout(150_000)
  const { budget, base, panel } = await arrangeCategories(page, request, 'Ścieżki grup')
  const savings = await api(request, 'POST', `${base}/category-groups`, { name: 'Oszczędności' })
  const savingsId = CategoryGroupId.make(String((savings as { id: string }).id))
  const groupId = CategoryGroupId.make(budget.groupId)
  const foodId = CategoryId.make(budget.foodId)
  const groupOfFood = (name: string) => expect(page.getByText(`Grupa: ${name}`)).toBeVisible()

  await replayThroughUi(page, {
    machine: moveCategoryMachine,
    props: {
      categoryId: foodId,
      currentGroupId: groupId,
      groups: [
        {
          id: groupId,
          categoryIds: [budget.rentId, budget.foodId, budget.salaryId].map((id) => CategoryId.make(id)),
        },
        { id: savingsId, categoryIds: [] },
      ],
    },
    dialog: 'Przenieś kategorię: Jedzenie',
    submit: 'Przenieś',
    controls: { groupId: { kind: 'choice', name: /Grupa kategorii/u } },
    changes: [
      { type: 'form.change', field: 'groupId', value: savingsId },
      { type: 'form.change', field: 'groupId', value: groupId },
    ],
    option: (value) => (value === savingsId ? /^Oszczędności$/u : /^Wydatki stałe$/u),
    open: async () =>
      (await panel('Jedzenie', budget.foodId))
        .getByRole('button', { name: 'Przenieś do innej grupy' })
        .click(),
    reset: async () => {
      await api(request, 'PUT', `${base}/category-groups/${budget.groupId}/categories`, {
        categoryIds: [budget.rentId, budget.foodId, budget.salaryId],
      })
      await groupOfFood('Wydatki stałe')
    },
    applied: ({ groupId: chosen }) => groupOfFood(chosen === savingsId ? 'Oszczędności' : 'Wydatki stałe'),
    untouched: () => groupOfFood('Wydatki stałe'),
    unreachable: {
      edges: /^moveCategory\.validating --\(always\).*--> moveCategory\.editing$/u,
      why: 'the group field always holds a group: a person cannot submit it empty',
    },
  })

  // Nothing is underfunded without targets: the option applies and changes no money.
  const readyToAssign = () => expect(page.getByTestId('ready-to-assign')).toHaveText(zl('3 900,00'))
  const monthUrl = `/budget/${budget.id}/period/${period}`
  await replayThroughUi(page, {
    machine: autoAssignMachine,
    props: { periodKey: period },
    dialog: 'Automatyczny przydział',
    submit: 'Przydziel automatycznie',
    controls: { option: { kind: 'radio' } },
    changes: [{ type: 'form.change', field: 'option', value: 'underfunded' }],
    option: () => /Brakujące do celów/u,
    open: async () => {
      if (mobile(page)) await page.goto(`${monthUrl}/auto-assign`)
      else await page.getByRole('button', { name: 'Automatyczny przydział', exact: true }).click()
    },
    reset: async () => undefined,
    applied: readyToAssign,
    untouched: readyToAssign,
  })
})

test('transfer walks its chart on screen', async ({ page, request }) => {
  test.setTimeout(150_000)
  const budget = await arrangeBudget(request, `Ścieżki przelewu ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  const savings = await api(request, 'POST', `${base}/bank-accounts`, {
    name: 'Oszczędności',
    type: 'unconnected',
    balance: 0,
    date: today,
  })
  const accounts = `/budget/${budget.id}/period/${period}${mobile(page) ? '/bankAccounts' : '?view=accounts'}`
  await signInThrough(page, accounts)
  /** Oszczędności' balance in the accounts list (the phone's list screen, the desktop's accounts pane). */
  const savingsShows = async (amount: string) => {
    if (mobile(page)) await page.goto(accounts)
    await expect(
      page.getByRole('listitem', { name: 'Oszczędności' }).locator('.account-row__working'),
    ).toContainText(zl(amount))
  }
  let transfers = 0
  await replayThroughUi(page, {
    machine: transferMachine,
    props: { fromBankAccountId: BankAccountId.make(budget.checkingId), today: IsoDate.make(today) },
    dialog: 'Przelew między kontami',
    submit: 'Przelej',
    controls: { to: { kind: 'choice', name: /Na konto/u }, amount: { kind: 'text', name: 'Kwota' } },
    changes: [
      { type: 'form.change', field: 'to', value: BankAccountId.make(String((savings as { id: string }).id)) },
      { type: 'form.change', field: 'amount', value: '5' },
    ],
    option: () => /^Oszczędności/u,
    open: async () => {
      await accountAction(page, accounts, 'Przelew')
    },
    reset: async () => undefined,
    applied: async () => {
      transfers += 1
      await savingsShows(`${transfers * 5},00`)
    },
    untouched: () => savingsShows(`${transfers * 5},00`),
  })
})

test('budget edit walks its whole chart on screen, the server’s refusal included', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000)
  // The opening balance is money recorded: the server refuses another currency.
  const name = `Ścieżki budżetu ${Date.now()}`
  const budget = await arrangeBudget(request, name)
  const listPath = mobile(page) ? '/budget/list' : '/budgets'
  await signInThrough(page, listPath)
  const list = page.getByRole('list', { name: 'Twoje budżety' })
  const listed = (shown: string) =>
    expect(list.getByRole('link', { name: new RegExp(`^${shown}`, 'u') })).toBeVisible()
  await replayThroughUi(page, {
    machine: budgetEditMachine,
    props: { mode: 'edit', name, currency: CurrencyCode.make('PLN') },
    dialog: 'Edytuj budżet',
    submit: 'Zapisz',
    controls: { name: { kind: 'text', name: 'Nazwa' }, currency: { kind: 'choice', name: /Waluta/u } },
    changes: [
      { type: 'form.change', field: 'name', value: '' },
      { type: 'form.change', field: 'name', value: `${name} 2` },
      { type: 'form.change', field: 'currency', value: 'EUR' },
    ],
    option: (value) => new RegExp(`^${String(value)}\\b`, 'u'),
    answers: ({ currency }) => (currency === 'PLN' ? 'applied' : 'refused'),
    open: async () => {
      if (!page.url().endsWith(listPath)) await page.goto(listPath)
      await list.getByRole('button', { name: `Edytuj budżet ${name}`, exact: true }).click()
    },
    reset: async () => {
      await api(request, 'PUT', `/api/budget/${budget.id}`, { name })
      await page.goto(listPath)
      await listed(name)
    },
    applied: ({ name: shown }) => listed(shown),
    untouched: () => listed(name),
    refusal: 'Waluty nie można zmienić, gdy budżet zawiera już pieniądze.',
  })
})

test('reconcile walks its chart on screen', async ({ page, request }) => {
  test.setTimeout(150_000)
  const budget = await arrangeBudget(request, `Ścieżki uzgodnienia ${Date.now()}`)
  const accounts = `/budget/${budget.id}/period/${period}${mobile(page) ? '/bankAccounts' : '?view=accounts'}`
  await signInThrough(page, accounts)
  // The bank's balance is stated in another form of the same amount: nothing to adjust, so every walk starts alike.
  let reconciled = false
  const lastReconciled = async () => {
    if (mobile(page)) await page.goto(accounts)
    const row = page.getByRole('listitem', { name: 'Konto osobiste' })
    await expect(row.getByText(/Ostatnio uzgodnione/u)).toHaveCount(reconciled ? 1 : 0)
    await expect(row.locator('.account-row__working')).toContainText(zl('5 000,00'))
  }
  await replayThroughUi(page, {
    machine: reconcileMachine,
    props: {
      bankAccountId: BankAccountId.make(budget.checkingId),
      clearedBalance: Minor.make(500_000),
      today: IsoDate.make(today),
    },
    dialog: 'Saldo w banku: Konto osobiste',
    submit: 'Uzgodnij',
    controls: { balance: { kind: 'text', name: 'Saldo w banku' } },
    changes: [
      { type: 'form.change', field: 'balance', value: 'x' },
      { type: 'form.change', field: 'balance', value: '5000' },
    ],
    open: async () => {
      await accountAction(page, accounts, 'Uzgodnij saldo')
      await page.getByRole('button', { name: 'Nie, podam saldo z banku' }).click()
    },
    reset: async () => undefined,
    applied: async () => {
      reconciled = true
      await lastReconciled()
    },
    untouched: lastReconciled,
  })
})

test('delete category walks its chart on screen', async ({ page, request }) => {
  test.setTimeout(150_000)
  const budget = await arrangeBudget(request, `Ścieżki usuwania ${Date.now()}`)
  const base = `/api/budget/${budget.id}`
  /** Wakacje, the category each walk may delete; a walk that deleted it gets a new one. */
  const holiday = async () =>
    CategoryId.make(
      String(
        (
          (await api(request, 'POST', `${base}/categories`, {
            categoryGroupId: budget.groupId,
            name: 'Wakacje',
            type: 'Expense',
          })) as { id: string }
        ).id,
      ),
    )
  const first = await holiday()
  await signInThrough(page, `/budget/${budget.id}/period/${period}`)
  const menu = page.getByRole('button', { name: 'Działania kategorii Wakacje', exact: true })
  await replayThroughUi(page, {
    machine: deleteConfirmMachine,
    props: { kind: 'category', categoryId: first },
    dialog: 'Usuń kategorię',
    submit: 'Usuń',
    controls: { moveToCategoryId: { kind: 'choice', name: /Przenieś pieniądze i transakcje do/u } },
    changes: [{ type: 'form.change', field: 'moveToCategoryId', value: CategoryId.make(budget.rentId) }],
    option: () => /^Czynsz/u,
    open: async () => {
      await menu.click()
      await page.getByRole('menuitem', { name: 'Usuń', exact: true }).click()
    },
    reset: async () => {
      if ((await menu.count()) > 0) return
      await holiday()
      await expect(menu).toBeVisible()
    },
    applied: () => expect(menu).toHaveCount(0),
    untouched: () => expect(menu).toBeVisible(),
  })
})

test('the bank account dialogs (add, rename) walk their charts on screen', async ({ page, request }) => {
  test.setTimeout(150_000)
  const budget = await arrangeBudget(request, `Ścieżki kont ${Date.now()}`)
  const accounts = `/budget/${budget.id}/period/${period}${mobile(page) ? '/bankAccounts' : '?view=accounts'}`
  await signInThrough(page, accounts)
  const rows = (name: string) => page.getByRole('listitem', { name })
  const inList = async (name: string, count: number) => {
    if (mobile(page) && !page.url().endsWith('/bankAccounts')) await page.goto(accounts)
    await expect(rows(name)).toHaveCount(count)
  }

  let cards = 0
  await replayThroughUi(page, {
    machine: openBankAccountMachine,
    props: { mode: 'create', today: IsoDate.make(today) },
    dialog: 'Nowe konto',
    submit: 'Dodaj konto',
    controls: {
      name: { kind: 'text', name: 'Nazwa konta' },
      balance: { kind: 'text', name: 'Saldo początkowe' },
    },
    changes: [
      { type: 'form.change', field: 'name', value: 'Karta kredytowa' },
      { type: 'form.change', field: 'balance', value: 'x' },
      { type: 'form.change', field: 'balance', value: '-1 200,50' },
    ],
    open: async () => {
      if (mobile(page) && !page.url().endsWith('/bankAccounts')) await page.goto(accounts)
      await page.getByRole('button', { name: 'Dodaj konto' }).click()
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Niepołączone/u })
        .click()
    },
    reset: async () => undefined,
    applied: async () => {
      cards += 1
      await inList('Karta kredytowa', cards)
    },
    untouched: () => inList('Karta kredytowa', cards),
  })

  const checking = {
    id: BankAccountId.make(budget.checkingId),
    name: 'Konto osobiste',
    type: 'unconnected',
    state: 'Active',
    openingBalance: Minor.make(500_000),
    openingDate: IsoDate.make(today),
    lastReconciledAt: null,
    offBudget: false,
  } as const
  await replayThroughUi(page, {
    machine: renameBankAccountMachine,
    props: { mode: 'rename', account: checking },
    dialog: 'Zmień nazwę konta',
    submit: 'Zapisz',
    controls: { name: { kind: 'text', name: 'Nazwa konta' } },
    changes: [
      { type: 'form.change', field: 'name', value: '' },
      { type: 'form.change', field: 'name', value: 'Konto główne' },
    ],
    open: async () => {
      await accountAction(page, accounts, 'Zmień nazwę')
    },
    reset: async () => {
      await api(request, 'PUT', `/api/budget/${budget.id}/bank-accounts/${budget.checkingId}`, {
        name: 'Konto osobiste',
      })
      await inList('Konto osobiste', 1)
    },
    applied: ({ name }) => inList(name, 1),
    untouched: () => inList('Konto osobiste', 1),
  })
})

test('the transaction editor walks its chart on screen (up to two splits)', async ({ page, request }) => {
  test.setTimeout(240_000)
  const budget = await arrangeBudget(request, `Ścieżki transakcji ${Date.now()}`)
  const list = `/budget/${budget.id}/period/${period}${mobile(page) ? '/all-transactions' : '?view=transactions'}`
  await signInThrough(page, list)
  const foodId = CategoryId.make(budget.foodId)
  const rentId = CategoryId.make(budget.rentId)
  const categoryName = (id: CategoryId | null) =>
    id === foodId
      ? 'Jedzenie'
      : id === CategoryId.make(budget.readyToAssignId)
        ? 'Do przydzielenia'
        : 'Czynsz'
  const props = {
    mode: 'add',
    today: IsoDate.make(today),
    bankAccountId: BankAccountId.make(budget.checkingId),
    payees: [],
    // The screen's form gets the budget's income destination too: an inflow goes there until a category is chosen.
    incomeCategoryId: CategoryId.make(budget.readyToAssignId),
  } as const
  type Editor = {
    readonly value: unknown
    readonly status: string
    readonly context: {
      readonly fields: {
        readonly amount: string
        readonly direction: string
        readonly splits: ReadonlyArray<{ readonly categoryId: CategoryId | null; readonly amount: string }>
      }
      readonly errors: { readonly fields: object; readonly splits: ReadonlyArray<object> }
    }
  }
  const serialize = (snapshot: Editor) =>
    JSON.stringify({
      value: snapshot.value,
      fields: snapshot.context.fields,
      errors: snapshot.context.errors,
    })
  const events: ReadonlyArray<TransactionFormEvent> = [
    { type: 'form.change', field: 'amount', value: '100' },
    { type: 'form.change', field: 'direction', value: 'inflow' },
    { type: 'split.add' },
    { type: 'split.remove', index: 1 },
    { type: 'split.setCategory', index: 0, categoryId: foodId },
    { type: 'split.setCategory', index: 1, categoryId: rentId },
    { type: 'split.setAmount', index: 0, amount: '60' },
    { type: 'split.setAmount', index: 1, amount: '40' },
    { type: 'dialog.submit' },
    { type: 'dialog.cancel' },
    ...DISCARD_ANSWERS,
    REPLIES.applied,
  ]
  const model = new TestModel(transactionFormMachine, {
    input: dialogInput(props),
    events,
    filterEvents: (snapshot, event) => {
      if (!personAndBudget(snapshot, event)) return false
      const { fields } = snapshot.context
      if (event.type === 'split.add') return fields.splits.length < 2
      if (event.type === 'form.change') return fields[event.field] !== event.value
      if (event.type === 'split.setCategory')
        return (
          event.index < fields.splits.length && fields.splits[event.index]?.categoryId !== event.categoryId
        )
      // One split takes the whole amount: its amount field shows only with several.
      if (event.type === 'split.setAmount')
        return (
          fields.splits.length > 1 &&
          event.index < fields.splits.length &&
          fields.splits[event.index]?.amount !== event.amount
        )
      if (event.type === 'split.remove') return event.index < fields.splits.length
      return true
    },
    serializeState: serialize,
  })
  const { covering, initial, notWalked } = tourOf(model, transactionFormMachine, props, serialize)
  // A valid transaction is refused only after a concurrent change (its account closed meanwhile).
  expect(notWalked.filter((key) => !/failed|commandRefused/u.test(key))).toEqual([])
  // The tour over field values has hundreds of walks; the screen replays the fewest of them that take every
  // transition the tour takes and reach every state, split count and set of fields in error it reaches.
  const walks = covering((state) =>
    JSON.stringify({
      value: state.value,
      splits: state.context.fields.splits.length,
      errors: [
        Object.keys(state.context.errors.fields),
        state.context.errors.splits.map((split) => Object.keys(split)),
      ],
    }),
  )

  const dialogName = 'Dodaj transakcję'
  const editor = page.getByRole('dialog', { name: dialogName })
  let added = 0
  const listed = () =>
    expect(page.getByRole('status').filter({ hasText: /transakcj/u })).toHaveText(
      added === 0 ? /nie ma jeszcze transakcji/iu : new RegExp(`^${added} transakcj`, 'u'),
    )
  await replayWalks(page, walks, initial, {
    dialog: dialogName,
    open: () => page.getByRole('button', { name: 'Dodaj transakcję' }).click(),
    reset: async () => undefined,
    perform: async (event) => {
      switch (event.type) {
        case 'form.change':
          if (event.field === 'amount')
            await editor.getByRole('textbox', { name: 'Kwota', exact: true }).fill(String(event.value))
          else {
            await editor.getByRole('radio', { name: event.value === 'inflow' ? 'Wpływ' : 'Wydatek' }).focus()
            await page.keyboard.press('Space')
          }
          return
        case 'split.add':
          return editor.getByRole('button', { name: /^(Podziel na kategorie|Dodaj podział)$/u }).click()
        case 'split.remove':
          return editor.getByRole('button', { name: `Usuń podział ${event.index + 1}` }).click()
        case 'split.setCategory': {
          const several = (await editor.getByRole('textbox', { name: /^Kwota \d$/u }).count()) > 1
          await editor
            .getByRole('button', {
              name: new RegExp(several ? `Kategoria ${event.index + 1}$` : 'Kategoria$', 'u'),
            })
            .click()
          return page.getByRole('option', { name: categoryName(event.categoryId), exact: true }).click()
        }
        case 'split.setAmount':
          return editor
            .getByRole('textbox', { name: `Kwota ${event.index + 1}`, exact: true })
            .fill(event.amount)
        case 'dialog.submit':
          return editor.getByRole('button', { name: 'Zapisz', exact: true }).click()
        case 'dialog.cancel':
          return editor.getByRole('button', { name: 'Anuluj', exact: true }).click()
        case 'discard.confirm':
        case 'discard.keep':
          return answerDiscard(page, event)
        default:
          // The open budget's answer: nobody acts for it.
          return
      }
    },
    expectScreen: async (state) => {
      const { fields, errors } = state.context
      switch (state.value) {
        case 'editing':
        case 'failed': {
          await expect(editor.getByRole('textbox', { name: 'Kwota', exact: true })).toHaveValue(fields.amount)
          const amounts = editor.getByRole('textbox', { name: /^Kwota \d$/u })
          await expect(amounts).toHaveCount(fields.splits.length > 1 ? fields.splits.length : 0)
          if (fields.splits.length > 1)
            for (const [index, split] of fields.splits.entries())
              await expect(
                editor.getByRole('textbox', { name: `Kwota ${index + 1}`, exact: true }),
              ).toHaveValue(split.amount)
          const shown =
            Object.keys(errors.fields).length +
            errors.splits.reduce((sum: number, split: object) => sum + Object.keys(split).length, 0)
          await expect(editor.locator('.field__error')).toHaveCount(shown)
          return
        }
        case 'confirmingDiscard':
          return expect(discardQuestion(page)).toBeVisible()
        case 'done':
          added += 1
          await expect(editor).toHaveCount(0)
          return listed()
        case 'cancelled':
          await expect(discardQuestion(page)).toHaveCount(0)
          await expect(editor).toHaveCount(0)
          return listed()
        default:
          throw new Error(`no screen for ${JSON.stringify(state.value)}`)
      }
    },
  })
})

/** Runs one domain command on the budget through the API, as another device would. */
const command = (request: APIRequestContext, budget: ArrangedBudget, body: Record<string, unknown>) =>
  api(request, 'POST', `/api/budget/${budget.id}/commands`, { command: body })

/** A monthly bill of 2 500 zł from Konto osobiste to Czynsz, due today: a draft at once. */
const rentTemplate = (budget: ArrangedBudget, id: string): TransactionTemplate => ({
  id: TemplateId.make(id),
  bankAccountId: BankAccountId.make(budget.checkingId),
  toBankAccountId: null,
  payee: 'Czynsz za mieszkanie',
  memo: '',
  value: Minor.make(-250_000),
  splits: [{ categoryId: CategoryId.make(budget.rentId), value: Minor.make(-250_000) }],
  frequency: 'Monthly',
  interval: 1,
  startDate: IsoDate.make(today),
  endDate: null,
  occurrences: null,
  shift: 'None',
  amountMatch: 'Exact',
  skippedThrough: null,
})

const createTemplate = (request: APIRequestContext, budget: ArrangedBudget, template: TransactionTemplate) =>
  command(request, budget, {
    _tag: 'CreateTemplate',
    templateId: template.id,
    bankAccountId: template.bankAccountId,
    payee: template.payee,
    value: template.value,
    splits: template.splits,
    frequency: template.frequency,
    startDate: template.startDate,
  })

test('the recurring template and draft dialogs walk their charts on screen', async ({ page, request }) => {
  test.setTimeout(240_000)
  const budget = await arrangeBudget(
    request,
    `Ścieżki cyklicznych ${Date.now()}`,
    500_000,
    `${today.slice(0, 8)}01`,
  )
  let template = rentTemplate(budget, randomUUID())
  await createTemplate(request, budget, template)
  const accounts = `/budget/${budget.id}/period/${period}${mobile(page) ? '/bankAccounts' : '?view=accounts'}`
  const register = mobile(page)
    ? `/budget/${budget.id}/period/${period}/bankAccounts/${budget.checkingId}`
    : `/budget/${budget.id}/period/${period}?view=transactions&account=${budget.checkingId}`
  await signInThrough(page, accounts)
  const list = page.getByRole('region', { name: 'Cykliczne', exact: true })
  const listShows = (amount: string) =>
    expect(list.getByRole('listitem').filter({ hasText: 'Czynsz za mieszkanie' })).toContainText(zl(amount))

  // Edit: the amount, refused empty; an unchanged form closes without a command.
  await replayThroughUi(page, {
    machine: transactionTemplateMachine,
    props: { mode: 'edit', template },
    dialog: 'Edytuj transakcję cykliczną',
    submit: 'Zapisz',
    controls: { amount: { kind: 'text', name: 'Kwota' } },
    changes: [
      { type: 'form.change', field: 'amount', value: '' },
      { type: 'form.change', field: 'amount', value: '2600' },
    ],
    open: async () => {
      if (mobile(page)) await page.goto(accounts)
      await list.getByRole('button', { name: 'Edytuj: Czynsz za mieszkanie' }).click()
    },
    // Reset through the API, then wait for the page to hear it: on a loaded machine the live update can come after
    // the next walk opens the dialog, which then shows the last walk's amount.
    reset: async () => {
      await command(request, budget, {
        _tag: 'EditTemplate',
        templateId: template.id,
        value: -250_000,
        splits: template.splits,
      })
      if (mobile(page)) await page.goto(accounts)
      await listShows('-2 500,00')
    },
    applied: (fields) => listShows(fields.amount === '2600' ? '-2 600,00' : '-2 500,00'),
    untouched: () => listShows('-2 500,00'),
  })

  // Confirm: each walk confirms a fresh draft (the template made anew: its fields open the same).
  await command(request, budget, {
    _tag: 'EditTemplate',
    templateId: template.id,
    value: -250_000,
    splits: template.splits,
  })
  const transactions = page.getByRole('table', { name: 'Transakcje' })
  await page.goto(register)
  let confirmed = 0
  await replayThroughUi(page, {
    machine: transactionDraftMachine,
    props: { template, date: IsoDate.make(today) },
    dialog: 'Zatwierdź transakcję cykliczną',
    submit: 'Zatwierdź',
    controls: { amount: { kind: 'text', name: 'Kwota' } },
    changes: [
      { type: 'form.change', field: 'amount', value: '' },
      { type: 'form.change', field: 'amount', value: '2450' },
    ],
    open: async () => {
      await page.goto(register)
      await page
        .getByRole('region', { name: 'Szkice transakcji cyklicznych' })
        .getByRole('button', { name: 'Zatwierdź' })
        .click()
    },
    reset: async () => {
      await command(request, budget, { _tag: 'DeleteTemplate', templateId: template.id })
      template = rentTemplate(budget, randomUUID())
      await createTemplate(request, budget, template)
    },
    applied: async () => {
      confirmed += 1
      await expect(transactions.getByRole('row', { name: /Czynsz za mieszkanie/u })).toHaveCount(confirmed)
    },
    untouched: () =>
      expect(transactions.getByRole('row', { name: /Czynsz za mieszkanie/u })).toHaveCount(confirmed),
  })
})

test('a desktop dialog has an address: Back closes it, reload keeps it, a link opens it', async ({
  page,
  request,
}) => {
  test.skip(mobile(page), 'Phones open dialogs as SPEC’s dialog routes (the walks above).')
  const budget = await arrangeBudget(request, `Adresy okien ${Date.now()}`)
  const monthUrl = `/budget/${budget.id}/period/${period}`
  await signInThrough(page, monthUrl)

  // Opened from the screen: the address names it, a reload keeps it, Back closes it.
  const autoAssign = page.getByRole('dialog', { name: 'Automatyczny przydział' })
  await page.getByRole('button', { name: 'Automatyczny przydział', exact: true }).click()
  await expect(autoAssign).toBeVisible()
  await expect(page).toHaveURL(/[?&]dialog=autoAssign(&|$)/u)
  await page.reload()
  await expect(autoAssign).toBeVisible()
  await page.goBack()
  await expect(autoAssign).toHaveCount(0)
  await expect(page).not.toHaveURL(/dialog=/u)
  await expect(page.getByRole('button', { name: 'Automatyczny przydział', exact: true })).toBeVisible()

  // A link with the parameters opens the dialog on its subject; cancelling drops them from the address.
  await page.goto(`${monthUrl}?dialog=moveCategory&dialogCategory=${budget.rentId}`)
  const move = page.getByRole('dialog', { name: 'Przenieś kategorię: Czynsz' })
  await expect(move).toBeVisible()
  await move.getByRole('button', { name: 'Anuluj', exact: true }).click()
  await expect(move).toHaveCount(0)
  await expect(page).not.toHaveURL(/dialog/u)

  // A parameter that does not decode opens nothing, and the month still shows.
  await page.goto(`${monthUrl}?dialog=noSuchDialog`)
  await expect(page.getByRole('button', { name: 'Automatyczny przydział', exact: true })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('a desktop dialog address opened on a phone lands on the dialog’s route', async ({ page, request }) => {
  test.skip(!mobile(page), 'The phone’s side of a shared desktop address.')
  const budget = await arrangeBudget(request, `Adres na telefonie ${Date.now()}`)
  const monthUrl = `/budget/${budget.id}/period/${period}`
  await signInThrough(page, monthUrl)
  // The root route rewrites the address before the month shows (src/router/equivalentAddress.ts).
  await page.goto(`${monthUrl}?dialog=moveCategory&dialogCategory=${budget.rentId}`)
  await expect(page.getByRole('dialog', { name: 'Przenieś kategorię: Czynsz' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/categories/${budget.rentId}/move$`, 'u'))
})
