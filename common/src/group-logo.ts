import { defineMessages } from './messages';
import { MAX_FILE_MB, MB, UPLOAD_MESSAGES } from './uploads';

/** Spec 5.8 / 9: the group logo (an image of the types every upload takes, common/uploads). */
export const GROUP_LOGO_MAX_MB = MAX_FILE_MB.groupLogo;
export const GROUP_LOGO_MAX_BYTES = GROUP_LOGO_MAX_MB * MB;
/** For the file picker's accept attribute. */
export const GROUP_LOGO_ACCEPT = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';
/** The headers POST /api/groups/temp/logo requires (spec 7.2). */
export const GROUP_LOGO_HEADERS = {
  type: 'X-Group-Type',
  name: 'X-Group-Name',
  city: 'X-Group-City',
  pincode: 'X-Group-Pincode',
} as const;

/** Spec 5.8: texts about the logo file. */
export const GROUP_LOGO_MESSAGES = defineMessages('groupLogo', {
  invalidType: UPLOAD_MESSAGES.invalidType,
  tooLarge: UPLOAD_MESSAGES.tooLarge,
  noFile: UPLOAD_MESSAGES.noFile,
  prerequisites: 'Please select group type, enter group name, city, and pincode before uploading logo',
  uploadFailed: 'Failed to upload logo. Please try again.',
  uploadFallback: 'Logo upload failed',
  uploaded: 'Logo uploaded successfully',
} as const);
