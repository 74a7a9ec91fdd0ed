export { OnboardingView } from './OnboardingView.tsx'
