export type { ReconcileFields, ReconcileProps, ReconcileValue } from './reconcile.form.ts'
export { buildReconcile, checkReconcile, reconcileDifference } from './reconcile.form.ts'
export type { ReconcileEvent } from './reconcile.machine.ts'
export { reconcileMachine, selectReconcileDifference } from './reconcile.machine.ts'
