export type { AutoAssignFields, AutoAssignProps, AutoAssignValue } from './autoAssign.form.ts'
export { buildAutoAssign, checkAutoAssign } from './autoAssign.form.ts'
export type { AutoAssignEvent } from './autoAssign.machine.ts'
export { autoAssignMachine } from './autoAssign.machine.ts'
