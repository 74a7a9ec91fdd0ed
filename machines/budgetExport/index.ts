export type { BudgetExportContext, BudgetExportEvent, BudgetExportInput } from './budgetExport.machine.ts'
export { budgetExportMachine, downloadExport, EXPORT_DONE_MESSAGE_KEY } from './budgetExport.machine.ts'
export type { BudgetExportPort, ExportedFile, ExportOutcome } from './budgetExport.port.ts'
export { selectIsExporting } from './budgetExport.selectors.ts'
