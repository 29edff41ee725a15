import { toNestErrors } from '@hookform/resolvers';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button, { type ButtonProps } from '@mui/material/Button';
import { type Coded, issueCoded, type Message } from '@schooliko/common/messages';
import type { TFunction } from 'i18next';
import { useCallback, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  get,
  type Path,
  type Resolver,
  set,
  type UseFormReturn,
  useForm,
  useFormContext,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { safeParseAsync } from 'zod/v4/core';
import { type Failure, failureOf } from '../../app/api';
import { fieldErrorText, messageText } from './messages';

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

/** The errors of a resolver (nested by path), each moved to the field `fieldOf` names (the first stays). */
export function movedErrors(errors: FieldErrors, fieldOf: (path: string) => string): FieldErrors {
  const moved: FieldErrors = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    const error = node as Record<string, unknown>;
    if (typeof error.type === 'string' && path && get(moved, fieldOf(path)) === undefined)
      set(moved, fieldOf(path), {
        type: error.type,
        message: error.message,
        ref: error.ref,
        coded: error.coded,
      });
    for (const [key, child] of Object.entries(error))
      if (!['type', 'message', 'ref', 'types', 'coded'].includes(key))
        walk(child, path ? `${path}.${key}` : key);
  };
  walk(errors, '');
  return moved;
}

/** A field error with the code of its text, when the text is one of ours (fieldErrorText shows it). */
export type CodedFieldError = FieldError & { coded?: Coded };

/**
 * A field's first error of a zod check, by its path: the text zod gave and, for one of our texts,
 * the code its issue carries, by which the field shows it in the reader's language. Of a union
 * the closest branch's errors (as @hookform/resolvers' zodResolver).
 */
export function issueErrors(issues: readonly z.core.$ZodIssue[]): Record<string, CodedFieldError> {
  const errors: Record<string, CodedFieldError> = Object.create(null);
  const pending = [...issues];
  for (let issue = pending.shift(); issue; issue = pending.shift()) {
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = issue.errors.reduce((a, b) => (b.length < a.length ? b : a));
      const path = issue.path;
      pending.unshift(...closest.map((inner) => ({ ...inner, path: [...path, ...inner.path] })));
      continue;
    }
    errors[issue.path.join('.')] ??= { type: issue.code, message: issue.message, coded: issueCoded(issue) };
  }
  return errors;
}

/** react-hook-form's resolver of a schema: the checked body, or each field's error with its code. */
export function schemaResolver<V extends FieldValues, S extends z.core.$ZodType>(
  schema: S,
  toInput?: (values: V) => z.input<S>,
): Resolver<V, unknown, z.output<S>> {
  return async (values, _context, options) => {
    const result = await safeParseAsync(schema, toInput ? toInput(values) : values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {}, errors: toNestErrors<V>(issueErrors(result.error.issues), options) };
  };
}

type Options<V extends FieldValues, S extends z.core.$ZodType> = {
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
  fallback: Message | string;
  /** Told of each refusal after it is placed (a form that toasts it, or places it elsewhere). */
  failed?: (failure: Failure<string>) => void;
  /** Told when the form's own check stops a submit (a long form that says to fix it). */
  invalid?: () => void;
  /**
   * Paths the form shows errors at though they are not its values (`classes.2.amount_paise` of a
   * list `toInput` builds): the server's errors there are kept on the form, not in the alert.
   */
  shows?: (name: string) => boolean;
  /**
   * The field an error of the schema's path is shown beside, when `toInput` moves values
   * (`lines.2.amounts_paise.1` of a grid's cell `amounts.<head>.1`); the schema's and the server's
   * errors are both put there. Unchanged paths are returned as they are.
   */
  fieldOf?: (path: string, values: V) => string;
};

export type SchemaForm<V extends FieldValues, S extends z.core.$ZodType> = {
  form: UseFormReturn<V, unknown, z.output<S>>;
  /** Checks the values with the schema, then sends them (a click or a form's onSubmit). */
  submit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /**
   * A submit that sends elsewhere (a second button: publish beside save), its refusals placed
   * alike; `told` replaces the form's `failed` and `invalid` for it.
   */
  submitWith: (
    send: (body: z.output<S>) => Promise<unknown>,
    told?: Pick<Options<V, S>, 'failed' | 'invalid'>,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
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
export function useSchemaForm<V extends FieldValues, S extends z.core.$ZodType>({
  schema,
  defaultValues,
  toInput,
  send,
  fallback,
  failed,
  invalid,
  shows,
  fieldOf,
}: Options<V, S>): SchemaForm<V, S> {
  const { t } = useTranslation();
  const [alert, setAlert] = useState<string | null>(null);
  const check = schemaResolver(schema, toInput);
  const form = useForm<V, unknown, z.output<S>>({
    resolver: async (values, context, options) => {
      const result = await check(values, context, options);
      if (!fieldOf) return result;
      return {
        ...result,
        errors: movedErrors(result.errors, (path) => fieldOf(path, values)),
      } as typeof result;
    },
    defaultValues,
    reValidateMode: 'onSubmit',
  });

  const submitWith: SchemaForm<V, S>['submitWith'] = (sending, told = { failed, invalid }) =>
    form.handleSubmit(async (body) => {
      setAlert(null);
      try {
        await sending(body);
      } catch (error) {
        const values = form.getValues();
        const field = (name: string) => (fieldOf ? fieldOf(name, values) : name);
        const failure = failureOf(error, fallback);
        const placed = placeFailure(
          t,
          failure,
          (name) => get(values, field(name)) !== undefined || Boolean(shows?.(name)),
        );
        for (const name of Object.keys(placed.fields)) {
          const coded: CodedFieldError = {
            type: 'server',
            message: failure.errors[name],
            coded: failure.codes[name],
          };
          form.setError(field(name) as Path<V>, coded);
        }
        setAlert(placed.alert);
        told.failed?.(failure);
      }
    }, told.invalid);
  const submit = submitWith(send);

  const reset = useCallback(() => {
    setAlert(null);
    form.reset(defaultValues);
  }, [form, defaultValues]);

  return { form, submit, submitWith, alert, setAlert, reset };
}

/**
 * What was said (by the schema or the server) at paths that have no field of their own (a list's
 * `bands`, `bands.root`), in the reader's language, each once, joined; '' when nothing was.
 */
export function useErrorsAt(errors: FieldErrors) {
  const { t } = useTranslation();
  return (...paths: string[]) =>
    [
      ...new Set(
        paths
          .map((path) => fieldErrorText(t, get(errors, path) as CodedFieldError | undefined))
          .filter(Boolean),
      ),
    ].join(' ');
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
