/** System ids of the long-lived actors; `system.get(id)` reaches them from anywhere in the tree. */
export const APP_SYSTEM_ID = 'app'
export const TOASTS_SYSTEM_ID = 'toasts'
export const ANALYTICS_SYSTEM_ID = 'analytics'
/** The open budget (machines/openBudget), hosted by the app actor while a budget's screens are shown. */
export const OPEN_BUDGET_SYSTEM_ID = 'openBudget'
/** The open budget's summary, read while the budget's code loads (machines/openBudget/summaryAhead.machine.ts). */
export const SUMMARY_AHEAD_SYSTEM_ID = 'summaryAhead'
/** The notification centre (machines/notifications): the unread count and the list, polled while signed in. */
export const NOTIFICATIONS_SYSTEM_ID = 'notifications'
