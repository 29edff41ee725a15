import Check from '@mui/icons-material/Check';
import Translate from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../app/hooks';
import { LANGUAGES, type LanguageCode, setLanguage } from '../app/i18n';
import { toast } from '../kit/toast/toast.slice';

/** Spec 2.5: English, हिन्दी, मराठी; the choice switches every string and is remembered. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = LANGUAGES.find((l) => l.code === i18n.language) ?? LANGUAGES[0];

  const choose = async (code: LanguageCode) => {
    setAnchor(null);
    try {
      await setLanguage(code);
    } catch {
      dispatch(toast.error(t('shell.languageFailed')));
    }
  };

  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={t('shell.language')}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        startIcon={<Translate />}
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { mr: { xs: 0, md: 1 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {current.label}
        </Box>
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((language) => {
          const selected = language.code === current.code;
          return (
            <MenuItem
              key={language.code}
              selected={selected}
              lang={language.code}
              onClick={() => choose(language.code)}
            >
              <ListItemIcon>{selected && <Check fontSize="small" />}</ListItemIcon>
              <ListItemText primary={language.label} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
