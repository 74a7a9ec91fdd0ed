export type { DeleteConfirmFields, DeleteConfirmProps, DeleteConfirmValue } from './deleteConfirm.form.ts'
export { buildDelete, checkDelete } from './deleteConfirm.form.ts'
export type { DeleteConfirmEvent } from './deleteConfirm.machine.ts'
export { deleteConfirmMachine } from './deleteConfirm.machine.ts'
