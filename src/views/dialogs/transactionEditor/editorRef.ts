import type { ActorRefFrom } from 'xstate'
import type { transactionEditorMachine } from '../../../../machines/dialogs/transactionEditor/index.ts'

/** The editor's lifecycle actor, as its parts receive it. */
export type EditorRef = ActorRefFrom<typeof transactionEditorMachine>
