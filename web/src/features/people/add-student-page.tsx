import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  createStudentSchema,
  SOCIAL_CATEGORIES,
  type StudentFields,
} from '@schooliko/common/people/students';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { RhfSelectField, RhfTextField } from '../forms/form-fields';
import { messageText } from '../forms/messages';
import { toast } from '../toast/toast.slice';
import { useAddStudentMutation, useSectionsQuery } from './people.api';

const EMPTY: StudentFields = {
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
  pincode: '',
} as StudentFields;

/**
 * Add a student (admins and the front office), or, at /teacher/add-student, a teacher adds one
 * to a section they lead. The shared schema checks the form as the server will.
 */
export default function AddStudentPage({ ownSections = false }: { ownSections?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { data: sections = [] } = useSectionsQuery(ownSections ? { mine: true } : undefined);
  const [add, { isLoading }] = useAddStudentMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<StudentFields>({
    resolver: zodResolver(createStudentSchema) as never,
    defaultValues: EMPTY,
  });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const student = await add(values as Record<string, unknown>).unwrap();
      // Every save says so (issue 32), over the new record it opens.
      dispatch(
        toast.success(
          t('people.studentAdded', {
            name: `${values.first_name} ${values.last_name}`.trim(),
            number: values.admission_no,
          }),
        ),
      );
      navigate(`/student/${student.id}`);
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      for (const [field, message] of Object.entries(failure.errors))
        form.setError(field as keyof StudentFields, { message });
      setError(messageText(t, failure.message, failure.coded));
    }
  });

  const field = (name: keyof StudentFields, props: Record<string, unknown> = {}) => (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <RhfTextField<StudentFields>
        name={name}
        label={t(`people.fields.${name}`)}
        fullWidth
        size="small"
        {...props}
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
            {field('admission_no', { required: true })}
            {field('first_name', { required: true })}
            {field('middle_name')}
            {field('last_name')}
            {field('date_of_birth', {
              type: 'date',
              required: true,
              slotProps: { inputLabel: { shrink: true } },
            })}
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfSelectField<StudentFields>
                name="gender"
                label={t('people.fields.gender')}
                fullWidth
                size="small"
                required
                options={(['male', 'female', 'other'] as const).map((g) => ({
                  value: g,
                  label: t(`people.gender.${g}`),
                }))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfSelectField<StudentFields>
                name="section_id"
                label={t('people.fields.section_name')}
                fullWidth
                size="small"
                emptyLabel={t('people.filters.any')}
                options={sections
                  .filter((s) => !ownSections || s.class_teacher_id !== null)
                  .map((s) => ({ value: s.id, label: `${s.label} (${s.students}/${s.capacity})` }))}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 4 }}>
              <RhfSelectField<StudentFields>
                name="social_category"
                label={t('people.fields.social_category')}
                fullWidth
                size="small"
                emptyLabel="—"
                options={SOCIAL_CATEGORIES.map((c) => ({ value: c, label: c.toUpperCase() }))}
              />
            </Grid>
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
            {field('city')}
            {field('pincode', { inputMode: 'numeric' })}
          </Grid>
        </Paper>
        {error && <Alert severity="error">{error}</Alert>}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {t('people.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('people.cancel')}</Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
