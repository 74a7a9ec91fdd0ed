import type { SnapshotFrom } from 'xstate'
import type { budgetExportMachine } from './budgetExport.machine.ts'

/** The file is being made: the button waits. */
export const selectIsExporting = (snapshot: SnapshotFrom<typeof budgetExportMachine>): boolean =>
  snapshot.hasTag('busy')
