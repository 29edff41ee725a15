import type { Staff } from '@schooliko/common/people/staff';
import type { Student } from '@schooliko/common/people/students';
import { useTranslation } from 'react-i18next';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch, RootState } from '../../app/store';
import { type PeoplePhotoKind, PHOTO_TAGS, peopleApi, useRemovePhotoMutation } from './people.api';
import { PhotoPanel } from './photo-panel';
import { uploadPhoto } from './upload-photo';

type Store = { dispatch: AppDispatch; getState: () => RootState };

/**
 * A record's photo (docs/modules.md, "A record with a photo"): the PhotoPanel on
 * /api/<kind>/:id/photo. The record and its lists are refreshed after each change.
 */
export function RecordPhotoPanel({
  kind,
  id,
  name,
  url,
  canChange,
}: {
  kind: PeoplePhotoKind;
  id: string;
  name: string;
  url: string;
  canChange: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useStore() as unknown as Store;
  const [removePhoto, removing] = useRemovePhotoMutation();

  const refresh = (record: Student | Staff) => {
    if (kind === 'students') dispatch(peopleApi.util.upsertQueryData('student', id, record as Student));
    else dispatch(peopleApi.util.upsertQueryData('staffMember', id, record as Staff));
    dispatch(peopleApi.util.invalidateTags([PHOTO_TAGS[kind]]));
  };

  return (
    <PhotoPanel
      name={name}
      url={url}
      canChange={canChange}
      removeTitle={t('people.photoPanel.removeTitle', { name })}
      removeText={t('people.photoPanel.removeText')}
      upload={async (file, onProgress) =>
        refresh(await uploadPhoto<Student | Staff>(`/api/${kind}/${id}/photo`, file, store, onProgress))
      }
      remove={async () => refresh(await removePhoto({ kind, id }).unwrap())}
      removing={removing.isLoading}
    />
  );
}
