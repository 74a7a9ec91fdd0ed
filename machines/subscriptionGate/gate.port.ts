/** The two answers the gate reads (SPEC §7: `isDisabled` of the profile, `isExpired` of the subscription). */
export type GateAnswers = { readonly userDisabled: boolean; readonly subscriptionExpired: boolean }

/** What the gate needs from the product API; src/auth implements it with the one HTTP client. */
export type GatePort = {
  loadProfile(signal: AbortSignal): Promise<{ readonly isDisabled: boolean }>
  loadSubscription(signal: AbortSignal): Promise<{ readonly isExpired: boolean }>
}
