import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { BaseProps } from '../../kit/forms/form-fields';
import { RhfSelectField } from '../../kit/forms/form-fields';
import { useStaffQuery } from '../people';

/** A staff member of the institute (the first 100 by name), but those in `exclude`, in a form. */
export function StaffSelect<T extends FieldValues>({
  exclude,
  ...props
}: BaseProps<T> & { exclude?: readonly string[] }) {
  const { t } = useTranslation();
  const staff = useStaffQuery({ limit: 100, status: 'active' });
  return (
    <RhfSelectField<T>
      size="medium"
      {...props}
      options={[
        { value: '', label: t('desk.none') },
        ...(staff.data?.items ?? [])
          .filter((s) => !exclude?.includes(s.id))
          .map((s) => ({ value: s.id, label: `${s.first_name} ${s.last_name}`.trim() })),
      ]}
    />
  );
}
