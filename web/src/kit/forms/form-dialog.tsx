import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { Permission } from '@schooliko/common/permissions';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { type BaseProps, RhfSelectField } from './form-fields';
import { useMessageText } from './messages';
import { SchemaFormDialog } from './schema-dialog';
import type { SchemaForm } from './schema-form';

/** Whether the signed-in person holds any of `permissions`. */
export function useCan(...permissions: Permission[]): boolean {
  const held = useAppSelector((s) => s.auth.user?.permissions);
  return permissions.some((p) => held?.includes(p) ?? false);
}

/** What a failed mutation says, in the reader's language, with its field texts. */
export function useFailure() {
  const text = useMessageText();
  return (error: unknown) => {
    if (!error) return { message: '', fields: {} as Record<string, string> };
    const f = failureOf(error, 'error');
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(f.errors ?? {})) fields[k] = text(v, f.codes?.[k]);
    return { message: text(f.message, f.coded), fields };
  };
}

/** The desk's form dialog: a SchemaFormDialog with the form-level alert first and its Cancel. */
export function FormDialog<V extends FieldValues, S extends z.core.$ZodType>(props: {
  open: boolean;
  title: string;
  submit: string;
  form: SchemaForm<V, S>;
  /** The form cannot be sent yet (a required box is empty, nothing may be changed). */
  disabled?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <SchemaFormDialog
      open={props.open}
      schemaForm={props.form}
      title={props.title}
      cancel={t('desk.cancel')}
      action={props.submit}
      disabled={props.disabled}
      onClose={props.onClose}
      alertFirst
    >
      {props.children}
    </SchemaFormDialog>
  );
}

/** A select of fixed values whose labels live under `prefix` in desk.json. */
export function ChoiceField({
  values,
  prefix,
  ...props
}: TextFieldProps & { values: readonly string[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <TextField select fullWidth {...props}>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {v === '' ? t('desk.all') : t(`${prefix}.${v}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** ChoiceField's drop-down in a `useSchemaForm` form: its error beside it, cleared when chosen. */
export function RhfChoiceField<T extends FieldValues>({
  values,
  prefix,
  ...props
}: BaseProps<T> & { values: readonly string[]; prefix: string }) {
  const { t } = useTranslation();
  return (
    <RhfSelectField<T>
      size="medium"
      {...props}
      options={values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }))}
    />
  );
}
