import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { EXAM_MESSAGES, type GradingScale, gradingScaleInputSchema } from '@schooliko/common/academics/exams';
import { CBSE_SCALE } from '@schooliko/common/academics/grading';
import { FormProvider, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { FormDialogActions } from '../../kit/forms/schema-dialog';
import { FormAlert, useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { useAddScaleMutation, useChangeScaleMutation } from './exams.api';

type Band = { grade: string; min: string; max: string; point: string; remark: string };
/** The dialog's fields: the name and the bands as typed (the schema's paths: `bands.2.min`). */
type Values = { name: string; bands: Band[] };
const MAX_BANDS = 12;
const draftOf = (bands: readonly GradingScale['bands'][number][]): Band[] =>
  bands.map((b) => ({
    grade: b.grade,
    min: String(b.min),
    max: String(b.max),
    point: b.point === null ? '' : String(b.point),
    remark: b.remark,
  }));
/** A band's fields as typed: label (key under academics.exams.scales), keyboard, length, width. */
const COLUMNS: {
  key: keyof Band;
  label: string;
  mode: 'text' | 'numeric' | 'decimal';
  length: number;
  sx: object;
}[] = [
  { key: 'grade', label: 'grade', mode: 'text', length: 4, sx: { width: 84 } },
  { key: 'min', label: 'from', mode: 'numeric', length: 3, sx: { width: 84 } },
  { key: 'max', label: 'to', mode: 'numeric', length: 3, sx: { width: 84 } },
  { key: 'point', label: 'point', mode: 'decimal', length: 4, sx: { width: 96 } },
  { key: 'remark', label: 'remark', mode: 'text', length: 60, sx: { flex: '1 1 160px' } },
];
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * Adds a scholastic grading scale (starting from CBSE's bands) or changes one: its name and its
 * bands, highest first. A scale that grades published results keeps its bands (the server says
 * so too); only its name may change.
 */
export function ScaleDialog({ scale, onClose }: { scale: GradingScale | null; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const phone = useMediaQuery('(max-width:600px)');
  const [add] = useAddScaleMutation();
  const [change] = useChangeScaleMutation();
  const fixed = scale?.grades_published ?? false;
  const { form, submit, alert } = useSchemaForm({
    schema: gradingScaleInputSchema,
    defaultValues: { name: scale?.name ?? '', bands: draftOf(scale?.bands ?? CBSE_SCALE) } as Values,
    toInput: (v: Values) => ({
      name: v.name,
      kind: scale?.kind ?? 'scholastic',
      bands: v.bands.map((b) => ({
        grade: b.grade,
        min: numberOf(b.min),
        max: numberOf(b.max),
        point: b.point.trim() === '' ? null : numberOf(b.point),
        remark: b.remark,
      })),
    }),
    fallback: t('lists.failed'),
    send: async (input) => {
      await (scale ? change({ id: scale.id, ...input }) : add(input)).unwrap();
      dispatch(toast.success(t('academics.messages.exams.scaleSaved')));
      onClose();
    },
  });
  const busy = form.formState.isSubmitting;
  const bands = useFieldArray({ control: form.control, name: 'bands' });
  const bandsError = useErrorsAt(form.formState.errors)('bands', 'bands.root');
  const grades = form.watch('bands');

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md" fullScreen={phone}>
      <FormProvider {...form}>
        <form noValidate onSubmit={submit}>
          <DialogTitle>
            {scale
              ? t('academics.exams.scales.editTitle', { name: scale.name })
              : t('academics.exams.scales.newTitle')}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {fixed && <Alert severity="info">{messageText(t, EXAM_MESSAGES.scaleGradesPublished)}</Alert>}
              <RhfTextField<Values>
                name="name"
                size="medium"
                fullWidth={false}
                label={t('academics.exams.scales.name')}
                required
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
              <Typography variant="body2" color="text.secondary">
                {t('academics.exams.scales.bandsHint')}
              </Typography>
              <FormAlert text={bandsError} role="alert" />
              <Stack component="ol" spacing={1.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
                {bands.fields.map((b, n) => (
                  <Stack
                    component="li"
                    key={b.id}
                    direction="row"
                    aria-label={t('academics.exams.scales.band', { n: n + 1 })}
                    sx={(theme) => ({
                      gap: 1,
                      flexWrap: 'wrap',
                      alignItems: 'flex-start',
                      // On a phone a band takes two lines: a rule tells one band from the next.
                      pb: { xs: 1.5, md: 0 },
                      borderBottom: { xs: `1px solid ${theme.palette.divider}`, md: 'none' },
                    })}
                  >
                    {COLUMNS.map((c) => (
                      <RhfTextField<Values>
                        key={c.key}
                        name={`bands.${n}.${c.key}`}
                        fullWidth={false}
                        label={t(`academics.exams.scales.${c.label}`)}
                        disabled={fixed}
                        slotProps={{ htmlInput: { inputMode: c.mode, maxLength: c.length } }}
                        sx={c.sx}
                      />
                    ))}
                    {!fixed && (
                      <IconButton
                        aria-label={t('academics.exams.scales.remove', {
                          grade: grades[n]?.grade || n + 1,
                        })}
                        onClick={() => {
                          bands.remove(n);
                          form.clearErrors('bands');
                        }}
                        disabled={bands.fields.length <= 1}
                      >
                        <Delete />
                      </IconButton>
                    )}
                  </Stack>
                ))}
              </Stack>
              {!fixed && bands.fields.length < MAX_BANDS && (
                <Button
                  startIcon={<Add />}
                  onClick={() => bands.append({ grade: '', min: '', max: '', point: '', remark: '' })}
                  sx={{ alignSelf: 'flex-start' }}
                >
                  {t('academics.exams.scales.addBand')}
                </Button>
              )}
              <FormAlert text={alert} role="alert" />
            </Stack>
          </DialogContent>
          <FormDialogActions
            cancel={t('academics.exams.cancel')}
            onCancel={onClose}
            action={t('academics.exams.scales.save')}
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}
