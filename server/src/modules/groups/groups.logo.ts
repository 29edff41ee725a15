import { GROUP_LOGO_MAX_MB, GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import type { Storage } from '../../platform/uploads/storage';
import { type ImageRules, storeImage } from '../../platform/uploads/uploads.service';
import { httpError } from '../../plugins/errors';

/** Spec 5.8: a group logo is an image under 1 MB; logos never need more than 1024 pixels a side. */
export const GROUP_LOGO_RULES: ImageRules = {
  maxMb: GROUP_LOGO_MAX_MB,
  maxSide: 1024,
  field: 'logo',
  failedMessage: GROUP_LOGO_MESSAGES.uploadFailed,
};

const TEMP_FOLDER = 'groups/temp';
const TEMP_KEY = /^groups\/temp\/[a-f0-9]{32}\.(?:jpg|png|gif|webp)$/;

/** Group logos in the app's storage (local disk or S3), under groups/temp/ with random names. */
export type LogoStorage = {
  /** Cleans and stores an uploaded logo, before its group exists; answers the URL to show and to send back. */
  saveTemp(upload: Buffer): Promise<string>;
  /**
   * The URL a group keeps for a logo the form sent: its current one unchanged, or one uploaded
   * through POST /api/groups/temp/logo. Anything else is refused (400), so a group's logo can
   * never point at a page or a file outside our storage.
   */
  adopt(url: string, current: string | null): Promise<string>;
};

export function logoStorage(storage: Storage): LogoStorage {
  return {
    async saveTemp(upload) {
      return (await storeImage(storage, TEMP_FOLDER, upload, GROUP_LOGO_RULES)).url;
    },
    async adopt(url, current) {
      if (url === current) return url;
      const key = storage.keyOf(url);
      if (!key || !TEMP_KEY.test(key)) throw httpError(400, GROUP_MESSAGES.logoInvalid);
      let stored: boolean;
      try {
        stored = await storage.exists(key);
      } catch {
        throw httpError(503, GROUP_LOGO_MESSAGES.uploadFailed);
      }
      if (!stored) throw httpError(400, GROUP_MESSAGES.logoInvalid);
      return url;
    },
  };
}
