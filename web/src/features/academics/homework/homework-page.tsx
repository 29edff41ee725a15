import { useCan } from '../../../kit/forms/form-dialog';
import { PupilHomework } from './pupil-list';
import { StaffHomework } from './staff-list';

/** /homework: staff see the assignments they set (and everyone's); students and parents their own. */
export default function HomeworkPage() {
  const staff = useCan('homework:read');
  return staff ? <StaffHomework /> : <PupilHomework />;
}
