/**
 * What the phone checks in a card photo before it is sent (issue 41): the limits of the check that runs in the
 * browser (src/core/photo-check). The service keeps its own checks of the card it cuts out (card-image.ts); these
 * only spare the applicant an upload that the service, or a reviewer, would refuse.
 * Measured on synthetic card photos and their bad variants: scripts/photo-check-measure.ts.
 */

/** What can be wrong with a card photo, most telling first. */
export const PHOTO_PROBLEMS = ['dark', 'blurry', 'glare', 'cut', 'small'] as const;
export type PhonePhotoProblem = (typeof PHOTO_PROBLEMS)[number];

/**
 * What is asked about a photo of a document (a proof of address, a statement): not glare, since white paper in good
 * light is blown out in places without any reflection hiding its words.
 */
export const DOCUMENT_PHOTO_PROBLEMS: readonly PhonePhotoProblem[] = ['dark', 'blurry', 'cut', 'small'];

export const PHONE_PHOTO_LIMITS = {
  /** the photo is analysed at this longest side (pixels) */
  workSize: 800,
  /** a picture smaller than this on its short side is no camera photo (an icon, a scan's thumbnail): not judged */
  minSide: 48,
  /** colour distance (0-441) from the surface around the card that counts as card */
  surfaceDistance: 60,
  /** under this brightness (0-255) of the card's light parts (its 95th percentile), too dark to read */
  minCardBrightness: 72,
  /** under this variance of the Laplacian of the card (grey, at workSize), blurred */
  minSharpness: 60,
  /** over this share of the card's pixels blown out (all of r, g, b ≥ 250), glare */
  maxGlare: 0.03,
  /** the card is cut off when it covers more than this share of a photo edge */
  maxEdgeCover: 0.25,
  /** the card is too small when its box covers less than this share of the photo */
  minCardShare: 0.15,
} as const;
