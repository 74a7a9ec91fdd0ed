import type { TFunction } from 'i18next'
import type { FieldError } from '../../../../machines/dialogs/shared/index.ts'

/** A field's error in the user's language; empty when the field has none. */
export const errorText = (t: TFunction, error: FieldError | undefined): string =>
  error === undefined ? '' : t(error.key, error.params ?? {})
