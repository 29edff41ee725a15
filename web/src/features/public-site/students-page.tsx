import { PeoplePage } from './people-page';

/** /students. */
export default function SiteStudentsPage() {
  return <PeoplePage audience="students" />;
}
