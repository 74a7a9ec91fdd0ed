import * as HashMap from 'effect/HashMap'
import * as Result from 'effect/Result'
import type { BankAccount, Split, Transaction, TransferSides } from '../schemas/budget.ts'
import type { BudgetCommandOf, ImportItem, SplitInput } from '../schemas/budgetCommands.ts'
import { type BudgetError, budgetError } from '../schemas/budgetErrors.ts'
import type { BudgetEvent } from '../schemas/budgetEvents.ts'
import type { BankAccountId, CategoryId, TransactionId, TransferId } from '../schemas/ids.ts'
import type { Minor } from '../schemas/money.ts'
import { type Decision, fail, findCategory, liveBudget } from './decision.ts'
import { accountBalance } from './monthView.ts'
import { type BudgetState, findTransaction, findTransfer } from './state.ts'

// Bank accounts, transactions, transfers and reconciliation.

/** The payee of a reconciliation adjustment: an i18n key, translated by the UI. */
export const reconciliationPayee = 'reconciliation-adjustment'

const findAccount = (
  state: BudgetState,
  bankAccountId: BankAccountId,
): Result.Result<BankAccount, BudgetError> => {
  const account = state.accounts.get(bankAccountId)
  return account ? Result.succeed(account) : fail('BankAccountNotFound', { bankAccountId })
}

export const activeAccount = (state: BudgetState, bankAccountId: BankAccountId) =>
  Result.flatMap(findAccount(state, bankAccountId), (account) =>
    account.state === 'Closed' ? fail('AccountClosed', { bankAccountId }) : Result.succeed(account),
  )

const findExisting = (state: BudgetState, transactionId: TransactionId) => {
  const transaction = findTransaction(state, transactionId)
  return transaction ? Result.succeed(transaction) : fail('TransactionNotFound', { transactionId })
}

/**
 * Splits as stored: none means Uncategorized; one split always takes the whole value (SPEC: one split is always
 * valid); several must sum exactly to the value — or, as SPEC words it, to its absolute value, which an outflow
 * then takes as the signs of its splits.
 */
export const normalizeSplits = (
  state: BudgetState,
  value: Minor,
  splits: readonly SplitInput[],
  uncategorizedId: CategoryId,
): Result.Result<Split[], BudgetError> => {
  // Plain checks rather than Result.gen: this runs for every transaction of a bulk import.
  // The state's own id strings: a stored transaction then shares them instead of holding a copy per split
  // (equal strings, so nothing observable changes; a million transactions keep tens of megabytes less).
  const ids: CategoryId[] = []
  for (const split of splits) {
    const category = findCategory(state, split.categoryId)
    if (Result.isFailure(category)) return Result.fail(category.failure)
    ids.push(category.success.id)
  }
  const [first] = ids
  if (first === undefined) return Result.succeed([{ categoryId: uncategorizedId, value }])
  if (splits.length === 1) return Result.succeed([{ categoryId: first, value }])
  const total = splits.reduce((sum, split) => sum + split.value, 0)
  // biome-ignore lint/style/noNonNullAssertion: one id per split.
  const idOf = (index: number) => ids[index]!
  if (total === value)
    return Result.succeed(splits.map((split, index) => ({ categoryId: idOf(index), value: split.value })))
  if (value < 0 && total === -value) {
    // Negating a Minor keeps it a Minor.
    return Result.succeed(
      splits.map((split, index) => ({ categoryId: idOf(index), value: -split.value as Minor })),
    )
  }
  // A sum of Minor amounts; outside the safe range it would already have failed decoding of any one part.
  return fail('SplitsDoNotSumToValue', {
    messageKey: 'validation.splitsSum',
    value,
    splitsTotal: total as Minor,
  })
}

/**
 * The splits a transaction keeps in its account: a tracking (off-budget) account's carry no category (issue 32
 * §2), so none is stored and any given is refused; a budget account's are normalized.
 */
export const splitsIn = (
  state: BudgetState,
  account: BankAccount,
  value: Minor,
  splits: readonly SplitInput[],
  uncategorizedId: CategoryId,
): Result.Result<Split[], BudgetError> => {
  if (!account.offBudget) return normalizeSplits(state, value, splits, uncategorizedId)
  return splits.length === 0
    ? Result.succeed([])
    : fail('OffBudgetHasNoCategories', { bankAccountId: account.id })
}

/**
 * A transfer's sides' splits: none between two budget accounts or two tracking ones; across the budget's edge
 * the budget side carries the category (Uncategorized when none is given), as in YNAB.
 */
const transferSplits = (
  from: BankAccount,
  to: BankAccount,
  value: Minor,
  categoryId: CategoryId | undefined,
  uncategorizedId: CategoryId,
): { readonly outflow: Split[]; readonly inflow: Split[] } | undefined => {
  if (from.offBudget === to.offBudget)
    return categoryId === undefined ? { outflow: [], inflow: [] } : undefined
  const category = categoryId ?? uncategorizedId
  return from.offBudget
    ? { outflow: [], inflow: [{ categoryId: category, value }] }
    : // Negating a Minor keeps it a Minor.
      { outflow: [{ categoryId: category, value: -value as Minor }], inflow: [] }
}

const sameSplits = (a: Transaction['splits'], b: Transaction['splits']) =>
  a.length === b.length &&
  a.every((split, index) => split.categoryId === b[index]?.categoryId && split.value === b[index]?.value)

/** Field by field: a loaded transaction keeps the key order its source wrote (a snapshot's JSON, say). */
const sameTransaction = (a: Transaction, b: Transaction) =>
  a.id === b.id &&
  a.bankAccountId === b.bankAccountId &&
  a.date === b.date &&
  a.payee === b.payee &&
  a.memo === b.memo &&
  a.value === b.value &&
  a.direction === b.direction &&
  a.kind === b.kind &&
  a.cleared === b.cleared &&
  a.reconciled === b.reconciled &&
  a.transferId === b.transferId &&
  sameSplits(a.splits, b.splits)

/** Builds a transaction with one fixed key order (events and read models list fields alike). */
const transaction = (fields: Transaction): Transaction => ({
  id: fields.id,
  bankAccountId: fields.bankAccountId,
  date: fields.date,
  payee: fields.payee,
  memo: fields.memo,
  value: fields.value,
  direction: fields.direction,
  kind: fields.kind,
  cleared: fields.cleared,
  reconciled: fields.reconciled,
  splits: fields.splits,
  transferId: fields.transferId,
})

export const openBankAccount = (command: BudgetCommandOf<'OpenBankAccount'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    if (state.accounts.has(command.bankAccountId)) {
      return yield* fail('BankAccountAlreadyExists', { bankAccountId: command.bankAccountId })
    }
    return [
      {
        _tag: 'BankAccountOpened',
        bankAccountId: command.bankAccountId,
        name: command.name,
        type: command.type,
        openingBalance: command.balance,
        openingDate: command.date,
        ...(command.offBudget === true ? { offBudget: true as const } : {}),
      },
    ]
  })

export const renameBankAccount = (
  command: BudgetCommandOf<'RenameBankAccount'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const account = yield* findAccount(state, command.bankAccountId)
    if (account.name === command.name) return []
    return [{ _tag: 'BankAccountRenamed', bankAccountId: account.id, name: command.name }]
  })

export const closeBankAccount = (
  command: BudgetCommandOf<'CloseBankAccount'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const account = yield* findAccount(state, command.bankAccountId)
    if (account.state === 'Closed') return []
    const { working } = accountBalance(state, account.id)
    if (working !== 0) return yield* fail('AccountNotZero', { bankAccountId: account.id, balance: working })
    return [{ _tag: 'BankAccountClosed', bankAccountId: account.id }]
  })

const directionOf = (value: number) => (value >= 0 ? 'Inflow' : 'Outflow')

export const addTransaction = (
  command: Extract<ImportItem, { _tag: 'AddTransaction' }>,
  state: BudgetState,
): Decision => {
  // Plain checks rather than Result.gen (same order, same refusals): the hot path of a bulk import.
  const budget = liveBudget(state)
  if (Result.isFailure(budget)) return Result.fail(budget.failure)
  if (findTransaction(state, command.transactionId)) {
    return fail('TransactionAlreadyExists', { transactionId: command.transactionId })
  }
  const account = activeAccount(state, command.bankAccountId)
  if (Result.isFailure(account)) return Result.fail(account.failure)
  const splits = splitsIn(
    state,
    account.success,
    command.value,
    command.splits,
    budget.success.uncategorizedCategoryId,
  )
  if (Result.isFailure(splits)) return Result.fail(splits.failure)
  const added = transaction({
    id: command.transactionId,
    // The state's id string (equal to the command's), shared by every transaction of the account.
    bankAccountId: account.success.id,
    date: command.date,
    payee: command.payee,
    memo: command.memo ?? '',
    value: command.value,
    direction: directionOf(command.value),
    kind: command.kind ?? 'Regular',
    cleared: command.cleared ?? false,
    reconciled: false,
    splits: splits.success,
    transferId: null,
  })
  return Result.succeed([{ _tag: 'TransactionAdded', transaction: added }])
}

const transferSides = (state: BudgetState, side: Transaction) => {
  // biome-ignore lint/style/noNonNullAssertion: only called for transfer sides.
  const link = findTransfer(state, side.transferId!)
  const outflow = link && findTransaction(state, link.outflowTransactionId)
  const inflow = link && findTransaction(state, link.inflowTransactionId)
  return outflow && inflow ? { outflow, inflow } : undefined
}

/** The category a transfer carries across the budget's edge (its budget side's), if it carries one. */
const transferCategory = (sides: { readonly outflow: Transaction; readonly inflow: Transaction }) =>
  sides.outflow.splits[0]?.categoryId ?? sides.inflow.splits[0]?.categoryId

const editTransferSide = (
  command: BudgetCommandOf<'EditTransaction'>,
  state: BudgetState,
  side: Transaction,
  uncategorizedId: CategoryId,
) =>
  Result.gen(function* () {
    if (command.splits !== undefined && command.splits.length > 1)
      return yield* fail('TransferHasNoCategories', {})
    const sides = transferSides(state, side)
    if (!sides) return yield* fail('TransactionNotFound', { transactionId: side.id })
    const isOutflow = side.id === sides.outflow.id
    const amount = Math.abs(command.value ?? side.value)
    // Absolute value of a Minor.
    if (amount === 0) return yield* fail('AmountMustBePositive', { value: amount as Minor })
    const other = isOutflow ? sides.inflow : sides.outflow
    const accountId = command.bankAccountId ?? side.bankAccountId
    const account = yield* activeAccount(state, accountId)
    if (accountId === other.bankAccountId) return yield* fail('TransferToSameAccount', {})
    const otherAccount = yield* findAccount(state, other.bankAccountId)
    const given = command.splits?.[0]?.categoryId
    if (given !== undefined) yield* findCategory(state, given)
    const splits = transferSplits(
      isOutflow ? account : otherAccount,
      isOutflow ? otherAccount : account,
      // Absolute value of a Minor.
      amount as Minor,
      given ?? (account.offBudget === otherAccount.offBudget ? undefined : transferCategory(sides)),
      uncategorizedId,
    )
    if (splits === undefined) return yield* fail('TransferHasNoCategories', {})
    const shared = { date: command.date ?? side.date, memo: command.memo ?? side.memo }
    const edited = transaction({
      ...side,
      ...shared,
      bankAccountId: accountId,
      // Sign follows the side: the outflow side loses the amount.
      value: (isOutflow ? -amount : amount) as Minor,
      kind: command.kind ?? side.kind,
      cleared: command.cleared ?? side.cleared,
      reconciled: side.reconciled && (command.cleared ?? true),
      splits: isOutflow ? splits.outflow : splits.inflow,
    })
    const counterpart = transaction({
      ...other,
      ...shared,
      value: (isOutflow ? amount : -amount) as Minor,
      splits: isOutflow ? splits.inflow : splits.outflow,
    })
    const outflow = isOutflow ? edited : counterpart
    const inflow = isOutflow ? counterpart : edited
    if (sameTransaction(outflow, sides.outflow) && sameTransaction(inflow, sides.inflow)) return []
    // biome-ignore lint/style/noNonNullAssertion: a transfer side always carries its transfer id.
    return [{ _tag: 'TransferEdited' as const, transferId: side.transferId!, outflow, inflow }]
  })

export const editTransaction = (command: BudgetCommandOf<'EditTransaction'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    const current = yield* findExisting(state, command.transactionId)
    if (current.reconciled && command.allowReconciledEdit !== true) {
      return yield* fail('ReconciledTransactionLocked', { transactionId: current.id })
    }
    yield* activeAccount(state, current.bankAccountId)
    if (current.transferId !== null)
      return yield* editTransferSide(command, state, current, budget.uncategorizedCategoryId)
    const accountId = command.bankAccountId ?? current.bankAccountId
    const account = yield* activeAccount(state, accountId)
    const value = command.value ?? current.value
    // Moved into a tracking account, a transaction leaves its categories behind.
    const splits = yield* splitsIn(
      state,
      account,
      value,
      command.splits ?? (account.offBudget ? [] : current.splits),
      budget.uncategorizedCategoryId,
    )
    const cleared = command.cleared ?? current.cleared
    const edited = transaction({
      ...current,
      bankAccountId: accountId,
      date: command.date ?? current.date,
      payee: command.payee ?? current.payee,
      memo: command.memo ?? current.memo,
      value,
      direction: directionOf(value),
      kind: command.kind ?? current.kind,
      cleared,
      reconciled: current.reconciled && cleared,
      splits,
    })
    return sameTransaction(edited, current)
      ? []
      : [{ _tag: 'TransactionEdited' as const, transaction: edited }]
  })

export const deleteTransaction = (
  command: BudgetCommandOf<'DeleteTransaction'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const current = yield* findExisting(state, command.transactionId)
    if (current.reconciled && command.allowReconciledEdit !== true) {
      return yield* fail('ReconciledTransactionLocked', { transactionId: current.id })
    }
    yield* activeAccount(state, current.bankAccountId)
    if (current.transferId === null)
      return [{ _tag: 'TransactionDeleted' as const, transactionId: current.id }]
    const sides = transferSides(state, current)
    if (!sides) return yield* fail('TransactionNotFound', { transactionId: current.id })
    yield* activeAccount(
      state,
      (current.id === sides.outflow.id ? sides.inflow : sides.outflow).bankAccountId,
    )
    return [
      {
        _tag: 'TransferDeleted' as const,
        transferId: current.transferId,
        outflowTransactionId: sides.outflow.id,
        inflowTransactionId: sides.inflow.id,
      },
    ]
  })

export const addTransfer = (
  command: Extract<ImportItem, { _tag: 'AddTransfer' }>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    for (const id of [command.outflowTransactionId, command.inflowTransactionId]) {
      if (findTransaction(state, id)) return yield* fail('TransactionAlreadyExists', { transactionId: id })
    }
    if (command.outflowTransactionId === command.inflowTransactionId) {
      return yield* fail('TransactionAlreadyExists', { transactionId: command.inflowTransactionId })
    }
    // A second transfer of the same id would take over the first one's link.
    if (findTransfer(state, command.transferId))
      return yield* fail('TransferAlreadyExists', { transferId: command.transferId })
    if (command.fromBankAccountId === command.toBankAccountId) return yield* fail('TransferToSameAccount', {})
    const from = yield* activeAccount(state, command.fromBankAccountId)
    const to = yield* activeAccount(state, command.toBankAccountId)
    if (command.value <= 0) return yield* fail('AmountMustBePositive', { value: command.value })
    if (command.categoryId !== undefined) yield* findCategory(state, command.categoryId)
    const splits = transferSplits(from, to, command.value, command.categoryId, budget.uncategorizedCategoryId)
    if (splits === undefined) return yield* fail('TransferHasNoCategories', {})
    const side = (id: TransactionId, bankAccountId: BankAccountId, value: Minor, sideSplits: Split[]) =>
      transaction({
        id,
        bankAccountId,
        date: command.date,
        payee: '',
        memo: command.memo ?? '',
        value,
        direction: 'Internal',
        kind: 'Regular',
        cleared: false,
        reconciled: false,
        splits: sideSplits,
        transferId: command.transferId,
      })
    return [
      {
        _tag: 'TransferAdded',
        transferId: command.transferId,
        // Negating a Minor keeps it a Minor.
        // The accounts' own id strings, as for a transaction.
        outflow: side(command.outflowTransactionId, from.id, -command.value as Minor, splits.outflow),
        inflow: side(command.inflowTransactionId, to.id, command.value, splits.inflow),
      },
    ]
  })

/**
 * Every item decided on the state before the import (an addition reads no other transaction), each refusal
 * naming its item; an id one item added is refused to a later one, as it would be one command later. The
 * additions become one TransactionsImported, in the items' order.
 */
export const importTransactions = (
  command: BudgetCommandOf<'ImportTransactions'>,
  state: BudgetState,
): Decision => {
  const transactions: Transaction[] = []
  const transfers: TransferSides[] = []
  const added = new Set<TransactionId>()
  const addedTransfers = new Set<TransferId>()
  const refuse = (itemIndex: number, error: BudgetError) => Result.fail({ ...error, itemIndex })
  for (const [itemIndex, item] of command.items.entries()) {
    const decision = item._tag === 'AddTransaction' ? addTransaction(item, state) : addTransfer(item, state)
    if (Result.isFailure(decision)) return refuse(itemIndex, decision.failure)
    for (const event of decision.success) {
      const sides =
        event._tag === 'TransactionAdded'
          ? [event.transaction]
          : event._tag === 'TransferAdded'
            ? [event.outflow, event.inflow]
            : []
      for (const side of sides) {
        if (added.has(side.id))
          return refuse(itemIndex, budgetError('TransactionAlreadyExists', { transactionId: side.id }))
        added.add(side.id)
        transactions.push(side)
      }
      if (event._tag === 'TransferAdded') {
        if (addedTransfers.has(event.transferId))
          return refuse(itemIndex, budgetError('TransferAlreadyExists', { transferId: event.transferId }))
        addedTransfers.add(event.transferId)
        transfers.push({
          transferId: event.transferId,
          outflowTransactionId: event.outflow.id,
          inflowTransactionId: event.inflow.id,
        })
      }
    }
  }
  const { file } = command
  if (file === undefined) {
    if (transactions.length === 0) return Result.succeed([])
    return Result.succeed([{ _tag: 'TransactionsImported', transactions, transfers }])
  }
  return Result.map(replacedBy(file, state), (replaced) =>
    transactions.length === 0 && replaced.length === 0
      ? []
      : [
          {
            _tag: 'TransactionsImported',
            transactions,
            transfers,
            source: {
              importId: file.importId,
              bankAccountId: file.bankAccountId,
              format: file.format,
              fileName: file.fileName,
              at: command.at,
              by: command.userId,
              keys: file.keys,
              replaced,
            },
          },
        ],
  )
}

type ImportFile = NonNullable<BudgetCommandOf<'ImportTransactions'>['file']>

/**
 * The transactions a bank-file import turns into the other side of a transfer it adds, as they are now: each must
 * be an ordinary (not a transfer side), unreconciled transaction of another account. The import must be new.
 */
const replacedBy = (file: ImportFile, state: BudgetState): Result.Result<Transaction[], BudgetError> =>
  Result.gen(function* () {
    yield* activeAccount(state, file.bankAccountId)
    if (state.imports.has(file.importId))
      return yield* fail('ImportAlreadyExists', { importId: file.importId })
    const replaced: Transaction[] = []
    for (const transactionId of file.replaces) {
      const transaction = findTransaction(state, transactionId)
      if (
        transaction === undefined ||
        transaction.transferId !== null ||
        transaction.reconciled ||
        transaction.bankAccountId === file.bankAccountId
      )
        return yield* fail('CannotReplaceTransaction', { transactionId })
      replaced.push(transaction)
    }
    return replaced
  })

/**
 * Takes a bank-file import back whole: its transactions and transfers go, and the ones it made into transfer sides
 * return. Refused while any of its transactions was changed, deleted or reconciled since (the user's work would be
 * lost silently); the count says how many.
 */
export const undoImport = (command: BudgetCommandOf<'UndoImport'>, state: BudgetState): Decision =>
  Result.gen(function* () {
    yield* liveBudget(state)
    const record = state.imports.get(command.importId)
    if (record === undefined || record.undone)
      return yield* fail('ImportNotFound', { importId: command.importId })
    if (record.changedIds.size > 0)
      return yield* fail('ImportChangedSince', {
        importId: command.importId,
        changed: record.changedIds.size,
      })
    const event: BudgetEvent = {
      _tag: 'ImportUndone',
      importId: command.importId,
      transactionIds: record.transactionIds,
      transferIds: record.transferIds,
      restored: record.source.replaced,
    }
    return [event]
  })

export const reconcileAccount = (
  command: BudgetCommandOf<'ReconcileAccount'>,
  state: BudgetState,
): Decision =>
  Result.gen(function* () {
    const budget = yield* liveBudget(state)
    const account = yield* activeAccount(state, command.bankAccountId)
    const { cleared } = accountBalance(state, account.id)
    const difference = command.balance - cleared
    const adjustmentCategory = command.adjustmentCategoryId ?? budget.uncategorizedCategoryId
    yield* findCategory(state, adjustmentCategory)
    // Reconciliation is rare: finding the account's cleared transactions by a scan keeps the state small.
    const toReconcile: TransactionId[] = []
    for (const candidate of HashMap.values(state.transactions)) {
      if (candidate.bankAccountId === account.id && candidate.cleared && !candidate.reconciled) {
        toReconcile.push(candidate.id)
      }
    }
    toReconcile.sort()
    const events: BudgetEvent[] = []
    if (difference !== 0) {
      if (findTransaction(state, command.adjustmentTransactionId)) {
        return yield* fail('TransactionAlreadyExists', { transactionId: command.adjustmentTransactionId })
      }
      // Difference of two Minor amounts.
      const value = difference as Minor
      events.push({
        _tag: 'TransactionAdded',
        transaction: transaction({
          id: command.adjustmentTransactionId,
          bankAccountId: account.id,
          date: command.date,
          payee: reconciliationPayee,
          memo: '',
          value,
          direction: directionOf(value),
          kind: 'Regular',
          cleared: true,
          reconciled: true,
          // A tracking account's adjustment stays outside the budget, as its transactions do.
          splits: account.offBudget ? [] : [{ categoryId: adjustmentCategory, value }],
          transferId: null,
        }),
      })
    }
    events.push({
      _tag: 'AccountReconciled',
      bankAccountId: account.id,
      date: command.date,
      balance: command.balance,
      reconciledTransactionIds: toReconcile,
    })
    return events
  })
