import type { AuthUser } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { userUpdated } from '../auth';
import { PhotoPanel, uploadPhoto } from '../people';
import { useRemoveAccountPhotoMutation } from './account.api';

type Store = { dispatch: AppDispatch; getState: () => RootState };

/** Profile Settings: the person's own photo (/api/auth/me/photo), shown in the top bar's avatar. */
export function AccountPhoto({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useStore() as unknown as Store;
  const [remove, removing] = useRemoveAccountPhotoMutation();
  return (
    <PhotoPanel
      name={user.full_name}
      url={user.photo_url ?? ''}
      canChange
      removeTitle={t('account.removePhotoTitle')}
      removeText={t('account.removePhotoText')}
      upload={async (file, onProgress) => {
        dispatch(userUpdated(await uploadPhoto<AuthUser>('/api/auth/me/photo', file, store, onProgress)));
      }}
      remove={async () => {
        await remove().unwrap();
      }}
      removing={removing.isLoading}
    />
  );
}
