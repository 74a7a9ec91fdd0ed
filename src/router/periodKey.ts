/** SPEC §9: period keys are YYYYMM. */
const PERIOD_KEY = /^\d{4}(0[1-9]|1[0-2])$/

export const isPeriodKey = (value: string): boolean => PERIOD_KEY.test(value)

/** The period containing `now`, in the browser's time zone (SPEC §2: periodKey defaults to the current month). */
export const currentPeriodKey = (now: Date): string =>
  `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}`
