export type {
  CoverOverspendingFields,
  CoverOverspendingProps,
  CoverOverspendingValue,
} from './coverOverspending.form.ts'
export { buildCover, checkCover } from './coverOverspending.form.ts'
export type { CoverOverspendingEvent } from './coverOverspending.machine.ts'
export { coverOverspendingMachine } from './coverOverspending.machine.ts'
