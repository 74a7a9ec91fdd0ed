export type { DialogEnv } from './dialog.env.ts'
export type { DialogSnapshotLike } from './dialog.selectors.ts'
export {
  selectCanSubmit,
  selectFieldError,
  selectFields,
  selectHasErrors,
  selectIsClosed,
  selectIsConfirmingDiscard,
  selectIsSubmitting,
  selectRefusalKey,
  selectWasApplied,
} from './dialog.selectors.ts'
export type { AmountRule, Checked, FieldError, FieldErrors, FormEnv } from './dialog.validation.ts'
export {
  amountText,
  checkAmount,
  checkDate,
  checkName,
  dateText,
  formatBound,
  NAME_MAX_LENGTH,
  ONE_MINOR_UNIT,
  REQUIRED,
  take,
} from './dialog.validation.ts'
export type {
  DiscardEvent,
  FieldChange,
  FormDialogContext,
  FormDialogEvent,
  FormDialogInput,
  FormDialogOutput,
  FormDialogSpec,
} from './formDialog.machine.ts'
export { createFormDialogMachine, fieldChange, fieldsDiffer } from './formDialog.machine.ts'
