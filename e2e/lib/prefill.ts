/**
 * Saves an application's steps through the service with valid data, up to (not including) a step: the set-up
 * of journeys that start in the middle of the flow and of developers' screenshots. Identity images are small
 * real PNG uploads of the applicant (the card screens and their recognition are covered by their own journeys).
 */
import sharp from 'sharp';
import { CALLS } from '../../src/core/domain/calls-all';import { fastestRiskSpeed } from '../../src/core/domain/closing';
import { todayInHongKong } from '../../src/core/domain/identity';
import { sampleStep, type SampleOptions, type SampleSource } from '../../src/core/domain/step-samples';
import { stepContextOfApp } from '../../src/core/domain/step-rules/types';
import { STEP_VERSION, type StepName } from '../../src/core/domain/steps';
import type { ApplicationView } from '../../src/core/domain/contract';
import { ServiceError, type ApiClient } from './api-client';
import { faceRetryAfterSeconds } from '../../src/core/domain/face';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeIdFront, SAMPLE_FRONT } from '../../scripts/make-card-images';
import { makeFaceVideo } from '../../scripts/make-face-video';
import { pdfFile, TINY_PNG } from './flows';
import { ROOT } from './harness';

/** The applicant's birthday (YYYY-MM-DD), residence kind, account type and names: see SampleOptions. */
export type PrefillOptions = SampleOptions;

const TINY_PDF = pdfFile('a proof');

/** A drawn signature as the pad exports it: dark strokes on white. */
const signaturePng = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="600" height="200" fill="#fff"/>' +
        '<path d="M40 140 C 90 40, 140 40, 170 130 S 260 170, 300 80 S 380 40, 420 140" stroke="#111" stroke-width="7" fill="none"/></svg>',
    ),
  )
    .png()
    .toBuffer()
    .then((b) => new Uint8Array(b));

/** The applicant's face (public domain, server/test/fixtures/faces): on the ID card, in the liveness video and the fake camera. */
export const APPLICANT_FACE = join(ROOT, 'server/test/fixtures/faces/astronaut.jpg');
let cardWithFace: Promise<Uint8Array> | null = null;
/** the applicant's liveness video, made once (ffmpeg) and uploaded by each applicant */
let faceVideo: Promise<Buffer> | null = null;
const idFrontWithFace = () => (cardWithFace ??= makeIdFront({ ...SAMPLE_FRONT, portrait: readFileSync(APPLICANT_FACE) }).then((b) => new Uint8Array(b)));

/**
 * A face check as an applicant's phone sends it: a busy answer (100503) is waited out for the seconds it names and
 * the same video checked again, as the liveness page does (FACE_BUSY_RETRIES), and then as the applicant tapping
 * "record again" would, up to BUSY_TRIES in all.
 */
const BUSY_TRIES = 8;
export async function busyRetried<T>(send: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await send();
    } catch (err) {
      const wait = err instanceof ServiceError && err.code === 100503 ? faceRetryAfterSeconds(err.data) : null;
      if (wait === null || tries >= BUSY_TRIES) throw err;
      await new Promise((r) => setTimeout(r, wait * 1000));
    }
  }
}

/** The samples' source for an application of this client: real uploads, its AML check, its context today. */
function sourceOf(client: ApiClient, appId: string): SampleSource {
  return {
    async file(category, kind = 'png') {
      if (kind === 'idFront') {
        const up = await client.upload(await idFrontWithFace(), 'id-front.jpg', category);
        return { ossId: up.ossId, url: up.ossUrl, description: 'id-front.jpg', ossCategory: category };
      }
      const name = kind === 'signature' ? 'signature.png' : `${kind === 'pdf' ? 'doc' : 'photo'}-${Math.floor(Math.random() * 1e6)}.${kind}`;
      const bytes = kind === 'pdf' ? TINY_PDF : kind === 'signature' ? await signaturePng() : TINY_PNG;
      const up = await client.upload(bytes, name, category);
      return { ossId: up.ossId, url: up.ossUrl, description: name, ossCategory: category };
    },
    async riskDisclosure() {
      const { items } = await client.call<{ items: Array<{ id: string; audioOssId: string; durationMs: number }> }>('riskAudioList', { appId });
      const res = await client.get(`${CALLS.riskMedia.path}?id=${items[0].audioOssId}`);
      await res.arrayBuffer();
      const { production } = await client.call<{ production: boolean }>('clientConfig');
      // the service refuses a confirmation sooner than the track at the fastest speed offered
      await new Promise((r) => setTimeout(r, Math.ceil(items[0].durationMs / fastestRiskSpeed(production)) + 300));
      await client.call('applyRiskConfirm', { appId, disclosureId: items[0].id });
      return items[0].id;
    },
    amlCheck: () => client.call<{ hitStatus: number; amlInfoId: string }>('applyAmlCheck', { appId }),
    // a real face check: a video of the applicant's face against the ID card saved with it
    async faceCheck() {
      const view = await client.call<ApplicationView>('applyDetail', { appId });
      const idcard = view.data.IDCARD as { chineseName: string; idNumber: string; documentInfo: { idCard: { front: { ossId: string } } } };
      const video = await (faceVideo ??= makeFaceVideo(readFileSync(APPLICANT_FACE), { seconds: 3 }));
      const up = await client.uploadTo<{ ossId: string }>(CALLS.videoUpload.path, new Uint8Array(video), 'liveness.mp4');
      const check = await busyRetried(() =>
        client.call<{ id: number; imageOssId: string }>('livingBodyVerifyRaw', {
          appId,
          videoOssId: up.ossId,
          name: idcard.chineseName,
          idNumber: idcard.idNumber,
          idcardFrontOssId: idcard.documentInfo.idCard.front.ossId,
        }),
      );
      await client.call('livingBodyConfirm', { appId, livingBodyVerifyId: check.id });
      const { ossUrl } = await client.call<{ ossUrl: string }>('signedUrl', { ossid: check.imageOssId });
      return { id: check.id, picture: { ossId: check.imageOssId, url: ossUrl, description: 'liveness.jpg', ossCategory: 'UserApply' as const } };
    },
    async context() {
      const view = await client.call<ApplicationView>('applyDetail', { appId });
      return stepContextOfApp(view, todayInHongKong(new Date()));
    },
    now: () => new Date(),
    // the certificate step's documents as the page has them: generated by the service (ApplyDocument)
    caDocument: async (document) => (await client.call<{ ossId: string }>('applyDocument', { appId, document })).ossId,
  };
}

/** Saves the application's steps in order until `until` (not saved); returns the steps saved. */
export async function prefillSteps(client: ApiClient, appId: string, until: StepName, opts: PrefillOptions = {}): Promise<StepName[]> {
  const app = await client.call<ApplicationView>('applyDetail', { appId });
  const src = sourceOf(client, appId);
  const saved: StepName[] = [];
  for (const step of app.applyStepsName as StepName[]) {
    if (step === until) break;
    if (step === 'STATEMENT') continue;
    const data = await sampleStep(step, src, { birthday: '1985-06-15', ...opts });
    await client.call('applyUpdate', { appId, stepVersion: STEP_VERSION, currentStep: step, data });
    saved.push(step);
  }
  return saved;
}
