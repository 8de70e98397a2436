/**
 * The step checks' reads of what other modules wrote for the application: the generated documents
 * (application_documents, the documents module) and the face checks (face_checks, the face module). Read here, not
 * through those modules: they read the application, and the application module may not import them back.
 */
import type { Db } from '../../../db';

/** Whether `ossId` is a version ApplyDocument generated of the application's `document`. */
export async function isGeneratedDocument(db: Db, appId: string, document: string, ossId: string | undefined): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM application_documents WHERE app_id = $1 AND document = $2 AND oss_id = $3', [appId, document, ossId]);
  return rows.length > 0;
}

/** Whether `faceCheckId` is a passed face check of the application. */
export async function isPassedFaceCheck(db: Db, appId: string, faceCheckId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM face_checks WHERE id = $1 AND app_id = $2 AND passed', [faceCheckId, appId]);
  return rows.length > 0;
}
