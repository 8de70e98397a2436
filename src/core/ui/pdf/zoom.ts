/**
 * The in-page PDF viewer's zoom: a share of the viewer's width (1 = the page fits the width, "100%"). The buttons step
 * through ZOOM_STEPS; a pinch sets any value between the ends, rounded to whole per cents.
 */
export const ZOOM_FIT = 1;
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
export const ZOOM_MIN = ZOOM_STEPS[0];
export const ZOOM_MAX = ZOOM_STEPS[ZOOM_STEPS.length - 1];

/** a zoom kept between the ends, to whole per cents */
export const clampZoom = (z: number): number => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 100) / 100));
/** the next step above (from a pinched value too) */
export const zoomInFrom = (z: number): number => ZOOM_STEPS.find((s) => s > z + 0.005) ?? ZOOM_MAX;
/** the next step below */
export const zoomOutFrom = (z: number): number => [...ZOOM_STEPS].reverse().find((s) => s < z - 0.005) ?? ZOOM_MIN;

/**
 * The canvas's pixels per CSS pixel for a page `cssWidth` wide: the screen's own, but a page's canvas no wider than
 * MAX_CANVAS_PX (a cheap phone's memory: a zoomed page at the screen's 3 pixels per point would be ~9000 px wide).
 */
export const MAX_CANVAS_PX = 2048;
export const canvasRatio = (cssWidth: number, screenRatio: number): number =>
  Math.max(1, Math.min(screenRatio || 1, MAX_CANVAS_PX / Math.max(1, cssWidth)));
