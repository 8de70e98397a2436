/**
 * The photo check as the screen tests see it (jsdom has no worker and decodes no image): it answers what a test set,
 * no problem by default (jest.config maps src/core/photo-check/check-photo here). The real check's arithmetic is
 * tested on real pixels in scripts/photo-check.test.ts.
 */
import type { PhotoVerdict } from '../photo-check/check-photo';

let next: PhotoVerdict | null = { problems: [], ms: 0 };

/** What the next checks answer (null: the check could not run). */
export function setPhotoVerdict(v: PhotoVerdict | null): void {
  next = v;
}

export const checkPhoto = async (): Promise<PhotoVerdict | null> => next;
