import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { INDIAN_STATES } from '@schooliko/common/catalogue/states';
import { RELATIONS, type Relation } from '@schooliko/common/people/guardians';
import {
  createStudentSchema,
  SOCIAL_CATEGORIES,
  type StudentFields,
} from '@schooliko/common/people/students';
import { cleanPincodeInput, type PincodePlace } from '@schooliko/common/pincode';
import { useCallback, useEffect } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { RhfSelectField, RhfTextField, type SelectOption } from '../../kit/forms/form-fields';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { toast } from '../../kit/toast/toast.slice';
import { usePincodeLookup } from '../profile';
import { useAddStudentMutation, useNextAdmissionNoQuery, useSectionsQuery } from './people.api';

/** The first parent or guardian, as typed (issue 32): all empty, no one is added. */
type GuardianDraft = { relation: Relation | ''; name: string; phone: string; email: string };
type Values = StudentFields & { guardian: GuardianDraft };

const EMPTY: Values = {
  admission_no: '',
  first_name: '',
  middle_name: '',
  last_name: '',
  date_of_birth: '',
  gender: '' as StudentFields['gender'],
  section_id: '',
  social_category: '',
  apaar_id: '',
  pen: '',
  aadhaar_last4: '',
  rte: false,
  address: '',
  city: '',
  state: '',
  pincode: '',
  guardian: { relation: '', name: '', phone: '', email: '' },
} as Values;

/**
 * Add a student (admins and the front office), or, at /teacher/add-student, a teacher adds one
 * to a section they lead. The shared schema checks the form as the server will.
 */
export default function AddStudentPage({ ownSections = false }: { ownSections?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: sections = [] } = useSectionsQuery(ownSections ? { mine: true } : undefined);
  const [add] = useAddStudentMutation();
  const suggested = useNextAdmissionNoQuery();
  // The first guardian is asked of those who may add one (not a class teacher adding a pupil).
  const withGuardian = useAppSelector((st) => st.auth.user?.permissions ?? []).includes('guardians:write');
  const { form, submit, alert } = useSchemaForm<Values, typeof createStudentSchema>({
    schema: createStudentSchema,
    defaultValues: EMPTY,
    toInput: ({ guardian, ...student }) => ({
      ...student,
      // Left empty, the section adds no one; partly filled, the schema says what is missing.
      ...(Object.values(guardian).some((v) => v.trim() !== '')
        ? { guardian: guardian as { relation: Relation; name: string; phone: string; email: string } }
        : {}),
    }),
    fallback: t('lists.failed'),
    send: async (body) => {
      const student = await add(body as Record<string, unknown>).unwrap();
      // Every save says so (issue 32), over the new record it opens; a parent already on record
      // (a sibling's) is named as linked, not added again.
      const guardian = student.first_guardian;
      const said = !guardian
        ? 'people.studentAdded'
        : guardian.existing
          ? 'people.studentAddedWithKnownGuardian'
          : 'people.studentAddedWithGuardian';
      dispatch(
        toast.success(
          t(said, {
            name: `${body.first_name} ${body.last_name}`.trim(),
            number: body.admission_no,
            guardian: guardian?.name,
          }),
        ),
      );
      navigate(`/student/${student.id}`);
    },
  });

  // The next number of the series in use fills an empty box (issue 32); the office may change it.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (suggested.data && getValues('admission_no') === '') setValue('admission_no', suggested.data);
  }, [suggested.data, getValues, setValue]);
  // A 6-digit pincode fills the city and state, as on the institute's profile.
  const pincode = usePincodeLookup(
    useCallback(
      (place: PincodePlace) => {
        setValue('city', place.city);
        setValue('state', place.state);
      },
      [setValue],
    ),
    useCallback(() => {}, []),
  );

  const field = (
    name: keyof StudentFields | `guardian.${keyof GuardianDraft}`,
    { label = t(`people.fields.${name}`), ...props }: Record<string, unknown> = {},
  ) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <RhfTextField<Values> name={name} label={label as string} fullWidth size="small" {...props} />
    </Grid>
  );
  const choice = (
    name: keyof StudentFields | 'guardian.relation',
    options: readonly SelectOption[],
    props: { emptyLabel?: string; required?: boolean; label?: string } = {},
  ) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <RhfSelectField<Values>
        name={name}
        label={props.label ?? t(`people.fields.${name}`)}
        fullWidth
        size="small"
        options={options}
        emptyLabel={props.emptyLabel}
        required={props.required}
      />
    </Grid>
  );
  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('people.addStudent')}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Grid container spacing={2}>
            {field('admission_no', {
              required: true,
              helperText: suggested.data ? t('people.admissionNoSuggested') : undefined,
            })}
            {field('first_name', { required: true })}
            {field('middle_name')}
            {field('last_name')}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfDateField<StudentFields>
                name="date_of_birth"
                label={t('people.fields.date_of_birth')}
                required
              />
            </Grid>
            {choice(
              'gender',
              (['male', 'female', 'other'] as const).map((g) => ({
                value: g,
                label: t(`people.gender.${g}`),
              })),
              { required: true },
            )}
            {choice(
              'section_id',
              sections
                .filter((s) => !ownSections || s.class_teacher_id !== null)
                .map((s) => ({ value: s.id, label: `${s.label} (${s.students}/${s.capacity})` })),
              { emptyLabel: t('people.filters.any'), label: t('people.fields.section_name') },
            )}
            {choice(
              'social_category',
              SOCIAL_CATEGORIES.map((c) => ({ value: c, label: c.toUpperCase() })),
              { emptyLabel: '—' },
            )}
            {field('apaar_id', { inputMode: 'numeric' })}
            {field('pen', { inputMode: 'numeric' })}
            {field('aadhaar_last4', { inputMode: 'numeric' })}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <Controller
                name="rte"
                control={form.control}
                render={({ field: f }) => (
                  <FormControlLabel
                    control={
                      <Switch checked={Boolean(f.value)} onChange={(e) => f.onChange(e.target.checked)} />
                    }
                    label={t('people.fields.rte')}
                  />
                )}
              />
            </Grid>
            {field('address')}
            {field('pincode', {
              clean: cleanPincodeInput,
              onValueChange: (value: string) => void pincode.lookup(value),
              slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 6 } },
            })}
            {field('city')}
            {choice(
              'state',
              INDIAN_STATES.map((name) => ({ value: name, label: name })),
              { emptyLabel: '—' },
            )}
          </Grid>
        </Paper>
        {withGuardian && (
          <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="first-guardian">
            <Typography id="first-guardian" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t('people.firstGuardian.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('people.firstGuardian.hint')}
            </Typography>
            <Grid container spacing={2}>
              {choice(
                'guardian.relation',
                RELATIONS.map((r) => ({ value: r, label: t(`people.relation.${r}`) })),
                { emptyLabel: '—', label: t('people.firstGuardian.relation') },
              )}
              {field('guardian.name', { label: t('people.firstGuardian.name') })}
              {field('guardian.phone', {
                label: t('people.firstGuardian.phone'),
                type: 'tel',
                slotProps: { htmlInput: { inputMode: 'tel' } },
              })}
              {field('guardian.email', {
                label: t('people.fields.email'),
                type: 'email',
                slotProps: { htmlInput: { inputMode: 'email' } },
              })}
            </Grid>
          </Paper>
        )}
        <FormAlert text={alert} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('people.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('people.cancel')}</Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
