import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions, { type DialogActionsProps } from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { type FieldValues, FormProvider, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { FormAlert, type SchemaForm, SubmitButton } from './schema-form';

/**
 * A form dialog's Cancel and submit buttons (inside FormProvider): both wait while the form is
 * sent (or while `busy`: another call of the dialog); `children` come first (Delete, Clear).
 * Without `onAction` the submit button submits the form element around it.
 */
export function FormDialogActions({
  cancel,
  onCancel,
  action,
  onAction,
  disabled,
  busy,
  children,
  sx,
}: {
  cancel: string;
  onCancel: () => void;
  action: string;
  onAction?: () => void;
  disabled?: boolean;
  busy?: boolean;
  children?: ReactNode;
  sx?: DialogActionsProps['sx'];
}) {
  const { formState } = useFormContext();
  return (
    <DialogActions sx={sx}>
      {children}
      <Button onClick={onCancel} disabled={busy || formState.isSubmitting}>
        {cancel}
      </Button>
      <SubmitButton type={onAction ? 'button' : 'submit'} onClick={onAction} disabled={busy || disabled}>
        {action}
      </SubmitButton>
    </DialogActions>
  );
}

/**
 * A dialog holding a `useSchemaForm` form: its title, its fields, the form-level alert (below the
 * fields, or above them with `alertFirst`), Cancel and the submit button, in a form element (Enter
 * in a box sends it). Nothing closes it while the form is being sent (or while `busy`).
 */
export function SchemaFormDialog<V extends FieldValues, S extends z.core.$ZodType>({
  open = true,
  schemaForm,
  title,
  cancel,
  action,
  onClose,
  disabled,
  busy,
  maxWidth = 'sm',
  fullScreen,
  alertFirst,
  actions,
  actionsSx,
  children,
}: {
  open?: boolean;
  schemaForm: Pick<SchemaForm<V, S>, 'form' | 'submit' | 'alert'>;
  title: ReactNode;
  cancel: string;
  action: string;
  onClose: () => void;
  disabled?: boolean;
  busy?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  fullScreen?: boolean;
  alertFirst?: boolean;
  /** Buttons before Cancel (Delete, Clear). */
  actions?: ReactNode;
  actionsSx?: DialogActionsProps['sx'];
  children: ReactNode;
}) {
  const { form, submit, alert } = schemaForm;
  const waiting = busy || form.formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={waiting ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={fullScreen}
    >
      <DialogTitle>{title}</DialogTitle>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {alertFirst && <FormAlert text={alert} role="alert" />}
              {children}
              {!alertFirst && <FormAlert text={alert} role="alert" />}
            </Stack>
          </DialogContent>
          <FormDialogActions
            cancel={cancel}
            onCancel={onClose}
            action={action}
            disabled={disabled}
            busy={busy}
            sx={actionsSx}
          >
            {actions}
          </FormDialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
}
