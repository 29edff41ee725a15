import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Chip from '@mui/material/Chip';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCurrentYearQuery, useYearsQuery } from './people.api';
import { viewCurrentYear, viewYear } from './viewed-year.slice';

/**
 * The top bar's session: the institute's current academic year ("Session 2026-27"). For an admin
 * it is a menu: choosing another year shows that year's class lists, read-only, until they come
 * back to the current one.
 */
export function SessionChip() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data } = useCurrentYearQuery();
  const viewed = useAppSelector((s) => s.viewedYear);
  const mayView = useAppSelector((s) => s.auth.user?.permissions?.includes('academic-years:write') ?? false);
  const { data: years = [] } = useYearsQuery(undefined, { skip: !mayView });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!data) return null;
  const other = viewed.id !== null && viewed.id !== data.id;
  const label = other
    ? t('shell.viewingYear', { name: viewed.name })
    : t('shell.sessionOf', { name: data.name });
  const sx = { display: { xs: other ? 'inline-flex' : 'none', md: 'inline-flex' }, flexShrink: 0 };
  if (!mayView) return <Chip label={label} size="small" variant="outlined" color="primary" sx={sx} />;
  return (
    <>
      <Chip
        label={label}
        size="small"
        variant={other ? 'filled' : 'outlined'}
        color={other ? 'warning' : 'primary'}
        deleteIcon={<ArrowDropDown />}
        onDelete={(e) => setAnchor(e.currentTarget.parentElement)}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-label={`${label}. ${t('shell.switchYear')}`}
        sx={sx}
      />
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {years.map((y) => (
          <MenuItem
            key={y.id}
            selected={y.id === (other ? viewed.id : data.id)}
            onClick={() => {
              dispatch(y.is_current ? viewCurrentYear() : viewYear({ id: y.id, name: y.name }));
              setAnchor(null);
            }}
          >
            <ListItemText primary={y.name} secondary={y.is_current ? t('shell.current') : undefined} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
