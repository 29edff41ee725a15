import { BasicSection } from './sections/basic-section';
import { ContactSection } from './sections/contact-section';
import { HighlightsSection, StatisticsSection, VisionSection } from './sections/content-section';
import { DesignSection } from './sections/design-section';
import { FeaturesSection } from './sections/features-section';
import { GroupSection } from './sections/group-section';
import { PrincipalSection } from './sections/principal-section';

type Props = { canManageGroup: boolean; currentGroupId: string | null; withGroup?: boolean };

/** Every block of spec 2.15, in the order a school fills them in. */
export function BuilderSections({ canManageGroup, currentGroupId, withGroup = true }: Props) {
  return (
    <>
      <BasicSection />
      <ContactSection />
      {withGroup && <GroupSection canManage={canManageGroup} currentGroupId={currentGroupId} />}
      <PrincipalSection />
      <StatisticsSection />
      <HighlightsSection />
      <VisionSection />
      <FeaturesSection />
      <DesignSection />
    </>
  );
}
