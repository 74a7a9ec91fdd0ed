export type { TransferFields, TransferProps, TransferValue } from './transfer.form.ts'
export { buildTransfer, checkTransfer } from './transfer.form.ts'
export type { TransferEvent } from './transfer.machine.ts'
export { transferMachine } from './transfer.machine.ts'
