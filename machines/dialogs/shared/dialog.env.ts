import type { AnyActorRef } from 'xstate'
import type { CurrencyCode } from '../../../schemas/money.ts'

/** What every dialog gets from the view besides its own props. */
export type DialogEnv = {
  /** Receives `budget.command` and answers applied/refused: the open budget actor (or the budgets list). */
  readonly budget: AnyActorRef
  /** Where `analytics.track` goes; without it, the actor system's 'analytics' actor. */
  readonly analytics?: AnyActorRef
  readonly currency: CurrencyCode
  readonly locale: string
  /** Fresh ids for entities the dialog creates (crypto.randomUUID in the browser). */
  readonly newId: () => string
}
