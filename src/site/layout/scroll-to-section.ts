import { prefersReducedMotion } from './use-reduced-motion.ts';

/** A menu link brings its section's top this many pixels below the window's top. */
export const SCROLL_OFFSET_PX = 80;

/**
 * Scrolls smoothly (instantly for visitors who asked for less motion) to the section of this
 * anchor, 80 px below the top, then moves keyboard focus there without scrolling again and
 * records the anchor in the address bar. `extraOffset` is the height of an alert showing above
 * the menu bar, so that it never covers the section's title. Returns false when the page has no
 * such section.
 */
export function scrollToSection(anchor: string, extraOffset = 0): boolean {
  const section = document.getElementById(anchor);
  if (!section) return false;
  const offset = SCROLL_OFFSET_PX + extraOffset;
  const top = section.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  if (window.location.hash !== `#${anchor}`) window.history.pushState(null, '', `#${anchor}`);
  section.focus({ preventScroll: true });
  return true;
}
