import { GENDERS } from '@schooliko/common/people/fields';
import {
  createStaffSchema,
  STAFF_KINDS,
  type Staff,
  type StaffFields,
  updateStaffSchema,
} from '@schooliko/common/people/staff';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAddStaffMutation, useStaffMemberQuery, useUpdateStaffMutation } from './people.api';
import { FieldCell, RecordFormShell, useRecordForm, WithRecord } from './record-form';

const EMPTY: StaffFields = {
  employee_code: '',
  kind: 'teaching',
  first_name: '',
  last_name: '',
  gender: '',
  date_of_birth: '',
  phone: '',
  email: '',
  designation: '',
  department: '',
  joining_date: '',
  qualification: '',
  experience_years: 0,
  subjects: '',
  police_verification_on: '',
  psychometric_evaluation_on: '',
  address: '',
};

/** A staff record's typed fields as the form holds them (null dates as empty text). */
function valuesOf(m: Staff): StaffFields {
  return Object.fromEntries(
    Object.keys(EMPTY).map((key) => [key, m[key as keyof Staff] ?? '']),
  ) as unknown as StaffFields;
}

/** Add a staff member (/staff/new), or change one (/staff/:id/edit): the shared schema checks both. */
export default function StaffFormPage() {
  const { id } = useParams();
  const existing = useStaffMemberQuery(id ?? '', { skip: !id });
  return (
    <WithRecord id={id} query={existing}>
      {(member) => <StaffForm member={member} />}
    </WithRecord>
  );
}

function StaffForm({ member }: { member?: Staff }) {
  const { t } = useTranslation();
  const [add, adding] = useAddStaffMutation();
  const [update, updating] = useUpdateStaffMutation();
  const { form, error, submit, cancel } = useRecordForm({
    record: member,
    schemas: { create: createStaffSchema, update: updateStaffSchema },
    empty: EMPTY,
    valuesOf,
    add,
    update,
    open: (saved) => `/staff/${saved.id}`,
  });

  const date = { type: 'date' } as const;
  return (
    <RecordFormShell
      form={form}
      title={member ? t('people.editStaff', { name: member.full_name }) : t('people.addStaff')}
      error={error}
      saving={adding.isLoading || updating.isLoading}
      onSubmit={submit}
      onCancel={cancel}
    >
      <FieldCell<StaffFields> name="employee_code" required />
      <FieldCell<StaffFields>
        name="kind"
        required
        options={STAFF_KINDS.map((k) => ({ value: k, label: t(`people.kind.${k}`) }))}
      />
      <FieldCell<StaffFields> name="first_name" required />
      <FieldCell<StaffFields> name="last_name" />
      <FieldCell<StaffFields>
        name="gender"
        emptyLabel="—"
        options={GENDERS.map((g) => ({ value: g, label: t(`people.gender.${g}`) }))}
      />
      <FieldCell<StaffFields> name="date_of_birth" {...date} />
      <FieldCell<StaffFields> name="phone" inputMode="tel" />
      <FieldCell<StaffFields> name="email" inputMode="email" />
      <FieldCell<StaffFields> name="designation" />
      <FieldCell<StaffFields> name="department" />
      <FieldCell<StaffFields> name="joining_date" required {...date} />
      <FieldCell<StaffFields> name="qualification" />
      <FieldCell<StaffFields> name="experience_years" inputMode="numeric" />
      <FieldCell<StaffFields> name="subjects" />
      <FieldCell<StaffFields> name="police_verification_on" {...date} />
      <FieldCell<StaffFields> name="psychometric_evaluation_on" {...date} />
      <FieldCell<StaffFields> name="address" />
    </RecordFormShell>
  );
}
