/**
 * The photo check in the screen tests (jsdom has no worker, no image decoding): answers what a test set, no problem
 * by default (jest.config maps src/core/photo-check/check-photo here).
 */
import type { PhotoVerdict } from '../photo-check/check-photo';

let next: PhotoVerdict | null = { problems: [], ms: 0 };

/** What the next checks answer (null: the check could not run). */
export function setPhotoVerdict(v: PhotoVerdict | null): void {
  next = v;
}

export const checkPhoto = async (): Promise<PhotoVerdict | null> => next;
