import { type AnyActorRef, assign, enqueueActions, fromPromise, setup } from 'xstate'
import type {
  NotificationChannel,
  NotificationSettings,
  NotificationType,
} from '../../schemas/notifications.ts'
import { TOASTS_SYSTEM_ID } from '../app/app.ids.ts'
import { fieldsDiffer } from '../dialogs/shared/formDialog.machine.ts'
import type { ApiErrorLike } from '../toasts/toasts.errors.ts'
import type { ToastShow } from '../toasts/toasts.machine.ts'
import {
  checkSettings,
  type ReminderKey,
  type SettingsErrors,
  withChannel,
  withDay,
} from './settings.form.ts'
import type { NotificationSettingsPort, SettingsOutcome } from './settings.port.ts'

export const SAVED_MESSAGE_KEY = 'notificationSettings.saved'

export type SettingsInput = {
  readonly port: NotificationSettingsPort
  /** The time zones the browser knows (Intl.supportedValuesOf('timeZone')); empty: any is accepted. */
  readonly timeZones: ReadonlyArray<string>
  /** Where the success toast goes: the app's toast list (a screen's actor is not in the app's system). */
  readonly toasts?: AnyActorRef
}

export type SettingsContext = SettingsInput & {
  /** As the server keeps them; null until read. */
  readonly saved: NotificationSettings | null
  /** The form; null until read. Kept as typed when a save fails. */
  readonly fields: NotificationSettings | null
  /** Shown after a save attempt; a field's message clears when it is changed. */
  readonly errors: SettingsErrors
  /** Why the last read or save failed. */
  readonly failure: ApiErrorLike | null
}

export type SettingsEvent =
  | { type: 'settings.timeZone'; timeZone: string }
  | { type: 'settings.reminderEnabled'; reminder: ReminderKey; enabled: boolean }
  | { type: 'settings.reminderTime'; reminder: ReminderKey; time: string }
  | { type: 'settings.reminderDay'; reminder: ReminderKey; day: number; on: boolean }
  | { type: 'settings.channel'; notification: NotificationType; channel: NotificationChannel; on: boolean }
  | { type: 'settings.save' }
  | { type: 'settings.retry' }

type EditEvent = Exclude<SettingsEvent, { type: 'settings.save' } | { type: 'settings.retry' }>

/** The fields after one edit, and the message it clears. */
const edited = (
  fields: NotificationSettings,
  event: EditEvent,
): { readonly fields: NotificationSettings; readonly clears: keyof SettingsErrors | null } => {
  switch (event.type) {
    case 'settings.timeZone':
      return { fields: { ...fields, timeZone: event.timeZone }, clears: 'timeZone' }
    case 'settings.reminderEnabled':
      return {
        fields: { ...fields, [event.reminder]: { ...fields[event.reminder], enabled: event.enabled } },
        clears: `${event.reminder}Days`,
      }
    case 'settings.reminderTime':
      return {
        fields: { ...fields, [event.reminder]: { ...fields[event.reminder], time: event.time } },
        clears: `${event.reminder}Time`,
      }
    case 'settings.reminderDay':
      return {
        fields: { ...fields, [event.reminder]: withDay(fields[event.reminder], event.day, event.on) },
        clears: `${event.reminder}Days`,
      }
    case 'settings.channel':
      return {
        fields: {
          ...fields,
          channels: {
            ...fields.channels,
            [event.notification]: withChannel(fields.channels[event.notification], event.channel, event.on),
          },
        },
        // Channels carry no message.
        clears: null,
      }
  }
}

/** The time zones accepted: the browser's, plus the one already saved (a zone this browser may not list). */
const acceptedZones = (context: SettingsContext): ReadonlyArray<string> =>
  context.timeZones.length === 0 || context.saved === null
    ? context.timeZones
    : [...context.timeZones, context.saved.timeZone]

const EDITS = {
  'settings.timeZone': { actions: 'edit' },
  'settings.reminderEnabled': { actions: 'edit' },
  'settings.reminderTime': { actions: 'edit' },
  'settings.reminderDay': { actions: 'edit' },
  'settings.channel': { actions: 'edit' },
} as const

export const notificationSettingsMachine = setup({
  // XState's type-only slots (its documented idiom): these objects are never read at runtime.
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actors: {
    load: fromPromise<SettingsOutcome, { readonly port: NotificationSettingsPort }>(({ input, signal }) =>
      input.port.load(signal),
    ),
    save: fromPromise<
      SettingsOutcome,
      { readonly port: NotificationSettingsPort; readonly settings: NotificationSettings }
    >(({ input, signal }) => input.port.save(input.settings, signal)),
  },
  guards: {
    succeeded: (_, params: { outcome: SettingsOutcome }) => params.outcome.ok,
    fieldsAreValid: ({ context }) =>
      context.fields !== null && checkSettings(context.fields, acceptedZones(context)).ok,
  },
  actions: {
    takeSettings: assign((_, params: { outcome: SettingsOutcome }) =>
      params.outcome.ok
        ? { saved: params.outcome.settings, fields: params.outcome.settings, errors: {}, failure: null }
        : {},
    ),
    rememberFailure: assign((_, params: { outcome: SettingsOutcome | null }) => ({
      failure: params.outcome === null || params.outcome.ok ? { statusText: 'failed' } : params.outcome.error,
    })),
    clearFailure: assign({ failure: null }),
    edit: assign(({ context, event }) => {
      if (context.fields === null || event.type === 'settings.save' || event.type === 'settings.retry')
        return {}
      const { fields, clears } = edited(context.fields, event)
      if (clears === null) return { fields }
      const { [clears]: _cleared, ...errors } = context.errors
      return { fields, errors }
    }),
    showErrors: assign({
      errors: ({ context }) => {
        if (context.fields === null) return {}
        const checked = checkSettings(context.fields, acceptedZones(context))
        return checked.ok ? {} : checked.errors
      },
    }),
    toastSaved: enqueueActions(({ context, enqueue, system }) => {
      const toasts: AnyActorRef | undefined = context.toasts ?? system.get(TOASTS_SYSTEM_ID)
      const toast: ToastShow = { type: 'toast.show', kind: 'success', messageKey: SAVED_MESSAGE_KEY }
      if (toasts !== undefined) enqueue.sendTo(toasts, toast)
    }),
  },
}).createMachine({
  id: 'notificationSettings',
  context: ({ input }) => ({ ...input, saved: null, fields: null, errors: {}, failure: null }),
  initial: 'loading',
  states: {
    // The saved settings are read.
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ port: context.port }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: { type: 'takeSettings', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'loadFailed',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: { target: 'loadFailed', actions: { type: 'rememberFailure', params: { outcome: null } } },
      },
    },
    // They could not be read; the person may try again.
    loadFailed: {
      on: { 'settings.retry': { target: 'loading', actions: 'clearFailure' } },
    },
    // The person changes the form; a failed save's reason stays until the next attempt.
    editing: {
      on: { ...EDITS, 'settings.save': { target: 'validating' } },
    },
    // Pure check of every field; all messages show at once.
    validating: {
      entry: 'showErrors',
      always: [{ guard: 'fieldsAreValid', target: 'saving' }, { target: 'editing' }],
    },
    // The whole settings go to the server; the form stays as typed whatever the answer.
    saving: {
      entry: 'clearFailure',
      invoke: {
        src: 'save',
        // Entered only through fieldsAreValid, so the fields are there.
        input: ({ context }) => ({ port: context.port, settings: context.fields as NotificationSettings }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'editing',
            actions: [
              { type: 'takeSettings', params: ({ event }) => ({ outcome: event.output }) },
              'toastSaved',
            ],
          },
          {
            target: 'editing',
            actions: { type: 'rememberFailure', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: { target: 'editing', actions: { type: 'rememberFailure', params: { outcome: null } } },
      },
    },
  },
})

/** Whether the form differs from what the server keeps. */
export const settingsChanged = (context: SettingsContext): boolean =>
  context.fields !== null && context.saved !== null && fieldsDiffer(context.fields, context.saved)
