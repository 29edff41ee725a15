import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../app/format-when';

/**
 * The foot of a grid saved as a whole (marks, remarks): how far it has got, who saved it last and
 * when, and the Save button with the number of changed rows. `save` is absent where the caller
 * may only read the grid.
 */
export function SheetFooter({
  progress,
  lastSaved,
  save,
}: {
  /** "12 of 40 entered", already translated. */
  progress: string;
  lastSaved: { by: string; at: string } | null;
  save?: { label: string; disabled: boolean; onClick: () => void };
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography color="text.secondary" sx={{ mr: 'auto' }}>
        {progress}
        {lastSaved &&
          ` · ${t('academics.exams.grid.lastSaved', {
            by: lastSaved.by,
            at: formatWhen(lastSaved.at, i18n.language),
          })}`}
      </Typography>
      {save && (
        <Button variant="contained" onClick={save.onClick} disabled={save.disabled}>
          {save.label}
        </Button>
      )}
    </Stack>
  );
}
