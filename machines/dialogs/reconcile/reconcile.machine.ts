import type { SnapshotFrom } from 'xstate'
import { createFormDialogMachine, type FormDialogEvent } from '../shared/formDialog.machine.ts'
import {
  buildReconcile,
  checkReconcile,
  initialReconcileFields,
  type ReconcileFields,
  reconcileDifference,
} from './reconcile.form.ts'

/** States the bank's balance for an account (mobile reconcile, reconcile-edit). */
export const reconcileMachine = createFormDialogMachine({
  id: 'reconcile',
  initialFields: initialReconcileFields,
  check: checkReconcile,
  build: buildReconcile,
})

export type ReconcileEvent = FormDialogEvent<ReconcileFields>

/** The adjustment the stated balance would create; 0 means "balanced", null while the field is not an amount. */
export const selectReconcileDifference = (snapshot: SnapshotFrom<typeof reconcileMachine>): number | null =>
  reconcileDifference(snapshot.context.fields, snapshot.context.props, snapshot.context.env)
