import type { IsoDate } from '../../../schemas/money.ts'
import type { CommandDraft } from '../../openBudget/budget.protocol.ts'
import type { FormEnv } from '../shared/dialog.validation.ts'
import { checkSplitFields, type SplitErrors } from '../shared/splits.ts'
import {
  draftDirection,
  type TransactionDraftFields,
  type TransactionDraftProps,
} from './transactionDraft.form.ts'

/** Per-split errors after a submit attempt (the form keeps one error for the split part as a whole). */
export const draftSplitErrors = (
  fields: TransactionDraftFields,
  props: TransactionDraftProps,
  env: FormEnv,
  shown: boolean,
): ReadonlyArray<SplitErrors> =>
  !shown || fields.splits.length <= 1
    ? []
    : checkSplitFields(fields.splits, undefined, draftDirection(props.template), env).errors

/** "Pomiń": the occurrence counts as skipped. */
export const skipOccurrence = (props: TransactionDraftProps): CommandDraft => ({
  _tag: 'SkipOccurrence',
  templateId: props.template.id,
  date: props.date,
})

/** "Pomiń wszystkie do tej daty": the template's backlog up to this occurrence counts as skipped. */
export const skipThrough = (props: TransactionDraftProps): CommandDraft => ({
  _tag: 'SkipOccurrencesThrough',
  templateId: props.template.id,
  date: props.date,
})

/** A backlog: more than this one draft of the template is due on or before its date. */
export const hasBacklog = (draftDates: ReadonlyArray<IsoDate>, date: IsoDate): boolean =>
  draftDates.filter((draft) => draft <= date).length > 1
