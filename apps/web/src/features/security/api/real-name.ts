import {
  addUserRealAuthPersonal,
  type IdPhotoKind,
  modifyUserRealAuthPersonal,
  type RealNameSubmission,
  uploadIdPhoto,
} from '@agent-console/contract/real-name';
import { call } from '../../../lib/api-client';

/** Uploads one ID photo (a data URL in the JSON body); the server checks its bytes. */
export const uploadPhoto = async (kind: IdPhotoKind, fileName: string, dataUrl: string) =>
  (await call(uploadIdPhoto, { kind, fileName, dataUrl })).object;

/** Spec section 4: add on the first submission (or when no status exists), modify otherwise. */
export async function submitRealName(submission: RealNameSubmission, first: boolean) {
  return (await call(first ? addUserRealAuthPersonal : modifyUserRealAuthPersonal, submission)).object;
}
