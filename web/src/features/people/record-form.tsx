import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import type { DefaultValues, FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { RhfSelectField, RhfTextField, type SelectOption } from '../../kit/forms/form-fields';
import { FormAlert, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { PageLoader } from '../../layout/page-loader';
import { RecordLoadError } from './details-grid';

/**
 * The values a PATCH sends: only the fields the person changed (the server's `patchOf` schema
 * leaves the others as they are), taken from the schema's output so they are already clean.
 */
export function changedValues(
  values: Record<string, unknown>,
  dirty: Partial<Record<string, unknown>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => Boolean(dirty[key])));
}

type Saving<R> = { unwrap: () => Promise<R> };

/**
 * A people form that adds a record or changes one: the create schema checks a new record, the
 * PATCH schema (`patchOf`) a change, which sends only the fields the person changed. A failed save
 * puts the server's field errors under their fields; a saved record opens at `open(record)`.
 */
export function useRecordForm<T extends FieldValues, R extends { id: string }>({
  record,
  schemas,
  empty,
  valuesOf,
  add,
  update,
  open,
}: {
  record: R | undefined;
  schemas: { create: z.core.$ZodType; update: z.core.$ZodType };
  empty: T;
  valuesOf: (record: R) => T;
  add: (body: Record<string, unknown>) => Saving<R>;
  update: (change: { id: string; body: Record<string, unknown> }) => Saving<R>;
  open: (record: R) => string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { form, submit, alert } = useSchemaForm<T, z.core.$ZodType>({
    schema: record ? schemas.update : schemas.create,
    defaultValues: (record ? valuesOf(record) : empty) as DefaultValues<T>,
    fallback: t('lists.failed'),
    send: async (values) => {
      const body = values as Record<string, unknown>;
      const saved = record
        ? await update({ id: record.id, body: changedValues(body, form.formState.dirtyFields) }).unwrap()
        : await add(body).unwrap();
      navigate(open(saved));
    },
  });
  useEffect(() => {
    if (record) form.reset(valuesOf(record));
  }, [record, form, valuesOf]);
  return { form, error: alert, submit: () => void submit(), cancel: () => navigate(-1) };
}

/** An edit page's record: loading, then the form with it, or the error with a retry (no id: a new one). */
export function WithRecord<R>({
  id,
  query,
  children,
}: {
  id: string | undefined;
  query: { isLoading: boolean; isError: boolean; data?: R; refetch: () => unknown };
  children: (record: R | undefined) => ReactNode;
}) {
  if (!id) return children(undefined);
  if (query.isLoading) return <PageLoader />;
  if (query.isError || !query.data) return <RecordLoadError onRetry={() => void query.refetch()} />;
  return children(query.data);
}

/** One text field of a people form, in a responsive grid cell, labelled `people.fields.<name>`. */
export function FieldCell<T extends FieldValues>({
  name,
  options,
  emptyLabel,
  ...props
}: {
  name: FieldPath<T>;
  options?: readonly SelectOption[];
  emptyLabel?: string;
  required?: boolean;
  type?: string;
  inputMode?: 'numeric' | 'tel' | 'email' | 'text';
}) {
  const { t } = useTranslation();
  const { inputMode, type, ...rest } = props;
  const common = {
    name,
    label: t(`people.fields.${name}`),
    fullWidth: true,
    size: 'small' as const,
    ...rest,
  };
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      {options ? (
        <RhfSelectField<T> {...common} options={options} emptyLabel={emptyLabel} />
      ) : type === 'date' ? (
        <RhfDateField<T> {...common} />
      ) : (
        <RhfTextField<T>
          {...common}
          type={type}
          slotProps={{
            htmlInput: inputMode ? { inputMode } : undefined,
          }}
        />
      )}
    </Grid>
  );
}

/** A people form's page: its title, the fields in a panel, the form's error, Save and Cancel. */
export function RecordFormShell<T extends FieldValues>({
  form,
  title,
  error,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  title: string;
  error: string | null;
  saving: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Grid container spacing={2}>
            {children}
          </Grid>
        </Paper>
        <FormAlert text={error} />
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={saving}>
            {t('people.save')}
          </Button>
          <Button onClick={onCancel}>{t('people.cancel')}</Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
