import * as Schema from 'effect/Schema'
import { UserId } from './ids.ts'

/** An instant as ISO 8601 text in UTC, as the server prints it (Date#toISOString). */
export const UtcInstant = Schema.String.check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u),
)

/** `GET /api/user-profile`: who is signed in; a disabled user is signed out by the app (SPEC §4). */
export const UserProfile = Schema.Struct({
  id: UserId,
  email: Schema.NullOr(Schema.String),
  isDisabled: Schema.Boolean,
  createdAt: UtcInstant,
  lastVisitAt: Schema.NullOr(UtcInstant),
  /** The name other members of a shared budget see; null until set (they see the e-mail then). */
  displayName: Schema.NullOr(Schema.String),
}).annotate({ identifier: 'UserProfile' })
export type UserProfile = typeof UserProfile.Type

/** `PUT /api/user-profile/visit`: the app reports a visit, optionally naming the device class. */
export const VisitReport = Schema.Struct({
  device: Schema.optionalKey(Schema.Literals(['Mobile', 'Desktop'])),
}).annotate({ identifier: 'VisitReport' })
export type VisitReport = typeof VisitReport.Type

export const billingModes = ['off', 'on'] as const

/**
 * `GET /api/subscription`. Self-hosted default: billing off, never expired. With billing on, the end of the paid
 * period decides; a user without a subscription record counts as expired.
 */
export const Subscription = Schema.Struct({
  isExpired: Schema.Boolean,
  billing: Schema.Literals(billingModes),
  endsAt: Schema.NullOr(UtcInstant),
}).annotate({ identifier: 'Subscription' })
export type Subscription = typeof Subscription.Type

/** The languages the app and the sign-in pages speak. */
export const UserLocale = Schema.Literals(['pl', 'en', 'de'])
export type UserLocale = typeof UserLocale.Type

/**
 * `GET /api/user-settings` (SPEC §3 userSettings): the user's language, chosen on the sign-in or registration page
 * or in the app, so that it follows them to every browser; null until a choice is known.
 */
export const UserSettings = Schema.Struct({
  locale: Schema.NullOr(UserLocale),
}).annotate({ identifier: 'UserSettings' })
export type UserSettings = typeof UserSettings.Type

/** `PUT /api/user-settings`: the app records the language the user chose. */
export const UserSettingsUpdate = Schema.Struct({
  locale: UserLocale,
}).annotate({ identifier: 'UserSettingsUpdate' })
export type UserSettingsUpdate = typeof UserSettingsUpdate.Type
