import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import * as Schema from 'effect/Schema'
import { createActor, createMachine, type SnapshotFrom } from 'xstate'
import { TestModel } from 'xstate/graph'
import type { BudgetCommandRequest, CommandReply } from '../../machines/budget/index.ts'
import { categoryEditMachine } from '../../machines/dialogs/categoryEdit/index.ts'
import { groupEditMachine } from '../../machines/dialogs/groupEdit/index.ts'
import type { createFormDialogMachine, FormDialogEvent } from '../../machines/dialogs/shared/index.ts'
import { CategoryGroupList, CategoryList } from '../../schemas/ledger-api.ts'
import { CurrencyCode } from '../../schemas/money.ts'
import { createTransitionRecorder } from '../model/chart-coverage.ts'
import { modelTour, type Walk } from '../model/tour.ts'
import { type ArrangedBudget, api, arrangeBudget } from './budgetData.ts'
import { signInThrough } from './support.ts'

// Issue 5: the paths the dialog models walk (tests/model/dialogs), replayed through the real UI on both viewports.
// The walks come from the same chart and the same greedy tour; here the events are what a person does (type a
// name, press 'Zapisz' or 'Anuluj') and the reply is the real open budget's. After every step the screen must show
// the state the chart reached. The budget refuses a valid rename only after a concurrent change (another device
// deleted the category meanwhile), so the refusal edges stay with the model tests against the real actor; the
// coverage check below names exactly those as the ones the UI does not walk.

type NameFields = { readonly name: string }
type NameDialogMachine<F extends NameFields, P, V> = ReturnType<typeof createFormDialogMachine<F, P, V>>

type NameDialog<F extends NameFields, P, V> = {
  readonly machine: NameDialogMachine<F, P, V>
  readonly props: P
  /** The accessible names the person meets. */
  readonly menu: (name: string) => string
  readonly dialog: string
  readonly textbox: string
  /** Names typed into the field: one empty (refused by the form), one new. */
  readonly names: readonly string[]
  /** Puts the original name back through the API after a walk that renamed it. */
  readonly restore: (name: string) => Promise<unknown>
}

const APPLIED = { type: 'budget.commandApplied', commandIds: [] } satisfies CommandReply

const serializeState = (snapshot: { value: unknown; context: { fields: unknown; errors: object } }) =>
  JSON.stringify({
    value: snapshot.value,
    fields: snapshot.context.fields,
    errors: Object.keys(snapshot.context.errors),
  })

/** The walks of the dialog's chart over the person's events, each checked on a real actor for coverage. */
const walksOf = <F extends NameFields, P, V>(spec: NameDialog<F, P, V>) => {
  type Snapshot = SnapshotFrom<NameDialogMachine<F, P, V>>
  const standIn = () => createActor(createMachine({})).start()
  const input = {
    budget: standIn(),
    currency: CurrencyCode.make('PLN'),
    locale: 'pl-PL',
    newId: () => 'id',
    props: spec.props,
  }
  const events: ReadonlyArray<FormDialogEvent<F>> = [
    ...spec.names.map((name) => ({ type: 'form.change', field: 'name', value: name }) as FormDialogEvent<F>),
    { type: 'dialog.submit' },
    { type: 'dialog.cancel' },
    APPLIED,
  ]
  const model = new TestModel(spec.machine, {
    input,
    events,
    // The real budget applies a valid request at once; the person acts only while the dialog is open and no
    // request is waiting, and typing the text a field already holds is no change.
    filterEvents: (snapshot, event) =>
      snapshot.status === 'active' &&
      (snapshot.value === 'submitting') === (event.type === APPLIED.type) &&
      (event.type !== 'form.change' || snapshot.context.fields.name !== event.value),
    serializeState,
  })
  const { walks } = modelTour(model, serializeState)
  const recorder = createTransitionRecorder()
  for (const walk of walks) {
    const requests: BudgetCommandRequest[] = []
    const budget = createActor(
      createMachine({
        on: { 'budget.command': { actions: ({ event }) => requests.push(event as BudgetCommandRequest) } },
      }),
    ).start()
    const actor = createActor(spec.machine, {
      input: { ...input, budget },
      inspect: recorder.inspect,
    }).start()
    for (const step of walk.steps)
      if (step.event.type === APPLIED.type) requests.at(-1)?.replyTo?.send(step.event)
      else actor.send(step.event)
    actor.stop()
  }
  return {
    walks: walks as Array<Walk<Snapshot, FormDialogEvent<F>>>,
    notWalked: recorder.missingFrom(spec.machine),
  }
}

/** What the screen shows for a resting state of the chart. */
const expectScreen = async <F extends NameFields>(
  page: Page,
  spec: { dialog: string; textbox: string; menu: (name: string) => string },
  original: string,
  state: { value: unknown; context: { fields: F; errors: object } },
) => {
  const dialog = page.getByRole('dialog', { name: spec.dialog })
  const field = dialog.getByRole('textbox', { name: spec.textbox })
  switch (state.value) {
    case 'editing':
      await expect(field).toHaveValue(state.context.fields.name)
      if ('name' in state.context.errors) await expect(field).toHaveAttribute('aria-invalid', 'true')
      else await expect(field).not.toHaveAttribute('aria-invalid', 'true')
      return
    case 'done':
      await expect(dialog).toHaveCount(0)
      await expect(
        page.getByRole('button', { name: spec.menu(state.context.fields.name), exact: true }),
      ).toBeVisible()
      return
    case 'cancelled':
      await expect(dialog).toHaveCount(0)
      await expect(page.getByRole('button', { name: spec.menu(original), exact: true })).toBeVisible()
      return
    default:
      throw new Error(`no screen for ${JSON.stringify(state.value)}`)
  }
}

const replayThroughUi = async <F extends NameFields, P, V>(
  page: Page,
  original: string,
  spec: NameDialog<F, P, V>,
) => {
  const { walks, notWalked } = walksOf(spec)
  // Everything but the refusal's edges (see the header).
  expect(notWalked.filter((key) => !/failed|commandRefused/u.test(key))).toEqual([])
  for (const [index, walk] of walks.entries()) {
    await test.step(`walk ${index + 1} of ${walks.length}`, async () => {
      await page.getByRole('button', { name: spec.menu(original), exact: true }).click()
      await page.getByRole('menuitem', { name: 'Zmień nazwę', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: spec.dialog })
      const initial = JSON.parse(walk.from) as { value: unknown; fields: F; errors: string[] }
      await expectScreen(page, spec, original, {
        value: initial.value,
        context: { fields: initial.fields, errors: {} },
      })
      for (const step of walk.steps) {
        const event = step.event
        if (event.type === 'form.change')
          await dialog.getByRole('textbox', { name: spec.textbox }).fill(String(event.value))
        else if (event.type === 'dialog.submit')
          await dialog.getByRole('button', { name: 'Zapisz', exact: true }).click()
        else if (event.type === 'dialog.cancel')
          await dialog.getByRole('button', { name: 'Anuluj', exact: true }).click()
        // 'submitting' does not rest: the open budget answers within the same task; its reply's state is checked.
        if (step.state.value !== 'submitting') await expectScreen(page, spec, original, step.state)
      }
      const last = walk.steps.at(-1)?.state
      if (last?.value === 'done' && last.context.fields.name !== original) {
        await spec.restore(original)
        await expect(page.getByRole('button', { name: spec.menu(original), exact: true })).toBeVisible()
      }
    })
  }
}

/** The dialog's props as the app gets them: the budget's own records, decoded. */
const recordOf = async <T extends { readonly id: string }>(
  request: APIRequestContext,
  budget: ArrangedBudget,
  resource: 'categories' | 'category-groups',
  list: Schema.Decoder<ReadonlyArray<T>>,
  id: string,
) => {
  const record = Schema.decodeUnknownSync(list)(
    await api(request, 'GET', `/api/budget/${budget.id}/${resource}`),
  ).find((candidate) => candidate.id === id)
  if (record === undefined) throw new Error(`no ${resource} ${id} in the arranged budget`)
  return record
}

test('the category and group edit dialogs walk their charts on screen', async ({ page, request }) => {
  test.setTimeout(120_000)
  const budget = await arrangeBudget(request, `Ścieżki ${Date.now()}`)
  const period = new Date().toISOString().slice(0, 7).replace('-', '')
  await signInThrough(page, `/budget/${budget.id}/period/${period}`)
  const base = `/api/budget/${budget.id}`

  const rent = await recordOf(request, budget, 'categories', CategoryList, budget.rentId)
  const group = await recordOf(request, budget, 'category-groups', CategoryGroupList, budget.groupId)
  await replayThroughUi(page, 'Czynsz', {
    machine: categoryEditMachine,
    props: { mode: 'edit', category: rent },
    menu: (name) => `Działania kategorii ${name}`,
    dialog: 'Edytuj kategorię',
    textbox: 'Nazwa kategorii',
    names: ['', 'Opłaty'],
    restore: (name) => api(request, 'PUT', `${base}/categories/${budget.rentId}`, { name }),
  })

  await replayThroughUi(page, 'Wydatki stałe', {
    machine: groupEditMachine,
    props: { mode: 'edit', group },
    menu: (name) => `Działania grupy ${name}`,
    dialog: 'Zmień nazwę grupy',
    textbox: 'Nazwa grupy',
    names: ['', 'Rachunki'],
    restore: (name) => api(request, 'PUT', `${base}/category-groups/${budget.groupId}`, { name }),
  })
})
