import * as Result from 'effect/Result'
import type { Budget } from '../schemas/budget.ts'
import type { BudgetCommandOf, ImportItem, SplitInput } from '../schemas/budgetCommands.ts'
import type { BudgetError } from '../schemas/budgetErrors.ts'
import type { BudgetEvent, OccurrenceLink } from '../schemas/budgetEvents.ts'
import type { TemplateId } from '../schemas/ids.ts'
import type { IsoDate } from '../schemas/money.ts'
import type { TransactionTemplate } from '../schemas/templates.ts'
import * as money from './decideMoney.ts'
import { type Decision, fail, liveBudget } from './decision.ts'
import { occurrenceDates } from './recurrence.ts'
import type { BudgetState } from './state.ts'
import { isActedOn, matchingOccurrence, occurrenceKey } from './templates.ts'

// Recurring transaction templates (issue 29): the templates themselves, what the user does with an occurrence
// (confirm, skip, skip a backlog), the draft horizon, and the due drafts an entered or imported transaction
// completes. Occurrences are computed (recurrence.ts); only templates and completions are facts.

const findTemplate = (
  state: BudgetState,
  templateId: TemplateId,
): Result.Result<TransactionTemplate, BudgetError> => {
  const template = state.templates.get(templateId)
  return template ? Result.succeed(template) : fail('TemplateNotFound', { templateId })
}

/** A template as asked for: splits as the command gives them, not yet normalized. */
type TemplateInput = Omit<TransactionTemplate, 'splits'> & { readonly splits: readonly SplitInput[] }

/**
 * The template as stored, or why not: the same account and transfer rules as a transaction (an open account, a
 * transfer to another open account), splits normalized exactly as a transaction's (`normalizeSplits`), an end
 * not before the start. A transfer takes no splits and a negative value (money leaves `bankAccountId`).
 */
const validTemplate = (
  state: BudgetState,
  budget: Budget,
  input: TemplateInput,
): Result.Result<TransactionTemplate, BudgetError> =>
  Result.gen(function* () {
    const account = yield* money.activeAccount(state, input.bankAccountId)
    let splits: TransactionTemplate['splits'] = []
    if (input.toBankAccountId !== null) {
      if (input.toBankAccountId === input.bankAccountId) return yield* fail('TransferToSameAccount', {})
      yield* money.activeAccount(state, input.toBankAccountId)
      if (input.splits.length > 0) return yield* fail('TransferHasNoCategories', {})
      if (input.value >= 0) return yield* fail('TransferTemplateNeedsOutflow', { value: input.value })
    } else {
      splits = yield* money.normalizeSplits(state, input.value, input.splits, budget.uncategorizedCategoryId)
    }
    if (input.endDate !== null && input.endDate < input.startDate)
      return yield* fail('TemplateEndsBeforeStart', {})
    // Fixed key order, as for transactions: events and read models list fields alike.
    return {
      id: input.id,
      bankAccountId: account.id,
      toBankAccountId: input.toBankAccountId,
      payee: input.payee,
      memo: input.memo,
      value: input.value,
      splits,
      frequency: input.frequency,
      // "Every N" means nothing for a single occurrence.
      interval: input.frequency === 'Once' ? 1 : input.interval,
      startDate: input.startDate,
      endDate: input.endDate,
      occurrences: input.occurrences,
      shift: input.shift,
      amountMatch: input.amountMatch,
      skippedThrough: input.skippedThrough,
    }
  })

const sameTemplate = (a: TransactionTemplate, b: TransactionTemplate) =>
  a.id === b.id &&
  a.bankAccountId === b.bankAccountId &&
  a.toBankAccountId === b.toBankAccountId &&
  a.payee === b.payee &&
  a.memo === b.memo &&
  a.value === b.value &&
  a.splits.length === b.splits.length &&
  a.splits.every(
    (split, index) =>
      split.categoryId === b.splits[index]?.categoryId && split.value === b.splits[index]?.value,
  ) &&
  a.frequency === b.frequency &&
  a.interval === b.interval &&
  a.startDate === b.startDate &&
  a.endDate === b.endDate &&
  a.occurrences === b.occurrences &&
  a.shift === b.shift &&
  a.amountMatch === b.amountMatch &&
  a.skippedThrough === b.skippedThrough

export const createTemplate = (command: BudgetCommandOf<'CreateTemplate'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    if (state.templates.has(command.templateId))
      return yield* fail('TemplateAlreadyExists', { templateId: command.templateId })
    const template = yield* validTemplate(state, budget, {
      id: command.templateId,
      bankAccountId: command.bankAccountId,
      toBankAccountId: command.toBankAccountId ?? null,
      payee: command.payee,
      memo: command.memo ?? '',
      value: command.value,
      splits: command.splits,
      frequency: command.frequency,
      interval: command.interval ?? 1,
      startDate: command.startDate,
      endDate: command.endDate ?? null,
      occurrences: command.occurrences ?? null,
      shift: command.shift ?? 'None',
      amountMatch: command.amountMatch ?? 'Exact',
      skippedThrough: null,
    })
    return [{ _tag: 'TemplateCreated', template }]
  })

/** Absent fields stay; the merged template is validated as a new one; nothing changed → no events. */
export const editTemplate = (command: BudgetCommandOf<'EditTemplate'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    const current = yield* findTemplate(state, command.templateId)
    const toBankAccountId =
      command.toBankAccountId === undefined ? current.toBankAccountId : command.toBankAccountId
    const value = command.value ?? current.value
    // Becoming a transfer drops the categories unless the command gives splits (which a transfer then refuses).
    const splits = command.splits ?? (toBankAccountId !== null ? [] : current.splits)
    const edited = yield* validTemplate(state, budget, {
      ...current,
      bankAccountId: command.bankAccountId ?? current.bankAccountId,
      toBankAccountId,
      payee: command.payee ?? current.payee,
      memo: command.memo ?? current.memo,
      value,
      splits,
      frequency: command.frequency ?? current.frequency,
      interval: command.interval ?? current.interval,
      startDate: command.startDate ?? current.startDate,
      endDate: command.endDate === undefined ? current.endDate : command.endDate,
      occurrences: command.occurrences === undefined ? current.occurrences : command.occurrences,
      shift: command.shift ?? current.shift,
      amountMatch: command.amountMatch ?? current.amountMatch,
    })
    return sameTemplate(edited, current) ? [] : [{ _tag: 'TemplateEdited', template: edited }]
  })

export const deleteTemplate = (command: BudgetCommandOf<'DeleteTemplate'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const template = yield* findTemplate(state, command.templateId)
    return [{ _tag: 'TemplateDeleted', templateId: template.id }]
  })

/** The template, if `date` is one of its (effective) occurrence dates. */
const occurrenceOf = (state: BudgetState, templateId: TemplateId, date: IsoDate) =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const template = yield* findTemplate(state, templateId)
    if (occurrenceDates(template, date, date).length === 0)
      return yield* fail('OccurrenceNotFound', { templateId, date })
    return template
  })

/**
 * The occurrence becomes a transaction (or a transfer), decided exactly as AddTransaction (AddTransfer) would
 * decide it, then OccurrenceCompleted. An occurrence acted on already (confirmed, skipped, or in a skipped
 * backlog) adds nothing. A changed value with several splits needs splits that add up to it; with one or none it
 * goes whole to that category (the transaction rules).
 */
export const confirmOccurrence = (
  command: BudgetCommandOf<'ConfirmOccurrence'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    const template = yield* occurrenceOf(state, command.templateId, command.date)
    if (isActedOn(state, template, command.date)) return []
    const date = command.transactionDate ?? command.date
    const value = command.value ?? template.value
    let added: readonly BudgetEvent[]
    if (template.toBankAccountId !== null) {
      if (command.transfer === undefined)
        return yield* fail('OccurrenceNeedsTransfer', { templateId: template.id })
      if (command.splits !== undefined && command.splits.length > 0)
        return yield* fail('TransferHasNoCategories', {})
      added = yield* money.addTransfer(
        {
          _tag: 'AddTransfer',
          transferId: command.transfer.transferId,
          outflowTransactionId: command.transactionId,
          inflowTransactionId: command.transfer.inflowTransactionId,
          fromBankAccountId: template.bankAccountId,
          toBankAccountId: template.toBankAccountId,
          date,
          // The amount moved; the template's value is signed as its outflow side.
          value: Math.abs(value) as typeof value,
          memo: template.memo,
        },
        state,
      )
    } else {
      added = yield* money.addTransaction(
        {
          _tag: 'AddTransaction',
          transactionId: command.transactionId,
          bankAccountId: template.bankAccountId,
          date,
          payee: template.payee,
          memo: template.memo,
          value,
          splits: command.splits ?? template.splits,
          kind: 'Regular',
          ...(command.cleared === undefined ? {} : { cleared: command.cleared }),
        },
        state,
      )
    }
    return [
      ...added,
      {
        _tag: 'OccurrenceCompleted',
        templateId: template.id,
        completion: { date: command.date, outcome: 'Completed', transactionId: command.transactionId },
      },
    ]
  })

export const skipOccurrence = (command: BudgetCommandOf<'SkipOccurrence'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const template = yield* occurrenceOf(state, command.templateId, command.date)
    if (isActedOn(state, template, command.date)) return []
    return [
      {
        _tag: 'OccurrenceCompleted',
        templateId: template.id,
        completion: { date: command.date, outcome: 'Skipped', transactionId: null },
      },
    ]
  })

/** Only forward: a date on or before the backlog already cleared changes nothing. */
export const skipOccurrencesThrough = (
  command: BudgetCommandOf<'SkipOccurrencesThrough'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const template = yield* findTemplate(state, command.templateId)
    if (template.skippedThrough !== null && command.date <= template.skippedThrough) return []
    return [{ _tag: 'OccurrencesSkippedThrough', templateId: template.id, date: command.date }]
  })

export const setDraftHorizon = (command: BudgetCommandOf<'SetDraftHorizon'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    return state.draftHorizonDays === command.days ? [] : [{ _tag: 'DraftHorizonSet', days: command.days }]
  })

/**
 * AddTransaction, and when the transaction matches an occurrence not acted on (same account, the template's
 * amount, within ±2 days: `matchingOccurrence`), that occurrence is completed by it rather than left beside it.
 */
export const addTransactionCompleting = (
  command: Extract<ImportItem, { _tag: 'AddTransaction' }>,
  state: BudgetState,
): Decision => {
  const decision = money.addTransaction(command, state)
  if (Result.isFailure(decision) || state.templates.size === 0) return decision
  const match = matchingOccurrence(state, command)
  if (match === undefined) return decision
  return Result.succeed([
    ...decision.success,
    {
      _tag: 'OccurrenceCompleted',
      templateId: match.templateId,
      completion: { date: match.date, outcome: 'Completed', transactionId: command.transactionId },
    },
  ])
}

/**
 * ImportTransactions, its TransactionsImported recording the occurrences its (non-transfer) transactions complete,
 * each occurrence once (the first transaction, in the import's order, that matches it).
 */
export const importTransactionsCompleting = (
  command: BudgetCommandOf<'ImportTransactions'>,
  state: BudgetState,
): Decision => {
  const decision = money.importTransactions(command, state)
  if (Result.isFailure(decision) || state.templates.size === 0) return decision
  return Result.succeed(
    decision.success.map((event) => {
      if (event._tag !== 'TransactionsImported') return event
      const taken = new Set<string>()
      const completes: OccurrenceLink[] = []
      for (const transaction of event.transactions) {
        if (transaction.transferId !== null) continue
        const match = matchingOccurrence(state, transaction, taken)
        if (match === undefined) continue
        taken.add(occurrenceKey(match.templateId, match.date))
        completes.push({ templateId: match.templateId, date: match.date, transactionId: transaction.id })
      }
      return completes.length === 0 ? event : { ...event, completes }
    }),
  )
}
