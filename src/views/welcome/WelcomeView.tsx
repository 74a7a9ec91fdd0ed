import './texts.ts'
import './welcome.css'
import { useRouter } from '@tanstack/react-router'
import { type TouchEvent, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import { useTranslation } from 'react-i18next'
import { WELCOME_COMPLETE_STORAGE_KEY } from '../../router/guards.ts'
import { SignInChoices } from './SignInChoices.tsx'

/** The screens, in order; the last one offers sign-in and registration. */
const SCREENS = ['envelopes', 'assign', 'spend', 'start'] as const
const LAST = SCREENS.length - 1
/** A horizontal finger movement at least this long (px), and longer than it is tall, turns the screen. */
const SWIPE_MIN = 48

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/u.test(target.tagName))

/**
 * Mobile /welcome (SPEC §2, §4): a few screens on envelope budgeting, turned by a swipe, the buttons or the arrow
 * keys, then sign-in or registration. Reaching the last screen stores the welcome-complete flag, so /login stops
 * sending the person here.
 */
export default function WelcomeView() {
  const { t } = useTranslation()
  const { storage } = useRouter().options.context
  const [index, setIndex] = useState(0)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const sectionRef = useRef<HTMLElement>(null)
  const touchStart = useRef<{ x: number; y: number } | null>(null)
  const moved = useRef(false)
  const headingId = useId()

  const go = useCallback((next: number) => {
    moved.current = true
    setIndex(Math.max(0, Math.min(LAST, next)))
  }, [])
  const finish = useCallback(() => storage.set(WELCOME_COMPLETE_STORAGE_KEY, 'true'), [storage])

  useEffect(() => {
    if (index === LAST) finish()
  }, [index, finish])
  // A turned screen keeps the focus where it was; when its control is gone (no 'Dalej' on the last screen) the
  // new screen's heading takes it, so a keyboard or screen-reader user is not dropped at the top of the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each turn of the screen.
  useEffect(() => {
    if (!moved.current) return
    const active = document.activeElement
    if (active === null || active === document.body || !sectionRef.current?.contains(active))
      headingRef.current?.focus()
  }, [index])
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return
      if (event.key === 'ArrowRight') go(index + 1)
      else if (event.key === 'ArrowLeft') go(index - 1)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [go, index])

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.changedTouches[0]
    touchStart.current = touch === undefined ? null : { x: touch.clientX, y: touch.clientY }
  }
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current
    const touch = event.changedTouches[0]
    touchStart.current = null
    if (start === null || touch === undefined) return
    const dx = touch.clientX - start.x
    const dy = touch.clientY - start.y
    if (Math.abs(dx) < SWIPE_MIN || Math.abs(dx) <= Math.abs(dy)) return
    go(dx < 0 ? index + 1 : index - 1)
  }

  const screen = SCREENS[index] ?? 'start'
  return (
    <section
      ref={sectionRef}
      className="welcome"
      aria-roledescription={t('welcome.carousel')}
      aria-label={t('welcome.label')}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the WAI carousel's slide is a group, not a form's fieldset. */}
      <div
        className="welcome__screen"
        role="group"
        aria-roledescription={t('welcome.screen')}
        aria-labelledby={headingId}
        aria-live="polite"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        key={screen}
        data-screen={screen}
      >
        <p className="welcome__step">{t('welcome.step', { n: index + 1, total: SCREENS.length })}</p>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="welcome__title">
          {t(`welcome.screens.${screen}.title`)}
        </h2>
        <p className="welcome__body">{t(`welcome.screens.${screen}.body`)}</p>
        {index === LAST ? <SignInChoices onChosen={finish} /> : null}
      </div>
      <div className="welcome__dots">
        {SCREENS.map((name, at) => (
          <Button
            key={name}
            className="welcome__dot"
            aria-label={t('welcome.goTo', { n: at + 1, total: SCREENS.length })}
            {...(at === index ? { 'aria-current': 'step' as const } : {})}
            onPress={() => go(at)}
          />
        ))}
      </div>
      <div className="welcome__nav">
        <Button className="button button--quiet" isDisabled={index === 0} onPress={() => go(index - 1)}>
          {t('welcome.back')}
        </Button>
        {index === LAST ? null : (
          <>
            <Button className="button button--quiet" onPress={() => go(LAST)}>
              {t('welcome.skip')}
            </Button>
            <Button className="button" onPress={() => go(index + 1)}>
              {t('welcome.next')}
            </Button>
          </>
        )}
      </div>
      <p className="welcome__keys">{t('welcome.keys')}</p>
    </section>
  )
}
