import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import {
  DEFAULT_COUNTRY,
  type Group,
  type GroupFormValues,
  groupCreateSchema,
} from '@schooliko/common/groups';
import { useEffect, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { AddressSection, BasicInformationSection, ContactSection } from './group-form-sections';
import { GroupLogoPanel } from './group-logo-panel';
import { DirectorRoleSection, GroupTagsSection } from './group-tags-section';
import { useLazyGroupPincodePlaceQuery } from './groups.api';
import { logoContextReady } from './upload-logo';
import { useGroupLogo } from './use-group-logo';
import { useGroupSubmit } from './use-group-submit';

function defaultsFor(group: Group | null): GroupFormValues {
  if (!group) {
    return {
      group_name: '',
      group_type: undefined as unknown as GroupFormValues['group_type'],
      group_establishment_year: '',
      group_description: '',
      group_address: { street: '', city: '', state: '', pincode: '', country: DEFAULT_COUNTRY },
      group_email: '',
      group_phone: '',
      group_website: '',
      group_tags: [],
      group_logo: null,
      isPrimaryDirector: true,
      isPrincipal: false,
    };
  }
  return {
    group_name: group.group_name,
    group_type: group.group_type,
    group_establishment_year: group.establishment_year ? String(group.establishment_year) : '',
    group_description: group.group_description,
    group_address: { ...group.main_office_address },
    group_email: group.group_email,
    group_phone: group.group_phone,
    group_website: group.group_website,
    group_tags: group.group_tags,
    group_logo: group.group_logo,
    isPrimaryDirector: group.my_role?.isPrimaryDirector ?? true,
    isPrincipal: group.my_role?.isPrincipal ?? false,
  };
}

/** Spec 2.14: the Create / Edit Group form; `group` null means create. */
export function GroupForm({ group }: { group: Group | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { form, submit: onSubmit } = useSchemaForm<GroupFormValues, typeof groupCreateSchema>({
    schema: groupCreateSchema,
    defaultValues: defaultsFor(group),
    fallback: group ? t('groups.messages.updateFailed') : t('groups.messages.createFailed'),
    invalid: () => dispatch(toast.error(t('groups.messages.fixErrors'))),
    send: async (values) => {
      let logoUrl: string | null = null;
      if (logo.state.phase === 'uploaded') logoUrl = logo.state.url;
      if (logo.state.phase === 'selected') {
        logoUrl = await logo.upload(context);
        if (!logoUrl) {
          dispatch(toast.error(t('groups.logo.uploadFailed')));
          return;
        }
      }
      await submit({ ...values, group_logo: logoUrl });
    },
  });
  const { control, clearErrors, setValue, getValues } = form;
  const logo = useGroupLogo(group?.group_logo ?? null);
  const { submit, busy } = useGroupSubmit(group);
  const [lookupPincode] = useLazyGroupPincodePlaceQuery();
  const [pincodeHint, setPincodeHint] = useState<string | undefined>();

  const [type, name, city, pincode] = useWatch({
    control,
    name: ['group_type', 'group_name', 'group_address.city', 'group_address.pincode'],
  });
  const context = { type: type ?? '', name: name ?? '', city: city ?? '', pincode: pincode ?? '' };
  const ready = logoContextReady(context);

  // A full pincode fills in the city and state when they are still empty.
  useEffect(() => {
    setPincodeHint(undefined);
    if (!/^\d{6}$/.test(pincode ?? '')) return;
    let live = true;
    void lookupPincode(pincode ?? '', true).then(({ data }) => {
      if (!live || !data) return;
      const address = getValues('group_address');
      if (!address?.city) setValue('group_address.city', data.city);
      if (!address?.state) setValue('group_address.state', data.state);
      clearErrors(['group_address.city', 'group_address.state']);
      setPincodeHint(t('groups.form.pincodeFound', { city: data.city, state: data.state }));
    });
    return () => {
      live = false;
    };
  }, [pincode, lookupPincode, getValues, setValue, clearErrors, t]);

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        <BasicInformationSection />
        <AddressSection pincodeHint={pincodeHint} />
        <ContactSection />
        <GroupLogoPanel
          state={logo.state}
          error={logo.error}
          ready={ready}
          onSelect={logo.select}
          onRemove={logo.remove}
          onUpload={() => void logo.upload(context)}
        />
        <GroupTagsSection control={control} />
        <DirectorRoleSection
          control={control}
          disabled={Boolean(group && !group.my_role?.isPrimaryDirector)}
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/director" variant="outlined" disabled={busy}>
            {t('groups.form.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || logo.state.phase === 'uploading'}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {group ? t('groups.form.update') : t('groups.form.create')}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
