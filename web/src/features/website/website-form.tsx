import Box from '@mui/material/Box';
import {
  type WebsiteContent,
  type WebsiteContentInput,
  type WebsiteState,
  websiteContentSchema,
} from '@schooliko/common/website';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useFailureToast } from '../../kit/forms/failure-toast';
import { blockEnterSubmit } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { UnsavedChangesGuard } from '../profile';
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
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [saveDraft, saving] = useSaveDraftMutation();
  const [publish, publishing] = usePublishWebsiteMutation();
  const [live, setLive] = useState(state.status === 'published' || state.status === 'changed');
  const failedAs = useFailureToast(t('website.offline'));
  const invalid = () => dispatch(toast.error(t('website.fixErrors'), { title: t('website.checkForm') }));
  const saveFailed = failedAs(t('website.saveFailedTitle'));
  const { form, submit, submitWith } = useSchemaForm<WebsiteContentInput, typeof websiteContentSchema>({
    schema: websiteContentSchema,
    defaultValues: toFormValues(state.draft),
    fallback: t('website.failed'),
    failed: saveFailed,
    invalid,
    send: async (values) => {
      const result = await saveDraft(values).unwrap();
      form.reset(toFormValues(result.data.draft));
      dispatch(toast.success(tr(result.message)));
    },
  });
  const { formState } = form;
  const busy = saving.isLoading || publishing.isLoading;

  const onCreate = submitWith(
    async (values) => {
      const result = await publish(values).unwrap();
      form.reset(toFormValues(result.data.draft));
      setLive(true);
      dispatch(toast.success(publishedText(t, result.message), { title: t('website.publishedTitle') }));
    },
    { failed: failedAs(t('website.publishFailedTitle')), invalid },
  );

  // The preview shows the saved draft: unsaved edits are saved first. The tab is opened at once
  // (a tab opened after waiting for the save would be taken for a pop-up and blocked).
  const onPreview = () => {
    const tab = window.open('', '_blank');
    const close = () => tab?.close();
    void submitWith(
      async (values) => {
        if (formState.isDirty) {
          const result = await saveDraft(values).unwrap();
          form.reset(toFormValues(result.data.draft));
        }
        if (tab) tab.location.href = PREVIEW_PATH;
        else window.location.assign(PREVIEW_PATH);
      },
      {
        failed: (failure) => {
          close();
          saveFailed(failure);
        },
        invalid: () => {
          close();
          invalid();
        },
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
          onSave={() => void submit()}
          onPreview={onPreview}
          onDashboard={() => navigate('/admin')}
        />
      </Box>
    </FormProvider>
  );
}
