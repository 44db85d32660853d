/** Onboarding: the one-slide welcome (link networks, confirm the time zone) and the feed's redirect to it. */
export { OnboardingScreen } from './components/onboarding-screen.tsx';
