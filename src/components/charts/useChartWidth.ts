import { useCallback, useRef, useState } from 'react'

/**
 * A chart's box width in CSS pixels, so it is drawn 1:1 and its 12 px labels stay 12 px from 320 px to wide (a fixed
 * viewBox would shrink them on phones and blow them up on desktops). `measure` is the box's ref callback.
 */
export const useChartWidth = (initial = 360) => {
  const [width, setWidth] = useState(initial)
  const observer = useRef<ResizeObserver | null>(null)
  const measure = useCallback((element: HTMLDivElement | null) => {
    observer.current?.disconnect()
    if (element === null) return
    const update = () => setWidth(Math.max(200, Math.floor(element.clientWidth)))
    update()
    observer.current = new ResizeObserver(update)
    observer.current.observe(element)
  }, [])
  return { width, measure }
}
