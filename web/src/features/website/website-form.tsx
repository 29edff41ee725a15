import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import {
  type WebsiteContent,
  type WebsiteContentInput,
  type WebsiteState,
  websiteContentSchema,
} from '@schooliko/common/website';
import { useState } from 'react';
import { FormProvider, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { blockEnterSubmit } from '../forms/form-fields';
import { messageText } from '../forms/messages';
import { UnsavedChangesGuard } from '../profile/unsaved-changes-guard';
import { toast } from '../toast/toast.slice';
import { BuilderSections } from './builder-sections';
import { publishedText } from './published-text';
import { usePublishWebsiteMutation, useSaveDraftMutation } from './website.api';
import { PublishedNote, WebsiteActions } from './website-actions';

export const PREVIEW_PATH = '/homepage?preview=1';

/** The form holds text where the API stores numbers; this is what the inputs start from. */

export function toFormValues(content: WebsiteContent): WebsiteContentInput {
  return content;
}

/**
 * /create-website (spec 2.15): every block of the builder. Save Draft keeps it private, Preview
 * opens the public site with the draft, Create publishes it.
 */
export function WebsiteForm({ state }: { state: WebsiteState }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [saveDraft, saving] = useSaveDraftMutation();
  const [publish, publishing] = usePublishWebsiteMutation();
  const [live, setLive] = useState(state.status === 'published' || state.status === 'changed');
  const form = useForm<WebsiteContentInput, unknown, WebsiteContent>({
    resolver: zodResolver(websiteContentSchema),
    defaultValues: toFormValues(state.draft),
    reValidateMode: 'onSubmit',
  });
  const { handleSubmit, reset, setError, formState } = form;
  const busy = saving.isLoading || publishing.isLoading;

  const showFailure = (error: unknown, title: string) => {
    const failure = failureOf(error);
    for (const [field, message] of Object.entries(failure.errors))
      setError(field as Path<WebsiteContentInput>, { message });
    const message =
      failure.status === 'FETCH_ERROR'
        ? t('website.offline')
        : messageText(t, failure.message, failure.coded) || t('website.failed');
    dispatch(toast.error(message, { title }));
  };
  const invalid = () => dispatch(toast.error(t('website.fixErrors'), { title: t('website.checkForm') }));

  const onSave = handleSubmit(async (values) => {
    try {
      const result = await saveDraft(values).unwrap();
      reset(toFormValues(result.data.draft));
      dispatch(toast.success(messageText(t, result.message)));
    } catch (error) {
      showFailure(error, t('website.saveFailedTitle'));
    }
  }, invalid);

  const onCreate = handleSubmit(async (values) => {
    try {
      const result = await publish(values).unwrap();
      reset(toFormValues(result.data.draft));
      setLive(true);
      dispatch(toast.success(publishedText(t, result.message), { title: t('website.publishedTitle') }));
    } catch (error) {
      showFailure(error, t('website.publishFailedTitle'));
    }
  }, invalid);

  // The preview shows the saved draft: unsaved edits are saved first. The tab is opened at once
  // (a tab opened after waiting for the save would be taken for a pop-up and blocked).
  const onPreview = () => {
    const tab = window.open('', '_blank');
    void handleSubmit(
      async (values) => {
        try {
          if (formState.isDirty) {
            const result = await saveDraft(values).unwrap();
            reset(toFormValues(result.data.draft));
          }
          if (tab) tab.location.href = PREVIEW_PATH;
          else window.location.assign(PREVIEW_PATH);
        } catch (error) {
          tab?.close();
          showFailure(error, t('website.saveFailedTitle'));
        }
      },
      () => {
        tab?.close();
        invalid();
      },
    )();
  };

  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={formState.isDirty && !busy} />
      <Box
        component="form"
        noValidate
        onSubmit={onCreate}
        onKeyDown={blockEnterSubmit}
        aria-label={t('website.title')}
      >
        {live && (
          <PublishedNote
            status={formState.isDirty ? 'changed' : state.status}
            publishedAt={state.published_at}
          />
        )}
        <BuilderSections canManageGroup={state.can_manage_group} currentGroupId={state.current_group_id} />
        <WebsiteActions
          live={live}
          dirty={formState.isDirty}
          saving={saving.isLoading}
          publishing={publishing.isLoading}
          onSave={() => void onSave()}
          onPreview={onPreview}
          onDashboard={() => navigate('/admin')}
        />
      </Box>
    </FormProvider>
  );
}
