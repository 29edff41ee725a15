import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ConcessionRule } from '@schooliko/common/fees/concessions';
import { useTranslation } from 'react-i18next';
import { useReviewConcessionRuleMutation } from './concessions.api';
import { ReviewButtons } from './review-buttons';

/** Whether anything of a rule waits for approval: the rule itself, or students named on it. */
export const ruleWaits = (rule: ConcessionRule) =>
  rule.active && (rule.approval === 'pending' || rule.pending_students > 0);

/**
 * What of a rule waits for approval, beside its name: "Awaiting approval" (a new rule or a new
 * amount), or how many named students wait, and who proposed it; "Rejected" for a rule turned down.
 */
export function RuleApproval({ rule }: { rule: ConcessionRule }) {
  const { t } = useTranslation();
  if (rule.approval === 'rejected')
    return <Chip size="small" sx={{ ml: 1 }} label={t('fees.concessions.states.rejected')} />;
  if (!ruleWaits(rule)) return null;
  const label =
    rule.approval === 'pending'
      ? t('fees.concessions.awaiting')
      : t('fees.concessions.awaitingNames', { count: rule.pending_students });
  return (
    <>
      <Chip size="small" color="warning" sx={{ ml: 1 }} label={label} />
      {rule.proposed_by && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {t('fees.concessions.proposedBy', { name: rule.proposed_by })}
        </Typography>
      )}
    </>
  );
}

/** Approve / Reject of what of a rule waits (someone other than its proposer). */
export function RuleReview({ rule }: { rule: ConcessionRule }) {
  const { t } = useTranslation();
  const [review, { isLoading }] = useReviewConcessionRuleMutation();
  if (!ruleWaits(rule)) return null;
  return (
    <ReviewButtons
      mine={rule.proposed_by_me}
      busy={isLoading}
      review={(decision) => review({ id: rule.id, decision }).unwrap()}
      said={{ approved: t('fees.messages.ruleApproved'), rejected: t('fees.messages.ruleRejected') }}
    />
  );
}
