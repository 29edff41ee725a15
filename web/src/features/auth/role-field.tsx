import { ROLES } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';
import { RhfSelectField } from '../../kit/forms/form-fields';

/** The role picker of the sign-in and sign-up forms (inside their FormProvider): the five roles, none chosen at first. */
export function RoleField() {
  const { t } = useTranslation();
  return (
    <RhfSelectField
      name="role"
      id="role"
      size="medium"
      label={t('auth.fields.role')}
      options={ROLES.map((role) => ({ value: role, label: t(`auth.roles.${role}`) }))}
    />
  );
}
