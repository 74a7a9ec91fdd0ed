import { lazy, Suspense } from 'react'

// The banner's code and texts load beside the screen that shows it, not in that screen's first chunk.
const LazyBanner = lazy(() =>
  import('./OnboardingBanner.tsx').then((module) => ({ default: module.OnboardingBanner })),
)

export function OnboardingBanner() {
  return (
    <Suspense fallback={null}>
      <LazyBanner />
    </Suspense>
  )
}
