import {
  createGuardianSchema,
  EDUCATION_LEVELS,
  type Guardian,
  type GuardianFields,
  updateGuardianSchema,
} from '@schooliko/common/people/guardians';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddGuardianMutation, useGuardianQuery, useUpdateGuardianMutation } from './people.api';
import { FieldCell, RecordFormShell, useRecordForm, WithRecord } from './record-form';

const EMPTY: GuardianFields = {
  name: '',
  phone: '',
  email: '',
  occupation: '',
  annual_income: '',
  education: '',
  address: '',
};

/** A guardian's typed fields as the form holds them: the income in rupees, as it is typed. */
const valuesOf = (g: Guardian): GuardianFields => ({
  name: g.name,
  phone: g.phone,
  email: g.email,
  occupation: g.occupation,
  annual_income: g.annual_income === null ? '' : String(g.annual_income / 100),
  education: (g.education ?? '') as GuardianFields['education'],
  address: g.address,
});

/** Add a parent or guardian (/parent/new), or change one (/parent/:id/edit). */
export default function GuardianFormPage() {
  const { id } = useParams();
  const existing = useGuardianQuery(id ?? '', { skip: !id });
  return (
    <WithRecord id={id} query={existing}>
      {(guardian) => <GuardianForm guardian={guardian} />}
    </WithRecord>
  );
}

function GuardianForm({ guardian }: { guardian?: Guardian }) {
  const { t } = useTranslation();
  const [add, adding] = useAddGuardianMutation();
  const [update, updating] = useUpdateGuardianMutation();
  const { form, error, submit, cancel } = useRecordForm({
    record: guardian,
    schemas: { create: createGuardianSchema, update: updateGuardianSchema },
    empty: EMPTY,
    valuesOf,
    add,
    update,
    open: (saved) => `/parent/${saved.id}`,
  });

  return (
    <RecordFormShell
      form={form}
      title={guardian ? t('people.editGuardian', { name: guardian.name }) : t('people.addGuardian')}
      error={error}
      saving={adding.isLoading || updating.isLoading}
      onSubmit={submit}
      onCancel={cancel}
    >
      <FieldCell<GuardianFields> name="name" required />
      <FieldCell<GuardianFields> name="phone" required inputMode="tel" />
      <FieldCell<GuardianFields> name="email" inputMode="email" />
      <FieldCell<GuardianFields> name="occupation" />
      <FieldCell<GuardianFields> name="annual_income" inputMode="numeric" />
      <FieldCell<GuardianFields>
        name="education"
        emptyLabel="—"
        options={EDUCATION_LEVELS.map((e) => ({ value: e, label: t(`people.education.${e}`) }))}
      />
      <FieldCell<GuardianFields> name="address" />
    </RecordFormShell>
  );
}
