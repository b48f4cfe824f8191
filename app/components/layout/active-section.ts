/** The fixed navigation's scroll rules (docs/contracts.md), as pure functions of the scroll position. */
import { ACTIVE_SECTION_OFFSET_PX, NAV_SCROLLED_THRESHOLD_PX } from '~/lib/constants'

/** A section's id and the page coordinate of its top edge (getBoundingClientRect().top + scrollY). */
export type SectionPosition<Id extends string = string> = { id: Id; top: number }

/**
 * The current section: the last one whose top is at or above the scroll position plus the offset.
 * Undefined while no section has reached that line.
 */
export function getActiveSectionId<Id extends string>(
  sections: readonly SectionPosition<Id>[],
  scrollY: number,
  offsetPx: number = ACTIVE_SECTION_OFFSET_PX,
): Id | undefined {
  let activeId: Id | undefined
  for (const section of sections) {
    if (section.top <= scrollY + offsetPx) activeId = section.id
  }
  return activeId
}

/** The bar takes its scrolled style only after more than the threshold. */
export function isNavScrolled(scrollY: number): boolean {
  return scrollY > NAV_SCROLLED_THRESHOLD_PX
}
