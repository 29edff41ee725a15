import { zodResolver } from '@hookform/resolvers/zod';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import type { Coded } from '@schooliko/common/messages';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
  useFormContext,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { failureOf } from '../../app/api';
import { messageText } from './messages';

/** What the server said about a refused form: per field, and what belongs to no field. */
export type Placed = { fields: Record<string, string>; alert: string | null };

/**
 * Sorts a refusal (`failureOf`) in the reader's language: a field error whose name `isField`
 * knows goes beside that field; the message (unless it only repeats a field's error), and field
 * errors the form does not show, go to the form-level alert (joined, message first) so nothing the
 * server said is lost.
 */
export function placeFailure(
  t: TFunction,
  failure: {
    message: string | null;
    coded?: Coded;
    errors: Record<string, string>;
    codes: Record<string, Coded>;
  },
  isField: (name: string) => boolean,
): Placed {
  const fields: Record<string, string> = {};
  const loose: string[] = [];
  for (const [name, message] of Object.entries(failure.errors)) {
    const text = messageText(t, message, failure.codes[name]);
    if (isField(name)) fields[name] = text;
    else loose.push(text);
  }
  // The server often repeats a field's error as its message: said once, beside the field.
  const general = messageText(t, failure.message, failure.coded);
  const repeated = Object.values(fields).includes(general);
  const alert = [...new Set([repeated ? '' : general, ...loose])].filter(Boolean).join(' ');
  return { fields, alert: alert || null };
}

type Options<V extends FieldValues, S extends z.ZodType> = {
  /** The `@schooliko/common` schema the server checks the body with. */
  schema: S;
  defaultValues: DefaultValues<V>;
  /**
   * The schema's input from the form's values, when they differ (a switch that hides fields, a
   * choice the body leaves out); the schema's paths must then still be the form's field names.
   */
  toInput?: (values: V) => z.input<S>;
  /** Sends the checked body, usually `(body) => mutation(body).unwrap()`; a rejection is placed. */
  send: (body: z.output<S>) => Promise<unknown>;
  /** The alert's text when the server (or the network) says nothing. */
  fallback: string;
};

export type SchemaForm<V extends FieldValues, S extends z.ZodType> = {
  form: UseFormReturn<V, unknown, z.output<S>>;
  /** Checks the values with the schema, then sends them (a click or a form's onSubmit). */
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** The form-level alert: the server's message, or an error of a field the form does not show. */
  alert: string | null;
  /** Sets (or clears) the form-level alert, for a later step that failed (an upload). */
  setAlert: (text: string | null) => void;
  /** Clears the server's errors and the alert, back to the default values. */
  reset: () => void;
};

/**
 * One form over a common schema (issue 25): react-hook-form checks the values with the same zod
 * schema the server uses, sends them through the given mutation, and puts each error the server
 * answers with on its field in the reader's language (the rest in the form-level alert).
 * `form.formState.isSubmitting` stays true until `send` settles, so the submit button is busy.
 * Errors show only after a submit and each clears when its field is edited (spec 5.5).
 */
export function useSchemaForm<V extends FieldValues, S extends z.ZodType>({
  schema,
  defaultValues,
  toInput,
  send,
  fallback,
}: Options<V, S>): SchemaForm<V, S> {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const check = zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
  const form = useForm<V, unknown, z.output<S>>({
    resolver: toInput ? (values, context, options) => check(toInput(values) as V, context, options) : check,
    defaultValues,
    reValidateMode: 'onSubmit',
  });

  const submit = form.handleSubmit(async (body) => {
    setAlert(null);
    try {
      await send(body);
    } catch (error) {
      const values = form.getValues();
      const placed = placeFailure(t, failureOf(error, fallback), (name) => get(values, name) !== undefined);
      for (const [name, text] of Object.entries(placed.fields))
        form.setError(name as Path<V>, { type: 'server', message: text });
      setAlert(placed.alert);
    }
  });

  const reset = useCallback(() => {
    setAlert(null);
    form.reset(defaultValues);
  }, [form, defaultValues]);

  return { form, submit, alert, setAlert, reset };
}

/** The form-level alert of `useSchemaForm` (nothing while there is none). */
export function FormAlert({ text, ...rest }: { text: string | null } & AlertProps) {
  if (!text) return null;
  return (
    <Alert severity="error" {...rest}>
      {text}
    </Alert>
  );
}

/** A submit button that is disabled and busy while the form is being sent (inside FormProvider). */
export function SubmitButton({ disabled, ...rest }: ButtonProps) {
  const { formState } = useFormContext();
  const busy = formState.isSubmitting;
  return <Button variant="contained" {...rest} disabled={busy || disabled} aria-busy={busy} />;
}
