export type {
  TransferCategoryFields,
  TransferCategoryProps,
  TransferCategoryValue,
} from './transferCategory.form.ts'
export { buildTransferCategory, checkTransferCategory } from './transferCategory.form.ts'
export type { TransferCategoryEvent } from './transferCategory.machine.ts'
export { transferCategoryMachine } from './transferCategory.machine.ts'
