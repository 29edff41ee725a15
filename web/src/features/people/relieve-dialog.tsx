import { type Staff, updateStaffSchema } from '@schooliko/common/people/staff';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField } from '../../kit/forms/typed-fields';
import { useUpdateStaffMutation } from './people.api';

type Values = { relieved_on: string };

/**
 * Moving a staff member between the active staff and the relieved, asked for and confirmed:
 * relieving (active → relieved) takes the relieving date; rejoining (relieved → active) clears it.
 * Nothing is deleted; each move is in the record's history.
 */
export default function RelieveDialog({ member, onClose }: { member: Staff; onClose: () => void }) {
  const { t } = useTranslation();
  const rejoining = member.status === 'relieved';
  const action = rejoining ? 'rejoin' : 'relieve';
  const [update] = useUpdateStaffMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: updateStaffSchema,
    defaultValues: { relieved_on: new Date().toISOString().slice(0, 10) } satisfies Values,
    toInput: ({ relieved_on }: Values) =>
      rejoining ? { status: 'active' as const } : { status: 'relieved' as const, relieved_on },
    fallback: t('lists.failed'),
    send: async (body) => {
      await update({ id: member.id, body }).unwrap();
      onClose();
    },
  });
  const on = useWatch({ control: form.control, name: 'relieved_on' });
  return (
    <FormProvider {...form}>
      <ConfirmDialog
        title={t(`people.${action}Title`, { name: member.full_name })}
        text={t(`people.${action}Text`)}
        action={t(`people.${action}`)}
        color={rejoining ? 'primary' : 'warning'}
        busy={form.formState.isSubmitting}
        disabled={!rejoining && !on}
        error={alert}
        onConfirm={() => void submit()}
        onClose={onClose}
      >
        {!rejoining && (
          <RhfDateField<Values>
            name="relieved_on"
            size="medium"
            label={t('people.fields.relieved_on')}
            sx={{ mt: 1 }}
          />
        )}
      </ConfirmDialog>
    </FormProvider>
  );
}
