import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import { getToastsRef } from '../../../machines/app/index.ts'
import { notificationSettingsMachine } from '../../../machines/notificationSettings/index.ts'
import { pushMachine } from '../../../machines/pushSubscription/index.ts'
import { useLoadApi } from '../../api/ApiContext.tsx'
import { useAppActor } from '../../app/AppActor.tsx'
import { createNotificationSettingsPort } from '../../ports/notificationSettingsPort.ts'
import { createPushPort } from '../../ports/pushPort.ts'

/** Every IANA zone the browser knows (empty where Intl cannot list them: then any saved zone is kept). */
const browserTimeZones = (): ReadonlyArray<string> => {
  try {
    return Intl.supportedValuesOf('timeZone')
  } catch {
    return []
  }
}

/** The settings form's actor, living as long as the screen. */
export const useSettingsActor = () => {
  const loadApi = useLoadApi()
  const app = useAppActor()
  const input = useMemo(
    () => ({
      port: createNotificationSettingsPort(loadApi),
      timeZones: browserTimeZones(),
      toasts: getToastsRef(app),
    }),
    [loadApi, app],
  )
  return useActorRef(notificationSettingsMachine, { input })
}

/** This browser's push subscription actor, living as long as the section that shows it. */
export const usePushActor = () => {
  const loadApi = useLoadApi()
  const input = useMemo(() => ({ port: createPushPort(loadApi) }), [loadApi])
  return useActorRef(pushMachine, { input })
}
