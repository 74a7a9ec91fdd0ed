import { type CsvLabels, transactionsCsv } from '../../domain/budgetImport/csvExport.ts'
import { toKopertaFile } from '../../domain/budgetImport/index.ts'
import { isEmptyBudget } from '../../domain/decideImport.ts'
import { withTransactions } from '../../domain/summary.ts'
import en from '../../locales/screens/budgets.en.json' with { type: 'json' }
import pl from '../../locales/screens/budgets.pl.json' with { type: 'json' }
import type { Transaction } from '../../schemas/budget.ts'
import {
  type BudgetFileErrorCode,
  BudgetImportAnswer,
  budgetFileErrorStatus,
  ExportBudgetBody,
  ImportBudgetFields,
} from '../../schemas/budgetImport.ts'
import type { BudgetId, UserId } from '../../schemas/ids.ts'
import { KopertaBudgetFile } from '../../schemas/kopertaBudget.ts'
import { BudgetParams } from '../../schemas/ledgerApi.ts'
import type { Instant } from '../../schemas/money.ts'
import { Problem } from '../../schemas/problem.ts'
import { readUpload, uploadOverheadBytes } from '../http/multipart.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { defineRoute, respond } from '../http/route.ts'
import { transactionAuthors } from '../ledger/activity.ts'
import { runCommand, writableHead } from '../ledger/http.ts'
import { budgetNotFound } from '../ledger/problems.ts'
import { allTransactionsJson } from '../ledger/read.ts'
import { readAtOneVersion } from '../ledger/service.ts'
import { convertUpload } from './convert.ts'

// Whole budgets out and in (issue 28 §3): Koperta's own file or a CSV of every transaction; YNAB's export, Actual
// Budget's zip or Koperta's file into a new, empty budget, as one ImportBudget.

/** The largest budget file read: a YNAB export of a decade of daily spending is a few tens of megabytes. */
export const maxBudgetFileBytes = 50 * 1024 * 1024

const tags = ['budget files']

const fileProblem = (code: BudgetFileErrorCode) => {
  const status = budgetFileErrorStatus(code)
  const problem =
    status === 413
      ? makeProblem(
          413,
          'payload_too_large',
          `The file is larger than ${maxBudgetFileBytes / 1024 / 1024} MB.`,
        )
      : makeProblem(status, 'unreadable_file', `The file cannot be imported as a budget (${code}).`)
  return new ProblemError({ ...problem, reason: code })
}

const notEmpty = () =>
  new ProblemError(
    makeProblem(
      409,
      'budget_not_empty',
      'A budget is imported only into an empty one (no accounts, transactions or assignments); create a new budget first.',
    ),
  )

/**
 * The words of a CSV export, from the budgets screens' texts (`budgets.csv`, beside the export's own); issue 28 §3
 * asks for Polish and English.
 */
const csvLabels: Record<'pl' | 'en', CsvLabels> = { pl: pl.budgets.csv, en: en.budgets.csv }

/** A download's name: the budget's, in ASCII for old clients and in full (RFC 6266, RFC 8187) for the rest. */
const attachment = (name: string, extension: string) => {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/gu, '')
      .replace(/["\\/]/gu, '')
      .trim() || 'budget'
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`
}

export const budgetFileRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/export',
    operationId: 'exportBudget',
    summary:
      "Download the whole budget: Koperta's own file (`format: koperta`, docs/formats/koperta-budget.md) or every transaction as CSV (`format: csv`, text/csv, one row per split; `;` with decimal commas or `,` with points; Polish or English column names). Owner only.",
    tags,
    params: BudgetParams,
    body: ExportBudgetBody,
    responses: {
      200: {
        description: "Koperta's budget file (or, for `format: csv`, the CSV as text/csv), as an attachment.",
        schema: KopertaBudgetFile,
        encodesAsIs: true,
      },
      403: {
        description:
          "The account is disabled (`user_disabled`), or the caller is not the budget's owner (`owner_only`).",
        schema: Problem,
      },
    },
    handler: async ({ params, body, request }) => {
      await writableHead(request, params.budgetId, 'owner', 'exportBudget')
      const read = await readAtOneVersion(request.server.ledger, params.budgetId, (trx) =>
        allTransactionsJson(trx, params.budgetId),
      )
      if (read === undefined || read.state.budget === null) throw budgetNotFound()
      // The stored transactions in the wire shape the projection wrote from typed values.
      const transactions = JSON.parse(read.alongside.transactions) as Transaction[]
      const state = withTransactions(read.state, transactions)
      const name = read.state.budget.name
      if (body.format === 'csv') {
        const csv = transactionsCsv(state, {
          delimiter: body.delimiter ?? ';',
          labels: csvLabels[body.language ?? 'pl'],
        })
        return respond(200, csv, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': attachment(name, 'csv'),
          etag: `"${read.version}"`,
        })
      }
      // Authorship as display names only: the file never carries members' ids or e-mails.
      const authors = await transactionAuthors(request.server.ledger.db, params.budgetId)
      const userIds = [
        ...new Set([
          ...authors.values(),
          ...[...state.recordsByPeriod.values()].flat().map((record) => record.by),
        ]),
      ]
      const named =
        userIds.length === 0
          ? []
          : await request.server.identity.db
              .selectFrom('users')
              .select(['id', 'display_name'])
              .where('id', 'in', userIds)
              .where('display_name', 'is not', null)
              .execute()
      const names = new Map(
        named.flatMap((row) =>
          row.display_name === null ? [] : [[row.id as UserId, row.display_name] as const],
        ),
      )
      const file = toKopertaFile(state, new Date().toISOString() as Instant, {
        transactionAuthors: authors,
        names,
      })
      if (file === undefined) throw budgetNotFound()
      return respond(200, file, {
        'content-disposition': attachment(name, 'koperta.json'),
        etag: `"${read.version}"`,
      })
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/import-budget/:budgetId',
    operationId: 'importBudget',
    summary:
      "Import a whole budget (YNAB's API export as JSON, Actual Budget's export zip, or Koperta's own file) into an empty budget made with POST /api/budget; all or nothing, answered with the import report. Owner only.",
    tags,
    params: BudgetParams,
    upload: {
      fields: ImportBudgetFields,
      maxFileBytes: maxBudgetFileBytes,
      description:
        'The budget file as `file`; `source` (koperta, ynab, actual) when the user chose one, else it is detected.',
    },
    bodyLimit: maxBudgetFileBytes + uploadOverheadBytes,
    responses: {
      201: {
        description: 'Imported: the report of what was mapped, approximated and left out.',
        schema: BudgetImportAnswer,
      },
      403: {
        description:
          "The account is disabled (`user_disabled`), or the caller is not the budget's owner (`owner_only`).",
        schema: Problem,
      },
      409: {
        description:
          'The budget is not empty (`budget_not_empty`): it has accounts, transactions or assignments.',
        schema: Problem,
      },
    },
    handler: async ({ params, request }) => {
      // Early, before the upload is read; the write checks ImportBudget again under the stream's lock.
      await writableHead(request, params.budgetId, 'owner', 'importBudget')
      const upload = await readUpload(request, {
        fields: ImportBudgetFields,
        maxFileBytes: maxBudgetFileBytes,
        description: 'A budget file',
      })
      const read = await readAtOneVersion(request.server.ledger, params.budgetId, async () => undefined)
      if (read === undefined) throw budgetNotFound()
      // Refused before the file is converted; decide checks again under the stream's lock.
      if (!isEmptyBudget(read.state)) throw notEmpty()
      const conversion = await convertUpload(
        { bytes: upload.bytes, fileName: upload.fileName, source: upload.fields.source },
        read.state,
      )
      if (!conversion.ok) throw fileProblem(conversion.error)
      try {
        return await runCommand(request, params.budgetId, {
          status: 201,
          commands: (meta) => [
            { _tag: 'ImportBudget', ...meta(0), source: conversion.source, commands: conversion.commands },
          ],
          answer: (_after, version) => ({
            budgetId: params.budgetId as BudgetId,
            version,
            report: conversion.report,
          }),
        })
      } catch (error) {
        if (error instanceof ProblemError && error.problem.code === ('budget-not-empty' as never))
          throw notEmpty()
        throw error
      }
    },
  }),
]
