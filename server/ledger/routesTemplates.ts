import { randomUUID } from 'node:crypto'
import { addDays, daysBetween } from '../../domain/recurrence.ts'
import { findTransaction } from '../../domain/state.ts'
import { isActedOn, occurrencesBetween, occurrencesOf } from '../../domain/templates.ts'
import { Transaction } from '../../schemas/budget.ts'
import type { BudgetCommandOf } from '../../schemas/budgetCommands.ts'
import { TemplateId, TransactionId, TransferId } from '../../schemas/ids.ts'
import { BudgetParams, Deleted } from '../../schemas/ledgerApi.ts'
import type { IsoDate } from '../../schemas/money.ts'
import { TransactionTemplate as TemplateView, type TransactionTemplate } from '../../schemas/templates.ts'
import {
  ConfirmOccurrenceBody,
  CreateTemplateBody,
  DraftList,
  DraftsQuery,
  EditTemplateBody,
  maxOccurrenceRangeDays,
  OccurrenceList,
  OccurrenceParams,
  OccurrencesQuery,
  SkippedOccurrence,
  SkipThroughBody,
  TemplateList,
  TemplateParams,
  TemplateSplitList,
} from '../../schemas/templatesApi.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { type AnyRoute, defineRoute, respond } from '../http/route.ts'
import {
  callerId,
  commandKeyOf,
  etag,
  found,
  ifMatchOf,
  readableHead,
  readReply,
  requestDigest,
  runCommand,
} from './http.ts'
import { budgetNotFound, domainRefusal } from './problems.ts'
import { listTemplateSplits, listTemplates, readNeededTransactions } from './read.ts'
import { readAtOneVersion, write } from './service.ts'
import { todayOf } from './today.ts'
import { timeOrderedUuid } from './uuidv7.ts'

// Recurring transaction templates over HTTP (issue 29 §3). Occurrences are computed from the budget's summary
// (domain/templates.ts) for the caller's today (`today.ts`); confirming one is a Regular transaction (or a transfer)
// and OccurrenceCompleted in one write; confirming it again adds nothing and answers 200 with the transaction that
// completed it.

const tags = ['transaction-templates']

const badRange = (detail: string, path: string): ProblemError =>
  new ProblemError(
    makeProblem(400, 'validation_failed', `The request query is invalid: ${path}.`, [
      { path, message: detail, code: 'invalid_value' },
    ]),
  )

/** `from` ≤ `to` and at most `maxOccurrenceRangeDays` days in all, else 400. */
const checkRange = (from: IsoDate, to: IsoDate) => {
  if (from > to) throw badRange('`to` must not be before `from`.', '/query/to')
  if (daysBetween(from, to) + 1 > maxOccurrenceRangeDays)
    throw badRange(`At most ${maxOccurrenceRangeDays} days from \`from\` to \`to\`.`, '/query/to')
}

const templateNotFound = (): ProblemError =>
  new ProblemError(makeProblem(404, 'not_found', 'There is no such transaction template in this budget.'))

/** The summary (templates, completions, horizon, accounts) at the current version, or 404. */
const readTemplates = async (request: Parameters<typeof todayOf>[0], budgetId: string) => {
  await readableHead(request, budgetId)
  const read = await readAtOneVersion(request.server.ledger, budgetId, async () => undefined)
  if (read === undefined) throw budgetNotFound()
  return read
}

/** Confirming an occurrence that was skipped, or whose transaction was deleted since: 422, nothing written. */
const refusedConfirmation = (skipped: boolean, templateId: TemplateId, date: IsoDate): ProblemError =>
  domainRefusal(
    skipped
      ? { _tag: 'OccurrenceSkipped', code: 'occurrence-skipped', templateId, date }
      : { _tag: 'OccurrenceTransactionGone', code: 'occurrence-transaction-gone', templateId, date },
  )

export const templateRoutes: readonly AnyRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/transaction-templates',
    operationId: 'listTransactionTemplates',
    summary: 'The recurring transaction templates of a budget (SPEC transactionTemplates), by id',
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The templates.', schema: TemplateList } },
    handler: async ({ params, request }) => {
      const head = await readableHead(request, params.budgetId)
      return readReply(await listTemplates(request.server.ledger.db, params.budgetId), head.version)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/transaction-template-splits',
    operationId: 'listTransactionTemplateSplits',
    summary: "The templates' splits (SPEC transactionTemplateSplits), in their templates' order",
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The splits.', schema: TemplateSplitList } },
    handler: async ({ params, request }) => {
      const head = await readableHead(request, params.budgetId)
      return readReply(await listTemplateSplits(request.server.ledger.db, params.budgetId), head.version)
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transaction-templates',
    operationId: 'createTransactionTemplate',
    summary:
      'Create a recurring transaction template (value signed like a transaction; occurrences = how many in all; endDate inclusive)',
    tags,
    params: BudgetParams,
    body: CreateTemplateBody,
    responses: { 201: { description: 'The new template.', schema: TemplateView } },
    handler: async ({ params, body, request }) => {
      const { id, ...fields } = body
      const templateId = id ?? TemplateId.make(randomUUID())
      return runCommand(request, params.budgetId, {
        status: 201,
        commands: (meta) => [{ _tag: 'CreateTemplate', ...meta(0), templateId, ...fields }],
        answer: (after) => found(after.templates.get(templateId), 'template'),
      })
    },
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/budget/:budgetId/transaction-templates/:templateId',
    operationId: 'editTransactionTemplate',
    summary: 'Edit a template (absent fields stay; null clears toBankAccountId, endDate, occurrences)',
    tags,
    params: TemplateParams,
    body: EditTemplateBody,
    responses: { 200: { description: 'The template.', schema: TemplateView } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'EditTemplate', ...meta(0), templateId: params.templateId, ...body }],
        answer: (after) => found(after.templates.get(params.templateId), 'template'),
      }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/transaction-templates/:templateId',
    operationId: 'deleteTransactionTemplate',
    summary: 'Delete a template; the transactions its occurrences made stay',
    tags,
    params: TemplateParams,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'DeleteTemplate', ...meta(0), templateId: params.templateId }],
        answer: () => ({ deleted: true as const }),
      }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/transaction-templates/:templateId/occurrences',
    operationId: 'listTemplateOccurrences',
    summary:
      'A template\'s occurrences from `from` to `to` (inclusive, at most 3 660 days) in date order, each "Upcoming", "Draft" (due, not acted on), "Completed" or "Skipped"',
    tags,
    params: TemplateParams,
    query: OccurrencesQuery,
    responses: { 200: { description: 'The occurrences.', schema: OccurrenceList } },
    handler: async ({ params, query, request }) => {
      checkRange(query.from, query.to)
      const read = await readTemplates(request, params.budgetId)
      if (!read.state.templates.has(params.templateId)) throw templateNotFound()
      const today = await todayOf(request)
      const rows = occurrencesOf(read.state, params.templateId, query.from, query.to, today)
      return readReply(
        rows.map(({ date, status }) => ({ date, status })),
        read.version,
      )
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transaction-templates/:templateId/occurrences/:date/confirm',
    operationId: 'confirmTemplateOccurrence',
    summary:
      'Confirm an occurrence as a Regular transaction (optionally another value, date, splits); 201 with it (a transfer: its outflow side). Again: nothing added, 200 with the same transaction',
    tags,
    params: OccurrenceParams,
    body: ConfirmOccurrenceBody,
    optionalBody: true,
    responses: {
      200: { description: 'Confirmed before: the transaction that completed it.', schema: Transaction },
      201: { description: 'The new transaction.', schema: Transaction },
    },
    handler: async ({ params, body, request }) => {
      const minted = new Set<string>()
      const mint = () => {
        const id = timeOrderedUuid()
        minted.add(id)
        return id
      }
      const transactionId = TransactionId.make(mint())
      const transfer = {
        transferId: TransferId.make(mint()),
        inflowTransactionId: TransactionId.make(mint()),
      }
      const commandId = commandKeyOf(request)
      const ledger = request.server.ledger
      const result = await write(ledger, {
        budgetId: params.budgetId,
        userId: callerId(request),
        ifMatch: ifMatchOf(request),
        commandId,
        digest: commandId === undefined ? undefined : requestDigest(request),
        status: 201,
        unchangedStatus: 200,
        minted,
        commands: (meta) => {
          const command: BudgetCommandOf<'ConfirmOccurrence'> = {
            _tag: 'ConfirmOccurrence',
            ...meta(0),
            templateId: params.templateId,
            date: params.date,
            transactionId,
            // Minted for every confirmation; the domain uses them only for a transfer template.
            transfer,
            ...(body.date === undefined ? {} : { transactionDate: body.date }),
            ...(body.value === undefined ? {} : { value: body.value }),
            ...(body.splits === undefined ? {} : { splits: body.splits }),
            ...(body.cleared === undefined ? {} : { cleared: body.cleared }),
          }
          return [command]
        },
        answer: (after, _version, appended) => {
          if (appended.length > 0) return found(findTransaction(after, transactionId), 'transaction')
          // Acted on before: the transaction that completed it (read below), or a refusal.
          const completion = after.completions.get(params.templateId)?.get(params.date)
          if (completion?.transactionId == null)
            throw refusedConfirmation(true, params.templateId, params.date)
          return { completedBy: completion.transactionId }
        },
      })
      let answer = result.body
      if (typeof answer === 'object' && answer !== null && 'completedBy' in answer) {
        const id = String(answer.completedBy)
        const [transaction] = (
          await readNeededTransactions(ledger.db, params.budgetId, {
            ids: new Set([TransactionId.make(id)]),
            transferIds: new Set(),
            clearedOf: new Set(),
          })
        ).filter((stored) => stored.id === id)
        if (transaction === undefined) throw refusedConfirmation(false, params.templateId, params.date)
        answer = transaction
      }
      return respond(result.status, answer, { etag: etag(result.version) })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transaction-templates/:templateId/occurrences/:date/skip',
    operationId: 'skipTemplateOccurrence',
    summary: 'Skip an occurrence (nothing is recorded in the ledger); one acted on already stays as it is',
    tags,
    params: OccurrenceParams,
    responses: { 200: { description: 'The occurrence.', schema: SkippedOccurrence } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          { _tag: 'SkipOccurrence', ...meta(0), templateId: params.templateId, date: params.date },
        ],
        answer: (after) => {
          const completion = after.completions.get(params.templateId)?.get(params.date)
          const template = found(after.templates.get(params.templateId), 'template')
          return {
            templateId: params.templateId,
            date: params.date,
            status: completion?.outcome ?? (isActedOn(after, template, params.date) ? 'Skipped' : 'Draft'),
            transactionId: completion?.transactionId ?? null,
          }
        },
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/transaction-templates/:templateId/skip-through',
    operationId: 'skipTemplateOccurrencesThrough',
    summary: 'Clear a backlog: every occurrence on or before `date` not acted on counts as skipped',
    tags,
    params: TemplateParams,
    body: SkipThroughBody,
    responses: { 200: { description: 'The template (with its skippedThrough).', schema: TemplateView } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          { _tag: 'SkipOccurrencesThrough', ...meta(0), templateId: params.templateId, date: body.date },
        ],
        answer: (after) => found(after.templates.get(params.templateId), 'template'),
      }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/drafts',
    operationId: 'listTemplateDrafts',
    summary:
      "Every template's Draft and Upcoming occurrences from `from` (default: every due draft, at most 3 660 days back) to `to` (default: today + the draft horizon), in date order, with the template's account, payee, value and splits",
    tags,
    params: BudgetParams,
    query: DraftsQuery,
    responses: { 200: { description: 'The occurrences not acted on.', schema: DraftList } },
    handler: async ({ params, query, request }) => {
      const read = await readTemplates(request, params.budgetId)
      const today = await todayOf(request)
      const to = query.to ?? addDays(today, read.state.draftHorizonDays)
      let from = query.from
      if (from === undefined) {
        // Every due draft however old — within the longest range a list covers, so the answer stays bounded.
        const earliest = addDays(to, 1 - maxOccurrenceRangeDays)
        from = to
        for (const template of read.state.templates.values())
          if (template.startDate < from) from = template.startDate
        if (from < earliest) from = earliest
      } else checkRange(from, to)
      const rows = occurrencesBetween(read.state, from, to, today)
      return readReply(
        rows.map((row) => draftOf(found(read.state.templates.get(row.templateId), 'template'), row)),
        read.version,
      )
    },
  }),
]

const draftOf = (
  template: TransactionTemplate,
  row: { templateId: TemplateId; date: IsoDate; status: string },
) => ({
  templateId: row.templateId,
  date: row.date,
  status: row.status === 'Draft' ? ('Draft' as const) : ('Upcoming' as const),
  bankAccountId: template.bankAccountId,
  toBankAccountId: template.toBankAccountId,
  payee: template.payee,
  memo: template.memo,
  value: template.value,
  splits: template.splits,
})
