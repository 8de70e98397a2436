/** Face liveness calls (issue 11): the video upload, the face check and its confirmation. */
import type { FastifyPluginAsync } from 'fastify';
import { VIDEO_LIMITS } from '@core/domain/face';
import { openUpload } from '../../plugins/cipher';
import { route } from '../../plugins/route';
import * as service from './service';

const faceRoutes: FastifyPluginAsync = async (app) => {
  const deps = { ...app.deps, face: app.deps.vendors.face };
  // the face check's child processes end with the app, so that a closed app lets the process exit
  app.addHook('onClose', async () => deps.face.close());
  const userId = (request: { user: { userId: string } | null }) => request.user!.userId;

  route(
    app,
    'videoUpload',
    async (_input, request) => {
      const { meta, bytes } = await openUpload(request, VIDEO_LIMITS.maxUploadBytes);
      return service.storeVideo(deps, userId(request), { filename: meta.filename, bytes });
    },
    {
      config: { multipart: true },
      description:
        'multipart as Upload (field `e` = RequestEnvelope of {filename, fileIv}; part `file` = the sealed bytes). MP4 or WebM by content (else 1009), at most 50 MB (else 1008); ' +
        'length 2-5 s (100400 videoTooShort / videoTooLong / videoUnreadable); over 3 MB it is re-encoded, 120207 when it stays over. Stored as the caller\'s UserApply file.',
    },
  );

  route(app, 'livingBodyVerifyRaw', (input, request) => service.verify(deps, userId(request), input), {
    description:
      "The caller's video against the portrait side of the saved IDCARD step (idcardFrontOssId must be that photo; name and idNumber those of the step). " +
      '150405 with the reason as the message (FACE_REASONS) when the check fails, ATTEMPTS_LIMIT after FACE_ATTEMPTS_PER_DAY checks a day; 100503 with data.retryAfterSeconds when the checks queued are too many, their estimated wait is past the time-out, or the answer did not come in time (the attempt is not counted). ' +
      "Every check is kept for staff; the chosen frame is stored as the caller's JPEG (imageOssId).",
  });

  route(app, 'livingBodyQueue', (input, request) => service.queueState(deps, userId(request), input.appId), {
    description:
      "Where the caller's face check of the application stands while LivingBodyVerifyRaw waits: `waiting` with the checks `ahead` of it, `checking`, or `none`; " +
      'etaSeconds is the estimate until its answer (the checks ahead shared among the engines at work, FACE_SECONDS_PER_CHECK each). 100403/100404 as ApplyDetail for an application not the caller\'s.',
  });

  route(app, 'livingBodyConfirm', (input, request) => service.confirm(deps, userId(request), input), {
    description: "Marks the caller's passed check (livingBodyVerifyId) as the one the LIVINGWITNESS step names; 100400 when it is not a passed check of the application.",
  });
};

export default faceRoutes;
