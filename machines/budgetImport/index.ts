export type { Inspection, UploadInput } from './budgetImport.actors.ts'
export { HEAD_BYTES, inspectFile, uploadBudget } from './budgetImport.actors.ts'
export type {
  BudgetImportContext,
  BudgetImportEvent,
  BudgetImportInput,
  ImportProblem,
} from './budgetImport.machine.ts'
export { budgetImportMachine, MAX_FILE_BYTES } from './budgetImport.machine.ts'
export type { BudgetImportPort, ChosenFile, ImportOutcome } from './budgetImport.port.ts'
export type { ImportStage } from './budgetImport.selectors.ts'
export {
  problemMessage,
  selectCanChooseFile,
  selectCanRetry,
  selectCanStart,
  selectDetectedSource,
  selectFile,
  selectIsBusy,
  selectProblem,
  selectReport,
  selectSource,
  selectStage,
} from './budgetImport.selectors.ts'
