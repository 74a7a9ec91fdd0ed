import type { FocusEvent, FormEvent, MouseEvent } from 'react'

/**
 * An amount box shows a value ('0,00') that a person means to replace, not extend: entering it selects the whole
 * text, so typing '2000' gives '2000' and not '0,002000'. The first click after that (a dialog's box opens focused,
 * and people click into it anyway) would place the caret on its mouseup and undo the selection, so that one mouseup
 * is cancelled; once something is typed, or after that click, clicks place the caret as usual.
 */
export const selectAllOnEntry = {
  onFocus: (event: FocusEvent<HTMLInputElement>): void => {
    event.currentTarget.dataset.entering = 'true'
    event.currentTarget.select()
  },
  onBeforeInput: (event: FormEvent<HTMLInputElement>): void => {
    delete event.currentTarget.dataset.entering
  },
  onMouseUp: (event: MouseEvent<HTMLInputElement>): void => {
    const input = event.currentTarget
    if (input.dataset.entering !== 'true') return
    delete input.dataset.entering
    event.preventDefault()
  },
}
