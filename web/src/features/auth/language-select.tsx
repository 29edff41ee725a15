import Translate from '@mui/icons-material/Translate';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type LanguageCode, setLanguage } from '../../app/i18n';

/** Lets people read the auth pages in English, Hindi or Marathi before they sign in. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      size="small"
      value={i18n.language}
      onChange={(event) => void setLanguage(event.target.value as LanguageCode)}
      slotProps={{
        htmlInput: { 'aria-label': t('auth.language') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Translate fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 150, bgcolor: 'background.paper' }}
    >
      {LANGUAGES.map((language) => (
        <MenuItem key={language.code} value={language.code}>
          {language.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
