import * as HashMap from 'effect/HashMap'
import * as Option from 'effect/Option'
import * as Schema from 'effect/Schema'
import type { FastifyRequest } from 'fastify'
import { dateSpan, type MatchedRow, matchRows, planImport, shiftDate } from '../../domain/import/match.ts'
import { applyRules, cleanPayee, learnCategories } from '../../domain/import/payees.ts'
import { readBankFile } from '../../domain/import/read.ts'
import { type BudgetState, importKeyOf, incomeDestinationOf } from '../../domain/state.ts'
import { BankAccountId, BudgetId, ImportId, TransactionId, TransferId } from '../../schemas/ids.ts'
import {
  CsvMapping,
  DateOrder,
  ImportChoices,
  ImportEncoding,
  ImportFormat,
  ImportPreview,
  ImportRecordView,
  ImportResult,
  type PreviewRow,
} from '../../schemas/imports.ts'
import { BudgetParams, IntText } from '../../schemas/ledgerApi.ts'
import { readUpload, uploadOverheadBytes } from '../http/multipart.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { defineRoute, respond } from '../http/route.ts'
import { readableHead, readReply, runCommand, writableHead } from '../ledger/http.ts'
import { budgetNotFound } from '../ledger/problems.ts'
import { recentTransactions, transactionsBetween } from '../ledger/read.ts'
import { readAtOneVersion } from '../ledger/service.ts'
import { timeOrderedUuid } from '../ledger/uuidv7.ts'
import { loadImportSettings } from './settings.ts'

// Bank-file imports (issue 28 §2, §4): a preview that writes nothing, then the import as one command
// (ImportTransactions with its file's source), its history, and undo.

/** The largest bank file read: a year of a busy account is a few MB; 60 MB is refused (413). */
export const maxBankFileBytes = 50 * 1024 * 1024

/** How many of the budget's newest transactions categories are learned from. */
const LEARN_FROM = 20_000

const PreviewFields = Schema.Struct({
  bankAccountId: BankAccountId,
  format: Schema.optionalKey(ImportFormat),
  encoding: Schema.optionalKey(ImportEncoding),
  /** A generic CSV's column mapping, as JSON. */
  mapping: Schema.optionalKey(Schema.fromJsonString(CsvMapping)),
  dateOrder: Schema.optionalKey(DateOrder),
  /** Days either side within which a transaction entered by hand counts as the same row (default 4). */
  windowDays: Schema.optionalKey(IntText(0, 14)),
})
const ImportFields = Schema.Struct({
  ...PreviewFields.fields,
  /** What the user changed in the preview, as JSON (ImportChoices). */
  choices: Schema.optionalKey(Schema.fromJsonString(ImportChoices)),
})
type PreviewFields = typeof PreviewFields.Type

const previewUpload = {
  fields: PreviewFields,
  maxFileBytes: maxBankFileBytes,
  description: 'The bank file and how to read it; anything absent is detected.',
}
const importUpload = {
  fields: ImportFields,
  maxFileBytes: maxBankFileBytes,
  description: 'The same fields as the preview, plus the choices made in it.',
}

const DEFAULT_WINDOW_DAYS = 4

const ImportParams = Schema.Struct({ budgetId: BudgetId, importId: ImportId })
const ImportList = Schema.Array(ImportRecordView)
const Undone = Schema.Struct({ undone: Schema.Literal(true), version: Schema.Int })

/** A file that cannot be read as asked: 422 with the reason the app localizes. */
const unreadable = (reason: string, table?: readonly (readonly string[])[]) =>
  new ProblemError({
    ...makeProblem(422, 'unreadable_file', `The file cannot be read: ${reason}.`),
    reason,
    ...(table === undefined ? {} : { table }),
  })

interface Read {
  readonly preview: ImportPreview
  readonly rows: readonly MatchedRow[]
  readonly state: BudgetState
  readonly fileName: string
}

/** Reads, parses and matches an uploaded bank file against the budget (the caller's access checked); writes nothing. */
const readAndMatch = async <F extends PreviewFields>(
  request: FastifyRequest,
  budgetId: string,
  fields: F,
  bytes: Uint8Array,
  fileName: string,
): Promise<Read> => {
  const parsed = readBankFile(bytes, {
    ...(fields.format === undefined ? {} : { format: fields.format }),
    ...(fields.encoding === undefined ? {} : { encoding: fields.encoding }),
    ...(fields.mapping === undefined ? {} : { mapping: fields.mapping }),
    ...(fields.dateOrder === undefined ? {} : { dateOrder: fields.dateOrder }),
  })
  if (!parsed.ok) throw unreadable(parsed.error, parsed.table)
  const windowDays = fields.windowDays ?? DEFAULT_WINDOW_DAYS
  const span = dateSpan(parsed.rows)
  const { ledger } = request.server
  const read = await readAtOneVersion(ledger, budgetId, async (trx) => ({
    nearby:
      span === undefined
        ? []
        : await transactionsBetween(
            trx,
            budgetId,
            shiftDate(span.first, -windowDays - 3),
            shiftDate(span.last, windowDays + 3),
          ),
    recent: await recentTransactions(trx, budgetId, LEARN_FROM),
    settings: await loadImportSettings(trx, budgetId),
  }))
  if (read === undefined) throw budgetNotFound()
  const { state } = read
  const account = state.accounts.get(fields.bankAccountId)
  if (account === undefined || state.budget === null) {
    throw new ProblemError(
      makeProblem(422, 'validation_failed', 'There is no such account in this budget.', [
        { path: '/body/bankAccountId', message: 'Unknown account.', code: 'invalid_value' },
      ]),
    )
  }
  const { rules } = read.alongside.settings
  const uncategorized = state.budget.uncategorizedCategoryId
  const learned = learnCategories(
    read.alongside.recent.map((transaction) => ({
      payee: transaction.payee,
      date: transaction.date,
      categoryId: transaction.splits.length === 1 ? (transaction.splits[0]?.categoryId ?? null) : null,
    })),
    // Uncategorized is no suggestion; a category deleted since neither.
    { ignore: (id) => id === uncategorized || !state.categories.has(id) },
  )
  const rows = matchRows({
    rows: parsed.rows,
    bankAccountId: account.id,
    currency: state.budget.currency,
    imported: (key) => Option.getOrUndefined(HashMap.get(state.importKeys, importKeyOf(account.id, key))),
    nearby: read.alongside.nearby,
    windowDays,
    cleanPayee,
    categorize: (payee) => {
      const ruled = applyRules(payee, rules)
      if (ruled.categoryId !== null && state.categories.has(ruled.categoryId))
        return { payee: ruled.payee, category: { categoryId: ruled.categoryId, source: 'rule' } }
      const suggestion = learned(ruled.payee)
      return suggestion === undefined || !state.categories.has(suggestion.categoryId)
        ? { payee: ruled.payee }
        : {
            payee: ruled.payee,
            category: {
              categoryId: suggestion.categoryId,
              source: 'learned',
              count: suggestion.count,
              of: suggestion.of,
            },
          }
    },
  })
  const preview: ImportPreview = {
    format: parsed.format,
    encoding: parsed.encoding,
    rows: rows.map((row): PreviewRow => row.preview),
    ...(parsed.table === undefined ? {} : { table: parsed.table }),
  }
  return { preview, rows, state, fileName }
}

const mintIds = () => ({
  transaction: () => TransactionId.make(timeOrderedUuid()),
  transfer: () => TransferId.make(timeOrderedUuid()),
})

export const importRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/imports/preview',
    operationId: 'previewImport',
    summary: 'Read a bank file and show each row as the import would take it; nothing is written',
    tags: ['imports'],
    params: BudgetParams,
    upload: previewUpload,
    bodyLimit: maxBankFileBytes + uploadOverheadBytes,
    responses: {
      200: {
        description: 'Each row with its status: new, duplicate, pending or error.',
        schema: ImportPreview,
      },
    },
    handler: async ({ params, request }) => {
      // A stranger learns nothing, not even how the form should look: access before the upload is read. A preview
      // writes nothing but is the first step of an import: a member who cannot import is told so at once.
      await writableHead(request, params.budgetId, 'edit')
      const { bytes, fileName, fields } = await readUpload(request, previewUpload)
      const read = await readAndMatch(request, params.budgetId, fields, bytes, fileName)
      return respond(200, read.preview)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/imports',
    operationId: 'importBankFile',
    summary:
      'Import a bank file: new booked rows are written as one command; the same file again adds nothing',
    tags: ['imports'],
    params: BudgetParams,
    upload: importUpload,
    bodyLimit: maxBankFileBytes + uploadOverheadBytes,
    responses: { 201: { description: 'What the import wrote and skipped.', schema: ImportResult } },
    handler: async ({ params, request }) => {
      // Early, before the upload is read; the write checks again under the stream's lock.
      await writableHead(request, params.budgetId, 'edit')
      const { bytes, fileName, fields } = await readUpload(request, importUpload)
      const read = await readAndMatch(request, params.budgetId, fields, bytes, fileName)
      const mint = mintIds()
      const plan = planImport({
        rows: read.rows,
        choices: fields.choices?.rows ?? [],
        bankAccountId: fields.bankAccountId,
        incomeCategoryId: incomeDestinationOf(read.state)?.id,
        categoryExists: (id) => read.state.categories.has(id),
        mintTransaction: mint.transaction,
        mintTransfer: mint.transfer,
      })
      const importId = ImportId.make(timeOrderedUuid())
      const counts = {
        imported: plan.imported,
        duplicates: plan.duplicates,
        errors: plan.errors,
        pending: plan.pending,
        transfers: plan.transfers,
      }
      const reply = await runCommand(request, params.budgetId, {
        status: 201,
        minted: new Set(
          plan.items.flatMap((item) =>
            item._tag === 'AddTransaction'
              ? [item.transactionId]
              : [item.outflowTransactionId, item.inflowTransactionId, item.transferId],
          ),
        ),
        commands: (meta) =>
          plan.items.length === 0
            ? []
            : [
                {
                  _tag: 'ImportTransactions',
                  ...meta(0),
                  items: plan.items,
                  file: {
                    importId,
                    bankAccountId: fields.bankAccountId,
                    format: read.preview.format,
                    fileName: read.fileName.slice(0, 200),
                    keys: plan.keys,
                    replaces: plan.replaces,
                  },
                },
              ],
        answer: (_after, version) => ({
          importId: plan.items.length === 0 ? null : importId,
          ...counts,
          version,
        }),
      })
      // After the commit; a repeated request answers the first one's import id, so it notifies nobody twice.
      const answer = reply.body
      if (
        reply.status === 201 &&
        Schema.is(ImportResult)(answer) &&
        answer.importId !== null &&
        answer.imported > 0
      ) {
        await request.server.notifications
          .transactionsSynchronized({
            budgetId: params.budgetId,
            bankAccountId: fields.bankAccountId,
            accountName: read.state.accounts.get(fields.bankAccountId)?.name ?? '',
            count: answer.imported,
            source: answer.importId,
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'import notification failed'))
      }
      return reply
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/imports',
    operationId: 'listImports',
    summary: "The budget's bank-file imports, oldest first, with whether each can still be undone",
    tags: ['imports'],
    params: BudgetParams,
    responses: { 200: { description: 'The imports.', schema: ImportList } },
    handler: async ({ params, request }) => {
      await readableHead(request, params.budgetId)
      const read = await readAtOneVersion(request.server.ledger, params.budgetId, async () => undefined)
      if (read === undefined) throw budgetNotFound()
      const list = [...read.state.imports.values()].map((record) => ({
        importId: record.source.importId,
        bankAccountId: record.source.bankAccountId,
        format: record.source.format,
        fileName: record.source.fileName,
        at: record.source.at,
        by: record.source.by,
        count: record.transactionIds.length,
        undone: record.undone,
        changed: record.changedIds.size,
      }))
      return readReply(list, read.version)
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/imports/:importId',
    operationId: 'undoImport',
    summary: 'Undo an import whole; refused (import-changed-since) once any of its rows was changed',
    tags: ['imports'],
    params: ImportParams,
    responses: { 200: { description: 'Undone.', schema: Undone } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'UndoImport', ...meta(0), importId: params.importId }],
        answer: (_after, version) => ({ undone: true as const, version }),
      }),
  }),
]
