// Plain data, no Schema import: the browser's entry chunk needs the names without loading effect.
/** The product analytics events (SPEC §7); the browser queue and the server share this list. */
export const analyticsEventNames = [
  'onboarding_survey_completed',
  'onboarding_1_step_completed',
  'onboarding_2_step_completed',
  'onboarding_3_step_completed',
  'onboarding_completed',
  'auto_assign',
  'money_assigned',
  'transaction_added',
  'template_added',
  'template_used',
  'target_set',
  'import_csv_started',
  'help_opened',
] as const

/** The server refuses larger batches; the browser queue never sends more in one request. */
export const maxAnalyticsBatchSize = 100
