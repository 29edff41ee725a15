import { PeoplePage } from './people-page';

/** /faculty. */
export default function SiteFacultyPage() {
  return <PeoplePage audience="faculty" />;
}
