import * as Schema from 'effect/Schema'
import type { ColumnType, Kysely } from 'kysely'
import type { ImportPresetBody } from '../../schemas/importSettings.ts'
import { ImportPreset, PayeeRule } from '../../schemas/imports.ts'
import type { LedgerTables } from '../ledger/tables.ts'

// A budget's import settings (migration 0016): its payee rules, in order, and its named presets. Budget-scoped
// settings, not ledger events (docs/decisions/0017): plain rows, replaced or upserted in one statement or one
// transaction, and gone with their budget (the foreign key cascades).

export interface PayeeRulesRow {
  budget_id: string
  id: string
  /** 0, 1, 2 …: the order rules are tried in. */
  position: number
  match: string
  text: string
  rename: string | null
  category_id: string | null
}

export interface ImportPresetsRow {
  budget_id: string
  id: string
  name: string
  format: string
  encoding: string | null
  mapping: ColumnType<unknown, string | null, string | null>
  updated_at: ColumnType<Date, Date | undefined, Date>
}

export interface ImportSettingsTables extends LedgerTables {
  payee_rules: PayeeRulesRow
  import_presets: ImportPresetsRow
}

type Db = Kysely<ImportSettingsTables>

/** The ledger's handle (or transaction) seen with the settings tables too. */
const settingsDb = (db: Kysely<LedgerTables>): Db =>
  // The same connection and session: migration 0016 created these tables beside the ledger's.
  db as unknown as Db

// Rows are decoded, not cast: a row the schema no longer accepts is a server bug, not an answer.
const decodeRule = Schema.decodeUnknownSync(PayeeRule)
const decodePreset = Schema.decodeUnknownSync(ImportPreset)

/**
 * The budget's payee rules in the order they are tried. A rule whose category has since been deleted comes back
 * without one (it still renames): deleting a category does not reach into the settings, and an import must never
 * set a category the budget no longer has.
 */
export const readPayeeRules = async (db: Kysely<LedgerTables>, budgetId: string): Promise<PayeeRule[]> => {
  const rows = await settingsDb(db)
    .selectFrom('payee_rules as r')
    .leftJoin('categories as c', (join) =>
      join.onRef('c.budget_id', '=', 'r.budget_id').onRef('c.id', '=', 'r.category_id'),
    )
    .select(['r.id', 'r.match', 'r.text', 'r.rename', 'c.id as category_id'])
    .where('r.budget_id', '=', budgetId)
    .orderBy('r.position')
    .execute()
  return rows.map((row) =>
    decodeRule({
      id: row.id,
      match: row.match,
      text: row.text,
      rename: row.rename,
      categoryId: row.category_id,
    }),
  )
}

/** Which of these categories the budget does not have (in the order given). */
export const missingCategories = async <Id extends string>(
  db: Kysely<LedgerTables>,
  budgetId: string,
  categoryIds: readonly Id[],
): Promise<Id[]> => {
  const wanted = [...new Set(categoryIds)]
  if (wanted.length === 0) return []
  const found = await db
    .selectFrom('categories')
    .select('id')
    .where('budget_id', '=', budgetId)
    .where('id', 'in', wanted)
    .execute()
  const known = new Set<string>(found.map((row) => row.id))
  return categoryIds.filter((id) => !known.has(id))
}

/** Replaces the budget's rules with these, in this order. Run it in a transaction holding the budget's row. */
export const replacePayeeRules = async (
  db: Kysely<LedgerTables>,
  budgetId: string,
  rules: readonly PayeeRule[],
): Promise<void> => {
  const settings = settingsDb(db)
  await settings.deleteFrom('payee_rules').where('budget_id', '=', budgetId).execute()
  if (rules.length === 0) return
  await settings
    .insertInto('payee_rules')
    .values(
      rules.map((rule, position) => ({
        budget_id: budgetId,
        id: rule.id,
        position,
        match: rule.match,
        text: rule.text,
        rename: rule.rename,
        category_id: rule.categoryId,
      })),
    )
    .execute()
}

const presetOf = (
  row: Pick<ImportPresetsRow, 'id' | 'name' | 'format' | 'encoding'> & { mapping: unknown },
) =>
  decodePreset({
    id: row.id,
    name: row.name,
    format: row.format,
    encoding: row.encoding,
    mapping: row.mapping,
  })

const byName = new Intl.Collator('pl', { sensitivity: 'base', numeric: true })

/** The budget's presets by name (Polish collation; the id settles equal names). */
export const readImportPresets = async (
  db: Kysely<LedgerTables>,
  budgetId: string,
): Promise<ImportPreset[]> => {
  const rows = await settingsDb(db)
    .selectFrom('import_presets')
    .select(['id', 'name', 'format', 'encoding', 'mapping'])
    .where('budget_id', '=', budgetId)
    .execute()
  return rows
    .map(presetOf)
    .sort((a, b) => byName.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Creates or replaces one preset, and answers it as stored. */
export const saveImportPreset = async (
  db: Kysely<LedgerTables>,
  budgetId: string,
  presetId: string,
  preset: ImportPresetBody,
  now: Date,
): Promise<ImportPreset> => {
  const values = {
    name: preset.name,
    format: preset.format,
    encoding: preset.encoding,
    mapping: preset.mapping === null ? null : JSON.stringify(preset.mapping),
    updated_at: now,
  }
  const row = await settingsDb(db)
    .insertInto('import_presets')
    .values({ budget_id: budgetId, id: presetId, ...values })
    .onConflict((conflict) => conflict.columns(['budget_id', 'id']).doUpdateSet(values))
    .returning(['id', 'name', 'format', 'encoding', 'mapping'])
    .executeTakeFirstOrThrow()
  return presetOf(row)
}

/** Deletes one preset; false when the budget has none by that id. */
export const deleteImportPreset = async (
  db: Kysely<LedgerTables>,
  budgetId: string,
  presetId: string,
): Promise<boolean> => {
  const result = await settingsDb(db)
    .deleteFrom('import_presets')
    .where('budget_id', '=', budgetId)
    .where('id', '=', presetId)
    .executeTakeFirst()
  return result.numDeletedRows > 0n
}

/**
 * Everything an import reads from the settings: the rules in order (a deleted category's rule without it) and the
 * presets. Takes the ledger's handle or a transaction (the import reads it at the version it matches against).
 */
export const loadImportSettings = async (
  db: Kysely<LedgerTables>,
  budgetId: string,
): Promise<{ rules: PayeeRule[]; presets: ImportPreset[] }> => ({
  rules: await readPayeeRules(db, budgetId),
  presets: await readImportPresets(db, budgetId),
})
