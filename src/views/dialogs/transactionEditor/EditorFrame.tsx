import type { ReactNode } from 'react'
import { DialogFrame } from '../../../components/dialog/FormDialog.tsx'

/** The modal (desktop) or full-height sheet (phone) around the editor and its read-only variants. */
export const EditorFrame = (props: {
  readonly title: string
  readonly onDismiss: () => void
  readonly children: ReactNode
}) => <DialogFrame {...props} modalClassName="tx-editor" />
