/** System ids of the long-lived actors; `system.get(id)` reaches them from anywhere in the tree. */
export const APP_SYSTEM_ID = 'app'
export const TOASTS_SYSTEM_ID = 'toasts'
export const ANALYTICS_SYSTEM_ID = 'analytics'
