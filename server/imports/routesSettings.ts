import type { FastifyRequest } from 'fastify'
import { budgetError } from '../../schemas/budgetErrors.ts'
import {
  ImportPresetBody,
  ImportPresetList,
  ImportPresetParams,
  PayeeRuleList,
  PayeeRulesBody,
} from '../../schemas/importSettings.ts'
import { ImportPreset } from '../../schemas/imports.ts'
import { BudgetParams, Deleted } from '../../schemas/ledgerApi.ts'
import type { FieldError } from '../../schemas/problem.ts'
import { makeProblem, ProblemError } from '../http/problem.ts'
import { defineRoute } from '../http/route.ts'
import { callerId, readableHead, requireAccess } from '../ledger/http.ts'
import { budgetNotFound, domainRefusal } from '../ledger/problems.ts'
import type { LedgerDb } from '../ledger/tables.ts'
import {
  deleteImportPreset,
  missingCategories,
  readImportPresets,
  readPayeeRules,
  replacePayeeRules,
  saveImportPreset,
} from './settings.ts'

// A budget's payee rules and import presets (issue 28 §1, §2): settings any member may read and any member with
// Edit access may change (docs/sharing.md), kept
// beside the ledger rather than in its event stream (docs/decisions/0017).

const tags = ['imports']

/** 500 rules of the longest names, in escaped JSON, stay under this. */
const rulesBodyLimit = 4 * 1024 * 1024

const invalid = (detail: string, errors: readonly FieldError[]) =>
  new ProblemError(makeProblem(400, 'validation_failed', detail, errors))

/**
 * Runs `change` in a transaction holding the budget's row, after checking the caller is a member of the budget with
 * Edit access:
 * concurrent replacements of the rule list queue instead of colliding on their ids.
 */
const changeSettings = async <T>(
  request: FastifyRequest,
  budgetId: string,
  change: (trx: LedgerDb) => Promise<T>,
): Promise<T> => {
  const userId = callerId(request)
  return request.server.ledger.db.transaction().execute(async (trx) => {
    const budget = await trx
      .selectFrom('budgets as b')
      .innerJoin('budget_members as m', (join) =>
        join.onRef('m.budget_id', '=', 'b.id').on('m.user_id', '=', userId),
      )
      .select(['b.deleted', 'm.role', 'm.access'])
      .where('b.id', '=', budgetId)
      .forUpdate('b')
      .executeTakeFirst()
    if (budget === undefined || budget.deleted) throw budgetNotFound()
    requireAccess(budget, 'edit')
    return change(trx)
  })
}

/** Rule ids name rows: two rules with one id would be one rule. */
const refuseRepeatedIds = (body: PayeeRulesBody) => {
  const seen = new Set<string>()
  const errors: FieldError[] = []
  for (const [index, rule] of body.rules.entries()) {
    if (seen.has(rule.id)) {
      errors.push({
        path: `/body/rules/${index}/id`,
        message: 'Another rule has this id.',
        code: 'invalid_value',
      })
    }
    seen.add(rule.id)
  }
  if (errors.length > 0) throw invalid('Each rule needs an id of its own.', errors)
}

/** The generic CSV reads by its mapping, which needs an amount column (or inflow/outflow); other formats take none. */
const refuseMismatchedMapping = (body: ImportPresetBody) => {
  const { format, mapping } = body
  if (format === 'csv' && mapping === null) {
    throw invalid('A preset of the generic CSV format needs its column mapping.', [
      { path: '/body/mapping', message: 'The csv format needs a column mapping.', code: 'missing' },
    ])
  }
  if (format !== 'csv' && mapping !== null) {
    throw invalid(`A preset of the ${format} format takes no column mapping.`, [
      {
        path: '/body/mapping',
        message: 'Only the csv format reads by a column mapping.',
        code: 'unexpected',
      },
    ])
  }
  if (
    mapping !== null &&
    mapping.amount === undefined &&
    mapping.inflow === undefined &&
    mapping.outflow === undefined
  ) {
    throw invalid('The mapping must name an amount column, or inflow and outflow columns.', [
      {
        path: '/body/mapping/amount',
        message: 'Name the amount column (or inflow/outflow).',
        code: 'missing',
      },
    ])
  }
}

export const importSettingsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/payee-rules',
    operationId: 'listPayeeRules',
    summary: 'The payee rules of the budget, in the order they are tried (the first that matches wins)',
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The rules in order.', schema: PayeeRuleList } },
    handler: async ({ params, request, respond }) => {
      await readableHead(request, params.budgetId)
      return respond(200, await readPayeeRules(request.server.ledger.db, params.budgetId))
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/payee-rules',
    operationId: 'replacePayeeRules',
    summary: 'Replace the payee rules with this list (at most 500), in this order',
    tags,
    params: BudgetParams,
    body: PayeeRulesBody,
    bodyLimit: rulesBodyLimit,
    responses: {
      200: { description: 'The rules as stored, in order.', schema: PayeeRuleList },
    },
    handler: async ({ params, body, request, respond }) => {
      refuseRepeatedIds(body)
      const rules = await changeSettings(request, params.budgetId, async (trx) => {
        const categories = body.rules.flatMap((rule) => (rule.categoryId === null ? [] : [rule.categoryId]))
        const [missing] = await missingCategories(trx, params.budgetId, categories)
        if (missing !== undefined) {
          // 422 category-not-found, as the ledger's commands answer; itemIndex names the rule.
          const index = body.rules.findIndex((rule) => rule.categoryId === missing)
          throw domainRefusal(budgetError('CategoryNotFound', { categoryId: missing }), index)
        }
        await replacePayeeRules(trx, params.budgetId, body.rules)
        return readPayeeRules(trx, params.budgetId)
      })
      return respond(200, rules)
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/budget/:budgetId/import-presets',
    operationId: 'listImportPresets',
    summary: "The budget's named presets for reading bank files, by name",
    tags,
    params: BudgetParams,
    responses: { 200: { description: 'The presets.', schema: ImportPresetList } },
    handler: async ({ params, request, respond }) => {
      await readableHead(request, params.budgetId)
      return respond(200, await readImportPresets(request.server.ledger.db, params.budgetId))
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/import-presets/:presetId',
    operationId: 'saveImportPreset',
    summary:
      'Create or replace a named preset: a format (with its column mapping for a generic CSV) and an encoding',
    tags,
    params: ImportPresetParams,
    body: ImportPresetBody,
    responses: { 200: { description: 'The preset as stored.', schema: ImportPreset } },
    handler: async ({ params, body, request, respond }) => {
      refuseMismatchedMapping(body)
      const preset = await changeSettings(request, params.budgetId, (trx) =>
        saveImportPreset(trx, params.budgetId, params.presetId, body, new Date()),
      )
      return respond(200, preset)
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/import-presets/:presetId',
    operationId: 'deleteImportPreset',
    summary: 'Delete a named preset',
    tags,
    params: ImportPresetParams,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, request, respond }) => {
      const deleted = await changeSettings(request, params.budgetId, (trx) =>
        deleteImportPreset(trx, params.budgetId, params.presetId),
      )
      if (!deleted)
        throw new ProblemError(makeProblem(404, 'not_found', 'The budget has no preset by this id.'))
      return respond(200, { deleted: true })
    },
  }),
]
