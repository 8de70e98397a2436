/**
 * Live guidance while the camera is on: Human's face detector (the browser build of @vladmandic/human on
 * TensorFlow.js' WebAssembly backend; the weights and the wasm from our own origin, /pages/human/) looks at the
 * preview a few times a second. Loaded only on this screen, after it has painted; the recording never waits on it.
 */
import { useEffect, useRef, useState } from 'react';
import { FACE_CHECK } from '@core/domain/face';

export type Guide = 'loading' | 'noFace' | 'offCentre' | 'tooFar' | 'dark' | 'ready' | 'moved';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * What to tell the applicant from the faces found (boxes in the video's pixels), the frame's size and its mean
 * brightness, and whether the face has moved since guidance began.
 */
export function guideOf(faces: Box[], width: number, height: number, brightness: number, moved: boolean): Guide {
  if (brightness < FACE_CHECK.minBrightness) return 'dark';
  const face = faces[0];
  if (!face) return 'noFace';
  const cx = (face.x + face.w / 2) / width;
  const cy = (face.y + face.h / 2) / height;
  if (Math.abs(cx - 0.5) > 0.2 || Math.abs(cy - 0.5) > 0.25) return 'offCentre';
  if (Math.max(face.w, face.h) / Math.min(width, height) < FACE_CHECK.minFaceShare * 1.4) return 'tooFar';
  return moved ? 'moved' : 'ready';
}

interface HumanLike {
  load(): Promise<void>;
  warmup(): Promise<unknown>;
  detect(input: HTMLVideoElement): Promise<{ face: { box: [number, number, number, number]; score: number }[] }>;
}

let humanReady: Promise<HumanLike> | null = null;

function loadHuman(): Promise<HumanLike> {
  humanReady ??= import('@vladmandic/human').then(async ({ Human }) => {
    const h = new Human({
      backend: 'wasm',
      wasmPath: '/pages/human/wasm/',
      modelBasePath: '/pages/human/models/',
      debug: false,
      async: true,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 2, minConfidence: 0.5, return: false },
        mesh: { enabled: false },
        iris: { enabled: false },
        description: { enabled: false },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
        attention: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
    }) as unknown as HumanLike;
    await h.load();
    return h;
  });
  humanReady.catch(() => (humanReady = null));
  return humanReady;
}

function brightnessOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): number {
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return 255;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  const px = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  let sum = 0;
  for (let i = 0; i < px.length; i += 4) sum += 0.299 * px[i] + 0.587 * px[i + 1] + 0.114 * px[i + 2];
  return sum / (px.length / 4);
}

/**
 * The guidance for the video element while `on`; 'loading' until the model is ready (or when it cannot load). A new
 * `epoch` (the recording's start) forgets the movement seen so far: the turn asked for must be seen while recording.
 */
export function useFaceGuide(video: HTMLVideoElement | null, on: boolean, epoch = 0): Guide {
  const [guide, setGuide] = useState<Guide>('loading');
  const first = useRef<{ x: number; y: number; size: number } | null>(null);
  const moved = useRef(false);
  useEffect(() => {
    first.current = null;
    moved.current = false;
  }, [epoch]);

  useEffect(() => {
    if (!video || !on) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    canvas.width = 32;
    canvas.height = 24;
    const tick = async (h: HumanLike) => {
      if (!live) return;
      if (video.readyState >= 2 && video.videoWidth) {
        try {
          const r = await h.detect(video);
          const faces = r.face.filter((f) => f.score >= 0.5).map((f) => ({ x: f.box[0], y: f.box[1], w: f.box[2], h: f.box[3] }));
          const f = faces[0];
          if (f) {
            const now = { x: f.x + f.w / 2, y: f.y + f.h / 2, size: Math.max(f.w, f.h) };
            first.current ??= now;
            if (Math.hypot(now.x - first.current.x, now.y - first.current.y) > first.current.size * FACE_CHECK.minMoveShare * 1.5) moved.current = true;
          }
          if (live) setGuide(guideOf(faces, video.videoWidth, video.videoHeight, brightnessOf(video, canvas), moved.current));
        } catch {
          // a frame the model could not read: the next one
        }
      }
      timer = setTimeout(() => void tick(h), 300);
    };
    // after the screen has painted: the model is a large download
    const start = setTimeout(() => {
      loadHuman().then(
        (h) => live && void tick(h),
        (err: unknown) => console.warn('face guidance unavailable', err),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(start);
      clearTimeout(timer);
    };
  }, [video, on]);

  return guide;
}
