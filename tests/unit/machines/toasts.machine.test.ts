import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import {
  API_SERVER_ERROR_MESSAGE,
  MAX_TOASTS,
  selectToasts,
  TOAST_AUTO_HIDE_MS,
  TOAST_LEAVE_ANIMATION_MS,
  toastFromApiError,
  toastsMachine,
} from '../../../machines/toasts/index.ts'

const startToasts = () => createActor(toastsMachine).start()

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('toasts machine', () => {
  it('fills in the default keys: success says "Action has been succeeded" under SUKCES', () => {
    const toasts = startToasts()
    toasts.send({ type: 'toast.show', kind: 'success' })
    toasts.send({ type: 'toast.show', kind: 'error', message: '404 Not Found' })
    expect(selectToasts(toasts.getSnapshot())).toEqual([
      {
        id: 'toast-1',
        kind: 'success',
        titleKey: 'toast.successLabel',
        messageKey: 'toast.success',
        leaving: false,
      },
      {
        id: 'toast-2',
        kind: 'error',
        titleKey: 'toast.failureLabel',
        message: '404 Not Found',
        leaving: false,
      },
    ])
  })

  it('keeps caller keys', () => {
    const toasts = startToasts()
    toasts.send({ type: 'toast.show', kind: 'info', messageKey: 'budget.saved', titleKey: 'x.title' })
    const [toast] = selectToasts(toasts.getSnapshot())
    expect(toast?.messageKey).toBe('budget.saved')
    expect(toast?.titleKey).toBe('x.title')
  })

  it('hides a toast after 5 s, then removes it after the 300 ms animation', () => {
    const toasts = startToasts()
    toasts.send({ type: 'toast.show', kind: 'success' })
    vi.advanceTimersByTime(TOAST_AUTO_HIDE_MS - 1)
    expect(selectToasts(toasts.getSnapshot())[0]?.leaving).toBe(false)
    vi.advanceTimersByTime(1)
    expect(selectToasts(toasts.getSnapshot())[0]?.leaving).toBe(true)
    vi.advanceTimersByTime(TOAST_LEAVE_ANIMATION_MS - 1)
    expect(selectToasts(toasts.getSnapshot())).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(selectToasts(toasts.getSnapshot())).toEqual([])
    expect(Object.keys(toasts.getSnapshot().children)).toEqual([])
    expect(TOAST_AUTO_HIDE_MS).toBe(5000)
    expect(TOAST_LEAVE_ANIMATION_MS).toBe(300)
  })

  it('dismissing starts the leave animation at once', () => {
    const toasts = startToasts()
    toasts.send({ type: 'toast.show', kind: 'warning' })
    toasts.send({ type: 'toast.show', kind: 'warning' })
    vi.advanceTimersByTime(1000)
    toasts.send({ type: 'toast.dismiss', id: 'toast-1' })
    expect(selectToasts(toasts.getSnapshot()).map((toast) => toast.leaving)).toEqual([true, false])
    vi.advanceTimersByTime(TOAST_LEAVE_ANIMATION_MS)
    expect(selectToasts(toasts.getSnapshot()).map((toast) => toast.id)).toEqual(['toast-2'])
  })

  it('ignores dismissing an unknown toast', () => {
    const toasts = startToasts()
    toasts.send({ type: 'toast.dismiss', id: 'toast-99' })
    expect(toasts.getSnapshot().status).toBe('active')
    expect(selectToasts(toasts.getSnapshot())).toEqual([])
  })

  it('shows at most 10, dropping the oldest when an 11th arrives', () => {
    const toasts = startToasts()
    for (let i = 0; i < MAX_TOASTS + 1; i++) toasts.send({ type: 'toast.show', kind: 'info' })
    const ids = selectToasts(toasts.getSnapshot()).map((toast) => toast.id)
    expect(MAX_TOASTS).toBe(10)
    expect(ids).toHaveLength(10)
    expect(ids[0]).toBe('toast-2')
    expect(ids.at(-1)).toBe('toast-11')
    expect(Object.keys(toasts.getSnapshot().children)).toHaveLength(10)
  })

  it('gives the view the same array while nothing changed', () => {
    const toasts = startToasts()
    toasts.send({ type: 'toast.show', kind: 'success' })
    const first = selectToasts(toasts.getSnapshot())
    expect(selectToasts(toasts.getSnapshot())).toBe(first)
    toasts.send({ type: 'toast.dismiss', id: 'toast-1' })
    expect(selectToasts(toasts.getSnapshot())).not.toBe(first)
  })
})

describe('toastFromApiError (SPEC §8)', () => {
  it('joins details with line breaks', () => {
    expect(
      toastFromApiError({ status: 400, statusText: 'Bad Request', data: {}, details: ['a', 'b'] }),
    ).toEqual({ kind: 'error', message: 'a\nb' })
  })

  it('says 500 API Server Error when the answer has no data', () => {
    expect(toastFromApiError({ status: 502, statusText: 'Bad Gateway' })).toEqual({
      kind: 'error',
      message: API_SERVER_ERROR_MESSAGE,
    })
    expect(API_SERVER_ERROR_MESSAGE).toBe('500 API Server Error')
    expect(toastFromApiError({ status: 500, data: null, details: [] }).message).toBe('500 API Server Error')
  })

  it('otherwise shows status and status text', () => {
    expect(toastFromApiError({ status: 409, statusText: 'Conflict', data: { code: 'x' } })).toEqual({
      kind: 'error',
      message: '409 Conflict',
    })
  })
})
