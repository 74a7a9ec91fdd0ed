import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildCover,
  type CoverOverspendingFields,
  checkCover,
  initialCoverFields,
  trackCover,
} from './coverOverspending.form.ts'

/** Covers an overspent category from Ready to Assign or another category (mobile /cover). */
export const coverOverspendingMachine = createFormDialogMachine({
  id: 'coverOverspending',
  initialFields: initialCoverFields,
  check: checkCover,
  build: buildCover,
  analytics: trackCover,
})

export type CoverOverspendingEvent = FormDialogEvent<CoverOverspendingFields>
