export type ToastKind = 'success' | 'warning' | 'error' | 'info'

/** What a toast says. Keys are i18n keys (src/ owns the texts); `message` is for text that arrives ready-made. */
export type ToastContent = {
  readonly kind: ToastKind
  readonly messageKey?: string
  readonly message?: string
  readonly details?: ReadonlyArray<string>
  readonly titleKey?: string
}

/** SPEC §8 defaults: success 'Action has been succeeded', failure 'Action has been failed'; label SUKCES. */
export const DEFAULT_MESSAGE_KEYS = {
  success: 'toast.success',
  warning: 'toast.warning',
  error: 'toast.failure',
  info: 'toast.info',
} as const satisfies Record<ToastKind, string>

export const DEFAULT_TITLE_KEYS = {
  success: 'toast.successLabel',
  warning: 'toast.warningLabel',
  error: 'toast.failureLabel',
  info: 'toast.infoLabel',
} as const satisfies Record<ToastKind, string>

/** A toast as shown: a title key always, and a message key unless ready-made text was given. */
export type ResolvedToastContent = ToastContent & { readonly titleKey: string }

export const resolveToastContent = (content: ToastContent): ResolvedToastContent => ({
  kind: content.kind,
  titleKey: content.titleKey ?? DEFAULT_TITLE_KEYS[content.kind],
  ...(content.message === undefined
    ? { messageKey: content.messageKey ?? DEFAULT_MESSAGE_KEYS[content.kind] }
    : content.messageKey === undefined
      ? {}
      : { messageKey: content.messageKey }),
  ...(content.message === undefined ? {} : { message: content.message }),
  ...(content.details === undefined ? {} : { details: content.details }),
})
