import type { Migration, MigrationProvider } from 'kysely/migration'
// Identity: users, oidc-provider state, keys, throttling, subscriptions, personal tokens.
import * as identity from '../../identity/migrations/0001_identity.ts'
// Identity: when a user was last signed out everywhere (access tokens issued before are refused).
import * as tokensValidAfter from '../../identity/migrations/0002_tokens_valid_after.ts'
// Identity: the user's language, so it follows them from the sign-in page and across browsers.
import * as userLocale from '../../identity/migrations/0003_user_locale.ts'
import * as analyticsEvents from './0001_analytics_events.ts'
import * as ledger from './0003_ledger.ts'
import * as budgetSnapshots from './0004_budget_snapshots.ts'
import * as budgetSnapshotParts from './0005_budget_snapshot_parts.ts'
import * as summaryReadModels from './0006_summary_read_models.ts'
import * as categoryMonthColumns from './0007_category_month_columns.ts'
import * as categoryYearColumns from './0008_category_year_columns.ts'
import * as transactionStatistics from './0009_transaction_statistics.ts'
import * as eventCompression from './0010_event_compression.ts'
import * as commandFingerprints from './0011_command_fingerprints.ts'
import * as onboarding from './0013_onboarding.ts'
import * as budgetImports from './0015_budget_imports.ts'
import * as importSettings from './0016_import_settings.ts'
import * as transactionTemplates from './0017_transaction_templates.ts'
import * as notifications from './0018_notifications.ts'
import * as sharing from './0019_sharing.ts'
import * as transactionAuthors from './0020_transaction_authors.ts'
import * as savedViews from './0021_saved_views.ts'
import * as loans from './0022_loans.ts'
import * as trackingAccounts from './0023_tracking_accounts.ts'

/** Every migration in order; names sort lexically, so keep the numeric prefix. Append, never edit. */
export const migrations: Readonly<Record<string, Migration>> = {
  '0001_analytics_events': analyticsEvents,
  '0002_identity': identity,
  '0003_ledger': ledger,
  '0004_budget_snapshots': budgetSnapshots,
  '0005_budget_snapshot_parts': budgetSnapshotParts,
  '0006_summary_read_models': summaryReadModels,
  '0007_category_month_columns': categoryMonthColumns,
  '0008_category_year_columns': categoryYearColumns,
  '0009_transaction_statistics': transactionStatistics,
  '0010_event_compression': eventCompression,
  '0011_command_fingerprints': commandFingerprints,
  '0012_identity_tokens_valid_after': tokensValidAfter,
  '0013_onboarding': onboarding,
  '0014_identity_user_locale': userLocale,
  '0015_budget_imports': budgetImports,
  '0016_import_settings': importSettings,
  '0017_transaction_templates': transactionTemplates,
  '0018_notifications': notifications,
  '0019_sharing': sharing,
  '0020_transaction_authors': transactionAuthors,
  '0021_saved_views': savedViews,
  '0022_loans': loans,
  '0023_tracking_accounts': trackingAccounts,
}

export const inCodeMigrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...migrations }),
}
