import { randomUUID } from 'node:crypto'
import { accountBalance } from '../../domain/monthView.ts'
import { type BudgetState, findTransaction, findTransfer } from '../../domain/state.ts'
import { Transaction } from '../../schemas/budget.ts'
import type { ImportItem } from '../../schemas/budgetCommands.ts'
import { BankAccountId, TransactionId, TransferId } from '../../schemas/ids.ts'
import {
  AddTransactionBody,
  AddTransferBody,
  AllowReconciledQuery,
  BankAccountParams,
  BankAccountView,
  BudgetParams,
  BulkBody,
  BulkResult,
  CreateBankAccountBody,
  Deleted,
  EditTransactionBody,
  ReconcileBody,
  RenameBankAccountBody,
  TransactionParams,
  TransferView,
} from '../../schemas/ledgerApi.ts'
import { defineRoute } from '../http/route.ts'
import { found, runCommand } from './http.ts'
import { timeOrderedUuid } from './uuidv7.ts'

/**
 * Transaction and transfer ids minted for one request. They are new UUIDs nothing stored has, so the write does not
 * look them up: for a 2 000-item bulk import those were 2 000 index probes that always missed (12–22 ms of ~130).
 */
export const mintedIds = () => {
  const minted = new Set<string>()
  const mint = () => {
    const id = TransactionId.make(timeOrderedUuid())
    minted.add(id)
    return id
  }
  const mintTransfer = () => {
    const id = TransferId.make(timeOrderedUuid())
    minted.add(id)
    return id
  }
  return { minted, mint, mintTransfer }
}

type Mints = Omit<ReturnType<typeof mintedIds>, 'minted'>

const accountView = (after: BudgetState, id: BankAccountId) => {
  const account = found(after.accounts.get(id), 'bank account')
  const balance = accountBalance(after, id)
  return { ...account, balance: balance.working, cleared: balance.cleared, uncleared: balance.uncleared }
}

/** A transaction to add, its id the client's or a minted one. */
const transactionToAdd = ({ id, ...body }: typeof AddTransactionBody.Type, { mint }: Mints) =>
  ({ _tag: 'AddTransaction', transactionId: id ?? mint(), ...body }) satisfies ImportItem

/** A transfer to add, its id the client's or a minted one, its side ids minted. */
const transferToAdd = ({ id, ...body }: typeof AddTransferBody.Type, { mint, mintTransfer }: Mints) =>
  ({
    _tag: 'AddTransfer',
    transferId: id ?? mintTransfer(),
    outflowTransactionId: mint(),
    inflowTransactionId: mint(),
    ...body,
  }) satisfies ImportItem

const transferView = (after: BudgetState, transferId: TransferId) => {
  const link = found(findTransfer(after, transferId), 'transfer')
  return {
    id: transferId,
    outflow: found(findTransaction(after, link.outflowTransactionId), 'outflow'),
    inflow: found(findTransaction(after, link.inflowTransactionId), 'inflow'),
  }
}

export const moneyRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/bank-accounts',
    operationId: 'openBankAccount',
    summary: 'Open an unconnected account; its opening balance is income to Ready to Assign on its date',
    tags: ['bank-accounts'],
    params: BudgetParams,
    body: CreateBankAccountBody,
    responses: { 201: { description: 'The new account.', schema: BankAccountView } },
    handler: async ({ params, body, request }) => {
      const { id, ...fields } = body
      const bankAccountId = id ?? BankAccountId.make(randomUUID())
      return runCommand(request, params.budgetId, {
        status: 201,
        commands: (meta) => [{ _tag: 'OpenBankAccount', ...meta(0), bankAccountId, ...fields }],
        answer: (after) => accountView(after, bankAccountId),
      })
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/bank-accounts/:bankAccountId',
    operationId: 'renameBankAccount',
    summary: 'Rename an account',
    tags: ['bank-accounts'],
    params: BankAccountParams,
    body: RenameBankAccountBody,
    responses: { 200: { description: 'The account.', schema: BankAccountView } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          { _tag: 'RenameBankAccount', ...meta(0), bankAccountId: params.bankAccountId, name: body.name },
        ],
        answer: (after) => accountView(after, params.bankAccountId),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/bank-accounts/:bankAccountId/close',
    operationId: 'closeBankAccount',
    summary: 'Close an account (only at a zero balance)',
    tags: ['bank-accounts'],
    params: BankAccountParams,
    responses: { 200: { description: 'The account.', schema: BankAccountView } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'CloseBankAccount', ...meta(0), bankAccountId: params.bankAccountId }],
        answer: (after) => accountView(after, params.bankAccountId),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/bank-accounts/:bankAccountId/reconcile',
    operationId: 'reconcileBankAccount',
    summary: "State the bank's cleared balance; a difference becomes an adjustment transaction",
    tags: ['bank-accounts'],
    params: BankAccountParams,
    body: ReconcileBody,
    responses: { 200: { description: 'The account.', schema: BankAccountView } },
    handler: async ({ params, body, request }) => {
      const { minted, mint } = mintedIds()
      return runCommand(request, params.budgetId, {
        status: 200,
        minted,
        commands: (meta) => [
          {
            _tag: 'ReconcileAccount',
            ...meta(0),
            bankAccountId: params.bankAccountId,
            adjustmentTransactionId: mint(),
            ...body,
          },
        ],
        answer: (after) => accountView(after, params.bankAccountId),
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transactions',
    operationId: 'addTransaction',
    summary: 'Add a transaction (value signed: inflow positive); several splits must sum to the value',
    tags: ['transactions'],
    params: BudgetParams,
    body: AddTransactionBody,
    responses: { 201: { description: 'The new transaction.', schema: Transaction } },
    handler: async ({ params, body, request }) => {
      const { minted, ...mints } = mintedIds()
      const transactionId = body.id ?? mints.mint()
      return runCommand(request, params.budgetId, {
        status: 201,
        minted,
        commands: (meta) => [{ ...meta(0), ...transactionToAdd({ ...body, id: transactionId }, mints) }],
        answer: (after) => found(findTransaction(after, transactionId), 'transaction'),
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transactions/bulk',
    operationId: 'importTransactions',
    summary: 'Add up to 5 000 transactions and transfers in order, all or nothing',
    tags: ['transactions'],
    params: BudgetParams,
    body: BulkBody,
    bodyLimit: 8 * 1024 * 1024,
    responses: { 201: { description: 'How many were added.', schema: BulkResult } },
    handler: async ({ params, body, request }) => {
      const { minted, ...mints } = mintedIds()
      return runCommand(request, params.budgetId, {
        status: 201,
        minted,
        commands: (meta) => [
          {
            _tag: 'ImportTransactions',
            ...meta(0),
            items: body.items.map((item) =>
              'bankAccountId' in item ? transactionToAdd(item, mints) : transferToAdd(item, mints),
            ),
          },
        ],
        answer: (_after, version) => ({ created: body.items.length, version }),
      })
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/transactions/:transactionId',
    operationId: 'editTransaction',
    summary: 'Edit a transaction (absent fields stay); editing a transfer side changes both',
    tags: ['transactions'],
    params: TransactionParams,
    body: EditTransactionBody,
    responses: { 200: { description: 'The transaction.', schema: Transaction } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          { _tag: 'EditTransaction', ...meta(0), transactionId: params.transactionId, ...body },
        ],
        answer: (after) => found(findTransaction(after, params.transactionId), 'transaction'),
      }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/transactions/:transactionId',
    operationId: 'deleteTransaction',
    summary: 'Delete a transaction (both sides of a transfer)',
    tags: ['transactions'],
    params: TransactionParams,
    query: AllowReconciledQuery,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, query, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          {
            _tag: 'DeleteTransaction',
            ...meta(0),
            transactionId: params.transactionId,
            ...(query.allowReconciledEdit === 'true' ? { allowReconciledEdit: true } : {}),
          },
        ],
        answer: () => ({ deleted: true as const }),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transfers',
    operationId: 'addTransfer',
    summary: 'Move money between two accounts (a linked pair of Internal transactions)',
    tags: ['transactions'],
    params: BudgetParams,
    body: AddTransferBody,
    responses: { 201: { description: 'The transfer.', schema: TransferView } },
    handler: async ({ params, body, request }) => {
      const { minted, ...mints } = mintedIds()
      const transferId = body.id ?? mints.mintTransfer()
      return runCommand(request, params.budgetId, {
        status: 201,
        minted,
        commands: (meta) => [{ ...meta(0), ...transferToAdd({ ...body, id: transferId }, mints) }],
        answer: (after) => transferView(after, transferId),
      })
    },
  }),
]
