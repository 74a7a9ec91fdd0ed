import { useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'

/**
 * Client-side navigation for the plain links of a long list, from one click listener on the list (a ref
 * callback): a router-aware link per row (react-aria's Link with its press, hover and focus hooks) weighed on a long
 * month's first render on a phone (docs/performance.md). Enter on a focused link clicks it, so keyboards take the same
 * path; clicks with a modifier key, another button or another target stay the browser's.
 */
export const useListNavigation = () => {
  const router = useRouter()
  return useCallback(
    (list: HTMLElement | null) => {
      if (list === null) return
      const follow = (event: MouseEvent) => {
        if (event.defaultPrevented || event.button !== 0) return
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        const link = event.target instanceof Element ? event.target.closest('a[href]') : null
        if (
          !(link instanceof HTMLAnchorElement) ||
          link.target !== '' ||
          link.origin !== window.location.origin
        )
          return
        event.preventDefault()
        router.history.push(`${link.pathname}${link.search}${link.hash}`)
      }
      list.addEventListener('click', follow)
      return () => list.removeEventListener('click', follow)
    },
    [router],
  )
}
