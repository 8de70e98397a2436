import { callApi } from './client';

/** Checks that the user may start an application: rejects with ApiError 151000 (organisation) or 151100 (partner, data.url). */
export const applyCheck = () => callApi('applyCheck');
