import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PromotionPlan } from '@schooliko/common/people/promotions';
import { useTranslation } from 'react-i18next';

/** The preview, one row per section of the year being promoted: counts and where they go. */
export function PromotionTable(props: {
  plan: PromotionPlan;
  disabled: boolean;
  onDetain: (sectionId: string, label: string) => void;
}) {
  const { t } = useTranslation();
  const num = { align: 'right' as const };
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('people.promote.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('people.promote.section')}</TableCell>
            <TableCell {...num}>{t('people.promote.students')}</TableCell>
            <TableCell {...num}>{t('people.promote.promoted')}</TableCell>
            <TableCell {...num}>{t('people.promote.detained')}</TableCell>
            <TableCell {...num}>{t('people.promote.passedOut')}</TableCell>
            <TableCell>{t('people.promote.goesTo')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {props.plan.sections.map((row) => (
            <TableRow key={row.section_id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {row.label}
              </TableCell>
              <TableCell {...num}>{row.students}</TableCell>
              <TableCell {...num}>{row.promoted}</TableCell>
              <TableCell {...num}>{row.detained}</TableCell>
              <TableCell {...num}>{row.passed_out}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.to_label ?? t('people.promote.passedOut')}
                {row.creates && (
                  <Chip
                    size="small"
                    label={t('people.promote.newSection')}
                    sx={{ ml: 1 }}
                    variant="outlined"
                  />
                )}
              </TableCell>
              <TableCell>
                {row.students > 0 && (
                  <Button
                    size="small"
                    disabled={props.disabled}
                    onClick={() => props.onDetain(row.section_id, row.label)}
                    aria-label={`${t('people.promote.markDetained')}: ${row.label}`}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('people.promote.markDetained')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
