import type { SnapshotFrom } from 'xstate'
import { type TransferCrossing, transferCrossing } from './transfer.form.ts'
import type { transferMachine } from './transfer.machine.ts'

type TransferSnapshot = SnapshotFrom<typeof transferMachine>

/** Whether the chosen accounts make the transfer cross the budget's edge: then the dialog asks for a category. */
export const selectTransferCrossing = (snapshot: TransferSnapshot): TransferCrossing =>
  transferCrossing(snapshot.context.fields, snapshot.context.props.trackingAccountIds)
