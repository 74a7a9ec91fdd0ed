import type { FocusEvent } from 'react'

/**
 * An amount box shows a value ('0,00') that a person means to replace, not extend: entering it selects the whole
 * text, so typing '2000' gives '2000' and not '0,002000'.
 */
export const selectAllOnFocus = (event: FocusEvent<HTMLInputElement>): void => event.currentTarget.select()
